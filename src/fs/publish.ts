// Publication: stage the new bytes in the target's directory, fsync, re-check the target, then
// rename into place (replace) or no-replace rename (create), and fsync the directory. A crash at
// any step leaves the old bytes or the new ones under the target's name, never a mix.
import { closeSync, fchmodSync, fchownSync, fsync, openSync, unlinkSync, writeSync } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { promises as native, statFd, type ReplaceCheckedOptions } from '../native/index.js';
import { FsError, errnoOf } from './errors.js';
import type { FsOps, PublishHooks, PublishStep, SyncOps } from './fs-ops.js';
import { stagePath } from './stage-names.js';
import { digestOf, versionOf, type Version } from './version.js';

export interface Staged {
  stage: string;
  handle: FileHandle;
}

export interface StageOptions {
  /** Mode for the new file (kept from the file it replaces); creation uses 0666 minus umask. */
  mode?: number;
  /** Owner to keep when replacing (best effort: only a privileged process can give files away). */
  owner?: { uid: number; gid: number };
  hooks?: PublishHooks;
  target: string;
  /** The target as messages show it (workspace-relative). */
  shown?: string;
}

/** Writes bytes to a new staged file next to the target and makes them durable. */
export async function stage(bytes: Uint8Array, options: StageOptions): Promise<Staged> {
  return stageWith(async (handle, stagePathName) => {
    const hooks = options.hooks;
    if (!hooks?.onStep) return writeAll(handle, bytes, 0);
    const onStep = (step: PublishStep, info: { target: string; stage: string }) => hooks.onStep?.(step, info);
    const half = splitPoint(bytes);
    await writeAll(handle, bytes.subarray(0, half), 0);
    await onStep('staged-partial', { target: options.target, stage: stagePathName });
    await writeAll(handle, bytes.subarray(half), half);
  }, options);
}

// The `staged-partial` seam: only a publication with hooks (the crash and lock tests) writes its
// stage in two halves, so a hook can look at, or stop the process at, a half-written stage.
function splitPoint(bytes: Uint8Array): number {
  return Math.floor(bytes.length / 2);
}

/** Like `stage`, with the content written by `write` (e.g. streamed from another file). */
export async function stageWith(
  write: (handle: FileHandle, stagePathName: string) => Promise<void>,
  options: StageOptions,
): Promise<Staged> {
  const stagePathName = stagePath(path.dirname(options.target));
  const handle = await open(stagePathName, 'wx', options.mode === undefined ? 0o666 : 0o600).catch((error: unknown) => {
    throw stageError(error, options);
  });
  const staged = { stage: stagePathName, handle };
  try {
    if (options.owner) await handle.chown(options.owner.uid, options.owner.gid).catch(() => undefined);
    await write(handle, stagePathName);
    // Last: a chown, and a write by a process without CAP_FSETID, clear setuid/setgid bits.
    if (options.mode !== undefined) await handle.chmod(options.mode & 0o7777);
    await handle.sync();
    await options.hooks?.onStep?.('staged', { target: options.target, stage: stagePathName });
    return staged;
  } catch (error) {
    await discard(staged);
    throw error;
  }
}

export async function writeAll(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, position + written);
    written += bytesWritten;
  }
}

/** Closes and removes a staged file that will not be published. */
export async function discard(staged: Staged): Promise<void> {
  await staged.handle.close().catch(() => undefined);
  await unlink(staged.stage).catch(() => undefined);
}

export interface PublishOptions extends StageOptions {
  kind: 'replace' | 'create';
  shown: string;
  ops: FsOps;
  /** Re-checks the target right before the rename; throws FsError to abort. */
  verify?: () => Promise<void>;
}

/** Stages, verifies and publishes; returns the new version, read from the staged handle. */
export async function publish(bytes: Uint8Array, options: PublishOptions): Promise<Version> {
  const staged = await stage(bytes, options);
  // Identity is taken before the rename (it cannot change in a rename): Wine reports volume serial
  // 0 for a handle whose file was renamed by path since it was opened, so the identity read after
  // the rename would not match the file's, and every second edit would look like a replacement.
  let identity;
  try {
    identity = (await native.statFd(staged.handle.fd)).identity;
    await options.verify?.();
    await moveIntoPlace(staged.stage, options);
  } catch (error) {
    await discard(staged);
    throw error;
  }
  try {
    await options.hooks?.onStep?.('published', { target: options.target, stage: staged.stage });
    await syncDirectory(options.ops, path.dirname(options.target));
    // After the rename: the rename itself moves ctime, and this is the state later checks compare to.
    return versionOf({ ...(await native.statFd(staged.handle.fd)), identity }, digestOf(bytes));
  } finally {
    await staged.handle.close();
  }
}

/**
 * Makes the rename durable. Filesystems that cannot sync a directory (some network and FUSE
 * mounts answer EINVAL/ENOTSUP) have already published; failing the call then would hide a
 * change that happened.
 */
export async function syncDirectory(ops: FsOps, dir: string): Promise<void> {
  try {
    await ops.fsyncDirectory(dir);
  } catch (error) {
    if (!unsyncableDirectory(error)) throw error;
  }
}

function unsyncableDirectory(error: unknown): boolean {
  const errno = errnoOf(error);
  return errno === 'EINVAL' || errno === 'ENOTSUP' || errno === 'EOPNOTSUPP' || errno === 'EPERM';
}

/**
 * Makes new directories durable: `mkdir -p` returned `firstMade`, the top one it created; each
 * created directory's entry lives in its parent, so those parents are synced, up to `dir`'s
 * (`dir` itself is synced by the publication). Without this a power cut can take the new file
 * away with its new directory after the call said it was written.
 */
