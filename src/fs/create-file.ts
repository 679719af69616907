// Creating a file that does not exist: a no-replace publish under the path lock, so a create
// never overwrites anything, not even a concurrent creator's file.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ToolContext } from './context.js';
import { FsError, errnoOf } from './errors.js';
import { pathKey } from './locks.js';
import { statQuiet, type ToolSuccess } from './mutate.js';
import { publish, syncCreatedDirs } from './publish.js';
import { refuseStatePath } from './state-paths.js';
import { refuseReservedName } from './stage-names.js';
import type { ResolvedPath } from './workspace-paths.js';

/**
 * Creates a file that must not exist yet (no-replace publish); parents are created as needed.
 * Returns 'observed-meanwhile' when the session observed the file while this call waited.
 */
export async function createNew(
  ctx: ToolContext,
  target: ResolvedPath,
  bytes: Uint8Array,
  extra: Record<string, unknown>,
): Promise<ToolSuccess | 'observed-meanwhile'> {
  refuseStatePath(target);
  refuseReservedName(target.abs, target.shown);
  const dir = path.dirname(target.abs);
  let firstMade: string | undefined;
  try {
    firstMade = await mkdir(dir, { recursive: true });
  } catch (error) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${target.shown}: cannot create its directory (${errnoOf(error) ?? String(error)})`,
      { cause: error },
    );
  }
  await ctx.sweep(dir);
  const release = await ctx.locks.acquire([pathKey(target.abs)]);
  try {
    const seen = ctx.store.get(target.abs);
    // An earlier call of this session created or read it while this one queued for the lock.
    if (seen?.kind === 'present') return 'observed-meanwhile';
    const current = await statQuiet(target.abs);
    if (current?.kind === 'directory') throw new FsError('FS_IS_DIRECTORY', `${target.shown}: is a directory`);
    // Final symlinks that lead somewhere were resolved already; this one leads nowhere.
    if (current?.kind === 'other') throw new FsError('FS_INVALID_ARGUMENT', `${target.shown}: not a regular file`);
    if (current?.kind === 'symlink')
      throw new FsError(
        'FS_EXISTS',
        `${target.shown}: is a symlink that leads nowhere; a create neither follows nor replaces it`,
      );
    if (current) {
      if (seen === undefined)
        throw new FsError(
          'FS_NOT_OBSERVED',
          `${target.shown}: exists and was not read in this session; read_file it first`,
        );
      throw new FsError(
        'FS_EXISTS',
        `${target.shown}: was created by someone else since it was observed absent; not overwritten`,
      );
    }
    const version = await publish(bytes, {
      kind: 'create',
      target: target.abs,
      shown: target.shown,
      ops: ctx.ops,
      hooks: ctx.hooks,
    });
    await syncCreatedDirs(ctx.ops, firstMade, dir);
    ctx.store.present(target.abs, version);
    return { ok: true, path: target.shown, ...extra, version: ctx.tokens.issue(target, version) };
  } finally {
    release();
  }
}
