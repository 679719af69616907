// Changing an observed file: lock it, check it is still the observed version, transform, publish,
// and record the new observation from the staged handle.
import { constants } from 'node:buffer';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { promises as native, readUnchanged, statPath, type NativeStat } from '../native/index.js';
import type { ToolContext } from './context.js';
import { FsError, errnoOf } from './errors.js';
import { readWhole, versionWhole, type KnownBytes } from './file-handle.js';
import { identityKey, pathKey, type LockKey } from './locks.js';
import { publish, publishSmall } from './publish.js';
import { SYNC_MAX_BYTES, readWholeSync, smallReadOf, type SmallRead } from './small-file.js';
import { compareVersions, type Version } from './version.js';
import { refuseStatePath } from './state-paths.js';
import type { ResolvedPath } from './workspace-paths.js';

/** The largest file a rewrite accepts: its text must fit in one JavaScript string. */
export const MAX_TEXT_BYTES = constants.MAX_STRING_LENGTH;

export interface Change {
  bytes: Uint8Array;
  /** Fields added to the tool's result. */
  extra: Record<string, unknown>;
}

export type ToolSuccess = { ok: true; path: string } & Record<string, unknown>;

async function exists(abs: string): Promise<boolean> {
  try {
    await lstat(abs);
    return true;
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return false;
    throw error;
  }
}

/**
 * The version this session observed for an existing file (or the one its `expected_version` token
 * pins, which takes precedence: it is the caller's explicit precondition), or the error that
 * forbids changing it.
 */
export async function requireObserved(ctx: ToolContext, target: ResolvedPath): Promise<Version> {
  if (ctx.expectedVersion !== undefined) return ctx.tokens.verify(target, ctx.expectedVersion);
  const seen = ctx.store.get(target.abs);
  if (seen?.kind === 'present') return seen.version;
  const there = await exists(target.abs);
  if (seen === undefined) {
    if (there)
      throw new FsError(
        'FS_NOT_OBSERVED',
        `${target.shown}: not read in this session; read_file it before changing it`,
      );
    throw new FsError('FS_NOT_FOUND', `${target.shown}: does not exist`);
  }
  if (there)
    throw new FsError('FS_STALE_VERSION', `${target.shown}: was absent when observed and exists now; read it first`);
  throw new FsError('FS_NOT_FOUND', `${target.shown}: does not exist`);
}

/** Stats a path without following a final symlink; undefined when absent. */
export async function statQuiet(abs: string): Promise<NativeStat | undefined> {
  try {
    return await native.statPath(abs, { follow: false });
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return undefined;
    throw error;
  }
}

// One statx is a few microseconds; a thread-pool round trip for it costs more than that.
function statQuietSync(abs: string): NativeStat | undefined {
  try {
    return statPath(abs, { follow: false });
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return undefined;
    throw error;
  }
}

export function staleError(shown: string, reason: string): FsError {
  return new FsError('FS_STALE_VERSION', `${shown}: ${reason}; read it again before changing it`);
}

/** Reads the target under the caller's locks and checks it still is the observed version. */
export async function readCurrent(
  target: ResolvedPath,
  observed: Version,
): Promise<{ bytes: Buffer; version: Version }> {
  return currentOf(target, observed, await readWhole(target.abs, target.shown));
}

function currentOf<Read extends { bytes: Buffer; version: Version }>(
  target: ResolvedPath,
  observed: Version,
  current: Read | undefined,
): Read {
  if (!current) throw staleError(target.shown, 'was deleted since it was read');
  const match = compareVersions(observed, current.version);
  if (!match.same) throw staleError(target.shown, match.reason);
  return current;
}

/**
 * Like readCurrent, without holding the bytes: the version is hashed as a stream (or, with `known`,
 * compared with bytes read earlier; see versionWhole).
 */
export async function checkCurrent(target: ResolvedPath, observed: Version, known?: KnownBytes): Promise<Version> {
  const current = await versionWhole(target.abs, target.shown, known);
  if (!current) throw staleError(target.shown, 'was deleted since it was read');
  const match = compareVersions(observed, current);
  if (!match.same) throw staleError(target.shown, match.reason);
  return current;
}

// Only root can give a file to its owner again. Asked once: getuid is a system call, and a process
// that gives up root later only makes the best-effort chown fail quietly.
const RUNS_AS_ROOT = typeof process.getuid === 'function' && process.getuid() === 0;

async function ownerToKeep(abs: string): Promise<{ uid: number; gid: number } | undefined> {
  if (!RUNS_AS_ROOT) return undefined;
  const stat = await lstat(abs).catch(() => undefined);
  return stat ? { uid: stat.uid, gid: stat.gid } : undefined;
}

/**
 * Locks a file by path and by its current identity (plus `extraKeys`). If the file is replaced
 * while we wait, the identity we locked is stale: release and lock the new one.
 */
export async function lockFile(
  ctx: ToolContext,
  target: ResolvedPath,
  extraKeys: LockKey[] = [],
): Promise<{ release: () => void; stat: NativeStat | undefined }> {
  refuseStatePath(target);
  if (ctx.ops.sync) {
    const now = lockFileNow(ctx, target, extraKeys);
    if (now) return now;
  }
  const stat = ctx.ops.sync ? async (abs: string) => statQuietSync(abs) : statQuiet;
  for (let attempt = 1; ; attempt++) {
    const before = await stat(target.abs);
    const release = await ctx.locks.acquire(lockKeys(target, extraKeys, before));
    const after = await stat(target.abs);
    if (sameIdentity(before, after) || attempt >= 5) return { release, stat: after };
    release();
  }
}

function lockKeys(target: ResolvedPath, extraKeys: LockKey[], stat: NativeStat | undefined): LockKey[] {
  return [pathKey(target.abs), ...extraKeys, ...(stat ? [identityKey(stat.identity)] : [])];
}

