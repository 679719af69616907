/**
 * peer-bridge/native: what Node's fs cannot do — handle-based file identity, ctime, rename that
 * never replaces, link that never overwrites, directory fsync and cross-process locks.
 * Sync functions throw Errors with a POSIX-style `code` and `syscall`; `promises` has the same
 * functions returning Promises, run on Node's thread pool.
 */
import { dirname } from 'node:path';
import { loadBindingFrom } from './load.js';
import {
  keepLockFile as keepLockFileWith,
  lock as lockWith,
  tryLock as tryLockWith,
  type KeptLockFile,
  type LockHandle,
  type LockOptions,
} from './lock.js';
import type { Backend, NativeStat, RawBinding, RawStat } from './raw.js';
import { decodeStat } from './stat-layout.js';

export type { Backend, FileIdentity, FileKind, NativeStat } from './raw.js';
export type { KeptLockFile, LockHandle, LockOptions } from './lock.js';
export { NativeLoadError, loadBinding } from './load.js';

export interface StatOptions {
  /** Follow a final symlink (default true); `false` describes the link itself. */
  follow?: boolean;
}

const { binding, file } = loadBindingFrom();

/**
 * Which strategy each operation uses on this machine (e.g. `rename: 'renameat2'`), and `binary`:
 * the addon file that was loaded (a prebuild, a local build, or PEER_BRIDGE_NATIVE_PATH).
 */
export const backend: Backend & { binary: string } = { ...binding.backend, binary: file };

const { statNumbers, statBigInts } = binding;
const decodePair = ([numbers, bigints]: RawStat): NativeStat => decodeStat(numbers, bigints);

function argType(message: string): TypeError {
  return Object.assign(new TypeError(message), { code: 'ERR_INVALID_ARG_TYPE' });
}

// `follow: 'yes'` or `follow: 0` would otherwise be read as true/false; a typo must not pick a meaning.
function followOf(options: StatOptions | undefined): boolean {
  if (options === undefined) return true;
  if (typeof options !== 'object' || options === null)
    throw argType('statPath: options must be an object such as { follow: false }');
  const { follow } = options;
  if (follow !== undefined && typeof follow !== 'boolean') {
    throw argType(
      'statPath: options.follow must be true or false, ' +
        `got ${typeof follow === 'string' ? JSON.stringify(follow) : typeof follow}`,
    );
  }
  return follow ?? true;
}

export function statPath(path: string, options?: StatOptions): NativeStat {
  binding.statPath(path, followOf(options));
  return decodeStat(statNumbers, statBigInts);
}

/** Describes an open descriptor: identity and times come from the same handle as its bytes. */
export function statFd(fd: number): NativeStat {
  binding.statFd(fd);
  return decodeStat(statNumbers, statBigInts);
}

/** Renames `from` to `to` unless `to` exists (`EEXIST`). Across volumes `EXDEV`, never a copy. */
export function renameNoReplace(from: string, to: string): void {
  binding.renameNoReplace(from, to);
}

/** Creates `newPath` as another name of `existing` unless it exists (`EEXIST`). */
export function linkNoOverwrite(existing: string, newPath: string): void {
  binding.linkNoOverwrite(existing, newPath);
}

/** Makes renames and creations inside a directory durable. */
export function fsyncDirectory(path: string): void {
  binding.fsyncDirectory(path);
}

/** What readUnchanged and replaceChecked compare a file with: identity, size, times and mode. */
export type ExpectedStat = Pick<NativeStat, 'identity' | 'size' | 'mtimeNs' | 'ctimeNs' | 'mode'>;

// The expected stat as the binding takes it, in the same order for both calls.
function seenArguments(stat: ExpectedStat): [string, string, number, number, bigint, bigint] {
  return [stat.identity.volume, stat.identity.fileId, stat.size, stat.mode, stat.mtimeNs, stat.ctimeNs];
}

/**
 * The whole file at `path` (a final symlink is not followed) and its handle's stat, when after the
 * read it is still the regular file `stat` describes, unchanged (identity, size, times, mode): the
 * bytes are then a consistent whole, read with no return to JavaScript between open, read, stat and
 * close. Undefined otherwise (another file, a change, nothing there, an error): read it another way,
 * which can say what is wrong. Reads at most `stat.size + 1` bytes. `ENOSYS` on Windows.
 */
