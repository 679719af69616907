// move_file: moves an observed file to a path that must not exist. Same filesystem: one no-replace
// rename. Across filesystems (EXDEV): stage a copy in the destination directory, verify the source
// is still the observed version, publish the copy with a no-overwrite link, then remove the source.
import { lstat, mkdir, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { promises as native } from '../../native/index.js';
import type { MoveFileArgs } from '../../generated/fs-tools.js';
import { resolveTarget, type ToolContext } from '../context.js';
import { FsError, errnoOf } from '../errors.js';
import { pathKey } from '../locks.js';
import { streamWhole } from '../file-handle.js';
import { checkCurrent, lockFile, requireObserved, staleError, statQuiet, type ToolSuccess } from '../mutate.js';
import { writeAll } from '../file-io.js';
import { placeSteps } from '../publication.js';
import { discard, stageWith, syncCreatedDirs, syncDirectory } from '../publish.js';
import { runAsync } from '../steps.js';
import { versionOf, type Version } from '../version.js';
import { refuseStatePath } from '../state-paths.js';
import { refuseReservedName } from '../stage-names.js';
import type { ResolvedPath } from '../workspace-paths.js';

export async function moveFileTool(ctx: ToolContext, args: MoveFileArgs): Promise<ToolSuccess> {
  const source = resolveTarget(ctx, args.path);
  const destination = resolveTarget(ctx, args.new_path);
  refuseStatePath(destination);
  refuseReservedName(destination.abs, destination.shown);
  if (source.abs === destination.abs)
    throw new FsError('FS_INVALID_ARGUMENT', `${source.shown}: path and new_path are the same file`);
  // The path resolves through a final symlink to its target: renaming that would move the target
  // and leave the link dangling, which is not what moving `path` means.
  if ((await lstat(path.resolve(ctx.ws.root, args.path)).catch(() => undefined))?.isSymbolicLink()) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${args.path}: is a symlink (to ${source.shown}); move_file moves files, not links`,
    );
  }
  await ctx.sweep(path.dirname(source.abs));
  const destinationDir = path.dirname(destination.abs);
  const { release, stat } = await lockFile(ctx, source, [pathKey(destination.abs)]);
  try {
    const observed = await requireObserved(ctx, source);
    if (!stat) throw staleError(source.shown, 'was deleted since it was read');
    if (stat.kind === 'directory')
      throw new FsError('FS_IS_DIRECTORY', `${source.shown}: is a directory; move_file moves files`);
    if (await statQuiet(destination.abs)) throw existsError(destination);
    const firstMade = await mkdir(destinationDir, { recursive: true }).catch((error: unknown) => {
      throw new FsError(
        'FS_INVALID_ARGUMENT',
        `${destination.shown}: cannot create its directory (${errnoOf(error) ?? String(error)})`,
        { cause: error },
      );
    });
    await ctx.sweep(destinationDir);
    // Hashed as a stream: a rename needs no copy of the bytes in memory, however large the file.
    const current = await checkCurrent(source, observed);
    let version: Version;
    try {
      await ctx.ops.renameNoReplace(source.abs, destination.abs);
      version = await observeMoved(destination, current.digest);
    } catch (error) {
      if (errnoOf(error) === 'EEXIST') throw existsError(destination, error);
      if (errnoOf(error) !== 'EXDEV') throw error;
      version = await moveAcrossDevices(ctx, source, destination, observed, current);
    }
    await syncDirectory(ctx.ops, destinationDir);
    await syncCreatedDirs(ctx.ops, firstMade, destinationDir);
    if (path.dirname(source.abs) !== destinationDir) await syncDirectory(ctx.ops, path.dirname(source.abs));
    ctx.store.absent(source.abs);
    ctx.store.present(destination.abs, version);
    return { ok: true, path: destination.shown, from: source.shown, version: ctx.tokens.issue(destination, version) };
  } finally {
    release();
  }
}

function existsError(destination: ResolvedPath, cause?: unknown): FsError {
  return new FsError('FS_EXISTS', `${destination.shown}: already exists; move_file never replaces`, { cause });
}

// The bytes were verified before the rename; the moved handle's metadata joins that digest, so any
// change slipped in by a lock-ignoring writer shows up as stale later instead of being laundered.
async function observeMoved(destination: ResolvedPath, digest: string): Promise<Version> {
  const stat = await native.statPath(destination.abs, { follow: false });
  return versionOf(stat, digest);
}

async function moveAcrossDevices(
  ctx: ToolContext,
  source: ResolvedPath,
  destination: ResolvedPath,
  observed: Version,
  current: Version,
): Promise<Version> {
  // The copy streams from the source; its digest proves the staged bytes are the observed ones.
  const copy = async (handle: FileHandle): Promise<void> => {
    let position = 0;
    const digest = await streamWhole(source.abs, source.shown, async (chunk) => {
      await writeAll(handle, chunk, position);
      position += chunk.length;
    });
    if (digest === undefined) throw staleError(source.shown, 'was deleted since it was read');
    if (digest !== observed.digest) throw staleError(source.shown, 'its content changed since it was read');
  };
  const staged = await stageWith(copy, {
    target: destination.abs,
    shown: destination.shown,
    mode: current.mode,
    hooks: ctx.hooks,
  });
  try {
    await checkCurrent(source, observed);
    // A no-overwrite link (or, without hard links there, a no-replace rename).
    await runAsync(placeSteps(ctx.ops, 'link', staged.stage, destination.abs)).catch((error: unknown) => {
      throw errnoOf(error) === 'EEXIST' ? existsError(destination, error) : error;
    });
  } catch (error) {
    await discard(staged);
    if (errnoOf(error) === 'EXDEV') {
      throw new FsError(
        'FS_CROSS_DEVICE',
        `${destination.shown}: cannot publish the staged copy (EXDEV); nothing was moved`,
        { cause: error },
      );
    }
    throw error;
  }
  await unlink(staged.stage).catch(() => undefined);
  const version = versionOf(await native.statFd(staged.handle.fd), current.digest);
  await staged.handle.close();
  await ctx.hooks?.onStep?.('published', { target: destination.abs, stage: staged.stage });
  await unlink(source.abs);
  return version;
}