function sameIdentity(a: NativeStat | undefined, b: NativeStat | undefined): boolean {
  return a?.identity.fileId === b?.identity.fileId && a?.identity.volume === b?.identity.volume;
}

// lockFile's first attempt when nothing is contended: every lock taken at once, with no promise
// between the stat and the locks. Undefined (nothing held) sends the caller to the waiting path.
function lockFileNow(
  ctx: ToolContext,
  target: ResolvedPath,
  extraKeys: LockKey[],
): { release: () => void; stat: NativeStat | undefined } | undefined {
  const before = statQuietSync(target.abs);
  const release = ctx.locks.tryAcquire(lockKeys(target, extraKeys, before));
  if (!release) return undefined;
  const after = statQuietSync(target.abs);
  if (sameIdentity(before, after)) return { release, stat: after };
  release();
  return undefined;
}

/**
 * rewriteObserved's first attempt when nothing is contended and the file is small: stat, every lock
 * at once, and the read under them, with no stat between the locks and the read. The read itself
 * is the check lockFile's second stat makes: readUnchanged returns bytes only when the handle it
 * read is still the file of the first stat (identity, size, times, mode), so the identity locked is
 * the identity read. Anything else (a replacement, a change, a contended lock, not a small regular
 * file) gives everything back and returns undefined: the caller takes the full path.
 */
function lockAndReadNow(
  ctx: ToolContext,
  target: ResolvedPath,
): { release: () => void; stat: NativeStat; read: SmallRead } | undefined {
  const before = statQuietSync(target.abs);
  if (before?.kind !== 'file' || before.size > SYNC_MAX_BYTES) return undefined;
  const release = ctx.locks.tryAcquire(lockKeys(target, [], before));
  if (!release) return undefined;
  let quick;
  try {
    quick = readUnchanged(target.abs, before);
  } catch (error) {
    release();
    throw error;
  }
  if (quick) return { release, stat: quick.stat, read: smallReadOf(quick.stat, quick.bytes) };
  release();
  return undefined;
}

/** Rewrites an observed file: version check under locks, transform, publish, new observation. */
export async function rewriteObserved(
  ctx: ToolContext,
  target: ResolvedPath,
  transform: (bytes: Buffer, version: Version) => Change | Promise<Change>,
): Promise<ToolSuccess> {
  await ctx.sweep(path.dirname(target.abs));
  refuseStatePath(target);
  const now = ctx.ops.sync ? lockAndReadNow(ctx, target) : undefined;
  const { release, stat } = now ?? (await lockFile(ctx, target));
  try {
    // Every rewrite decodes the whole file into one string; past this size that cannot work, so
    // say so before reading gigabytes into memory for a RangeError.
    if (stat?.kind === 'file' && stat.size > MAX_TEXT_BYTES) {
      throw new FsError(
        'FS_FILE_TOO_LARGE',
        `${target.shown}: is ${stat.size} bytes, more than a text edit can hold (${MAX_TEXT_BYTES}); ` +
          'change it with a command',
      );
    }
    // Under the lock, so calls of one session queue behind each other and see each other's writes.
    const observed = await requireObserved(ctx, target);
    if (!stat) throw staleError(target.shown, 'was deleted since it was read');
    if (stat.kind === 'directory') throw new FsError('FS_IS_DIRECTORY', `${target.shown}: is a directory`);
    const sync = ctx.ops.sync && stat.size <= SYNC_MAX_BYTES ? ctx.ops.sync : undefined;
    const current: SmallRead = now
      ? currentOf(target, observed, now.read)
      : sync
        ? currentOf(target, observed, readWholeSync(target.abs, target.shown, undefined, stat))
        : await readCurrent(target, observed);
    const change = await transform(current.bytes, current.version);
    // The re-check before the rename compares the file with these bytes instead of hashing it again.
    const known = { bytes: current.bytes, digest: current.version.digest };
    const options = {
      kind: 'replace',
      target: target.abs,
      shown: target.shown,
      mode: current.version.mode,
      // The synchronous read has it already, from the stat of the file it read.
      owner: sync ? (RUNS_AS_ROOT ? current.owner : undefined) : await ownerToKeep(target.abs),
      ops: ctx.ops,
      hooks: ctx.hooks,
    } as const;
    const version = sync
      ? await publishSmall(
          change.bytes,
          {
            ...options,
            verifySync: () =>
              void currentOf(target, observed, readWholeSync(target.abs, target.shown, known, current.version)),
            expected: { stat: current.version, bytes: current.bytes },
          },
          sync,
        )
      : await publish(change.bytes, {
          ...options,
          verify: async () => void (await checkCurrent(target, observed, known)),
        });
    ctx.store.present(target.abs, version);
    const split = hardLinkReport(target.shown, current.version.nlink);
    // Both may carry warnings (delete_symbol's syntax errors, the split): keep all of them.
    const warnings = [
      ...((change.extra.warnings as string[] | undefined) ?? []),
      ...((split.warnings as string[] | undefined) ?? []),
    ];
    return {
      ok: true,
      path: target.shown,
      ...change.extra,
      ...split,
      ...(warnings.length > 0 ? { warnings } : {}),
      version: ctx.tokens.issue(target, version),
    };
  } finally {
    release();
  }
}

// Replacing a file gives its path a new inode; other hard links keep the old bytes. That split is
// the safe outcome (an in-place write could be torn by a crash), so it happens, and is reported.
export function hardLinkReport(shown: string, nlink: number): Record<string, unknown> {
  if (nlink <= 1) return {};
  const others = nlink - 1;
  return {
    hard_links_split: others,
    warnings: [`${shown} had ${others} other hard link(s); they keep the previous content`],
  };
}