export async function syncCreatedDirs(ops: FsOps, firstMade: string | undefined, dir: string): Promise<void> {
  if (firstMade === undefined) return;
  const parents: string[] = [];
  for (let at = dir; at !== path.dirname(firstMade) && at !== path.dirname(at);) {
    at = path.dirname(at);
    parents.push(at);
  }
  for (const parent of parents) await syncDirectory(ops, parent);
}

async function moveIntoPlace(stagePathName: string, options: PublishOptions): Promise<void> {
  try {
    if (options.kind === 'replace') await options.ops.rename(stagePathName, options.target);
    else await options.ops.renameNoReplace(stagePathName, options.target);
  } catch (error) {
    throw renameError(error, options);
  }
}

function renameError(error: unknown, options: PublishOptions): unknown {
  const errno = errnoOf(error);
  if (errno === 'EEXIST')
    return new FsError('FS_EXISTS', `${options.shown}: already exists; not overwritten`, { cause: error });
  if (errno === 'EXDEV') {
    return new FsError(
      'FS_CROSS_DEVICE',
      `${options.shown}: the filesystem refused an in-directory rename (EXDEV); nothing was copied`,
      { cause: error },
    );
  }
  if (errno === 'EISDIR') return new FsError('FS_IS_DIRECTORY', `${options.shown}: is a directory`, { cause: error });
  return error;
}

function stageError(error: unknown, options: StageOptions): FsError {
  // A directory we may not write in (permissions, read-only mount, quota): the target is untouched.
  const reason = errnoOf(error) ?? String(error);
  return new FsError(
    'FS_IO_ERROR',
    `${options.shown ?? path.basename(options.target)}: cannot write a new file in its directory (${reason}); nothing was changed`,
    { cause: error },
  );
}

const fsyncFd = promisify(fsync);

function writeAllSync(fd: number, bytes: Uint8Array, position: number): void {
  for (let written = 0; written < bytes.length;)
    written += writeSync(fd, bytes, written, bytes.length - written, position + written);
}

/**
 * publish() for a small file (SYNC_MAX_BYTES) with synchronous calls: the same steps in the same
 * order — stage, fsync, re-check, rename, directory fsync, version from the staged handle — with
 * a thread-pool round trip only for the two fsyncs. Hooks are still awaited at the same steps.
 *
 * `expected` (a replace: the target as read under the lock): without hooks, the steps run
 * in one native call on the thread pool (replaceChecked), which renames only while the target is
 * still exactly that file with those bytes. When it is not, nothing was published, and the steps below run: their
 * re-check says why, or goes on where only the target's times moved.
 */
export async function publishSmall(
  bytes: Uint8Array,
  options: PublishOptions & { verifySync: () => void; expected?: ReplaceCheckedOptions['expected'] },
  sync: SyncOps,
): Promise<Version> {
  if (options.expected && options.kind === 'replace' && !options.hooks?.onStep) {
    const published = await replaceInOneCall(bytes, options, options.expected);
    if (published) return published;
  }
  const stagePathName = stagePath(path.dirname(options.target));
  let fd: number;
  try {
    fd = openSync(stagePathName, 'wx', options.mode === undefined ? 0o666 : 0o600);
  } catch (error) {
    throw stageError(error, options);
  }
  const hooks = options.hooks?.onStep ? options.hooks : undefined;
  const info = { target: options.target, stage: stagePathName };
  try {
    if (options.owner) {
      try {
        fchownSync(fd, options.owner.uid, options.owner.gid);
      } catch {
        // Best effort, as in stageWith.
      }
    }
    if (hooks) {
      const half = splitPoint(bytes);
      writeAllSync(fd, bytes.subarray(0, half), 0);
      await hooks.onStep?.('staged-partial', info);
      writeAllSync(fd, bytes.subarray(half), half);
    } else {
      writeAllSync(fd, bytes, 0);
    }
    if (options.mode !== undefined) fchmodSync(fd, options.mode & 0o7777);
    // The fsyncs on the thread pool: a busy disk holds this call, never the event loop.
    await fsyncFd(fd);
    if (hooks) await hooks.onStep?.('staged', info);
    options.verifySync();
    try {
      if (options.kind === 'replace') sync.rename(stagePathName, options.target);
      else sync.renameNoReplace(stagePathName, options.target);
    } catch (error) {
      throw renameError(error, options);
    }
  } catch (error) {
    closeQuietly(fd);
    try {
      unlinkSync(stagePathName);
    } catch {
      // Already gone.
    }
    throw error;
  }
  try {
    if (hooks) await hooks.onStep?.('published', info);
    await syncDirectory(options.ops, path.dirname(options.target));
    return versionOf(statFd(fd), digestOf(bytes));
  } finally {
    closeSync(fd);
  }
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Nothing left to release.
  }
}

// On the thread pool: its two fsyncs can take a slow disk's tens of milliseconds, which on the main
// thread held the whole server (the soak saw 100-270 ms stalls of a workbench's loop in them).
async function replaceInOneCall(
  bytes: Uint8Array,
  options: PublishOptions,
  expected: ReplaceCheckedOptions['expected'],
): Promise<Version | undefined> {
  let stat;
  try {
    stat = await native.replaceChecked({
      stage: stagePath(path.dirname(options.target)),
      target: options.target,
      bytes,
      mode: options.mode,
      owner: options.owner,
      expected,
    });
  } catch (error) {
    const step = (error as { syscall?: unknown }).syscall;
    if (step === 'open') throw stageError(error, options);
    if (step === 'rename') throw renameError(error, options);
    throw error;
  }
  return stat && versionOf(stat, digestOf(bytes));
}