export function readUnchanged(path: string, stat: ExpectedStat): { bytes: Buffer; stat: NativeStat } | undefined {
  const bytes = binding.readSeen(path, ...seenArguments(stat));
  return bytes && { bytes, stat: decodeStat(statNumbers, statBigInts) };
}

export interface ReplaceCheckedOptions {
  /** A new file next to `target` (created, never replaced) that receives `bytes`. */
  stage: string;
  /** The file to replace. */
  target: string;
  bytes: Uint8Array;
  /** The mode to give the new file (e.g. the replaced file's); default 0666 minus the umask. */
  mode?: number;
  /** The owner to give the new file, best effort (only a privileged process can give files away). */
  owner?: { uid: number; gid: number };
  /**
   * The target as you read it under your locks: its stat (identity, size, times, mode) and its
   * bytes. The rename happens only while the target is still exactly that.
   */
  expected: { stat: ExpectedStat; bytes: Uint8Array };
}

/**
 * A checked replace in one call, with no return to JavaScript between its steps (POSIX): writes
 * `bytes` to `stage`, fsyncs it, checks the target is still `expected`, renames the stage over it
 * and fsyncs the directory. Returns the new file's stat; or undefined when the target was not as
 * expected, with nothing published and the stage removed. Errors carry the failing step in
 * `syscall` (`open` of the stage, `write`, `fchmod`, `fsync`, `rename`, or `fsyncDirectory` after
 * the rename, when the file is already published); the stage is removed on every error before
 * the rename. `ENOSYS` on Windows, where a replace may have to wait for other processes.
 */
export function replaceChecked(options: ReplaceCheckedOptions): NativeStat | undefined {
  const published = binding.replaceChecked(...replaceArguments(options));
  return published ? decodeStat(statNumbers, statBigInts) : undefined;
}

function replaceArguments(options: ReplaceCheckedOptions): Parameters<RawBinding['replaceChecked']> {
  const { stat, bytes: known } = options.expected;
  return [
    options.stage,
    options.target,
    dirname(options.target),
    options.bytes,
    options.mode === undefined ? -1 : options.mode & 0o7777,
    options.owner?.uid ?? -1,
    options.owner?.gid ?? -1,
    known,
    ...seenArguments(stat),
  ];
}

/**
 * Takes a cross-process lock on a lock file (created when absent). With `wait: false` a lock held
 * elsewhere rejects with code `EAGAIN`. The lock ends with `release()` or with the process.
 */
export function lock(path: string, options?: LockOptions): Promise<LockHandle> {
  return lockWith(binding, path, options);
}

/**
 * The same lock without a promise: taken now, or an error with code `EAGAIN` when it is held
 * elsewhere. Never waits. For callers that take several locks on a hot path and fall back to
 * `lock` when one is busy.
 */
export function tryLock(path: string, options?: { exclusive?: boolean }): LockHandle {
  const exclusive = options?.exclusive ?? true;
  if (typeof exclusive !== 'boolean') throw argType('tryLock: options.exclusive must be true or false');
  return tryLockWith(binding, path, exclusive);
}

/**
 * A lock file kept open between uses (see KeptLockFile): `tryTake()` locks it again with one system
 * call, where `tryLock` opens the file each time. Nothing is opened until the first `tryTake`.
 */
export function keepLockFile(path: string): KeptLockFile {
  return keepLockFileWith(binding, path);
}

export const promises = {
  statPath: (path: string, options?: StatOptions): Promise<NativeStat> =>
    binding.statPathAsync(path, followOf(options)).then(decodePair),
  statFd: (fd: number): Promise<NativeStat> => binding.statFdAsync(fd).then(decodePair),
  renameNoReplace: (from: string, to: string): Promise<void> => binding.renameNoReplaceAsync(from, to),
  linkNoOverwrite: (existing: string, newPath: string): Promise<void> =>
    binding.linkNoOverwriteAsync(existing, newPath),
  fsyncDirectory: (path: string): Promise<void> => binding.fsyncDirectoryAsync(path),
  /**
   * replaceChecked on the thread pool: the same steps in one native call, with their fsyncs off
   * the event loop (a slow disk holds a call, not the process). The bytes are copied first.
   */
  replaceChecked: async (options: ReplaceCheckedOptions): Promise<NativeStat | undefined> => {
    const published = await binding.replaceCheckedAsync(...replaceArguments(options));
    return published ? decodePair(published) : undefined;
  },
  lock,
};
