/**
 * peer-bridge/native: what Node's fs cannot do — handle-based file identity, ctime, rename that
 * never replaces, link that never overwrites, directory fsync and cross-process locks.
 * Sync functions throw Errors with a POSIX-style `code` and `syscall`; `promises` has the same
 * functions returning Promises, run on Node's thread pool.
 */
import { loadBindingFrom } from './load.js';
import { lock as lockWith, type LockHandle, type LockOptions } from './lock.js';
import type { Backend, NativeStat, RawStat } from './raw.js';
import { decodeStat } from './stat-layout.js';

export type { Backend, FileIdentity, FileKind, NativeStat } from './raw.js';
export type { LockHandle, LockOptions } from './lock.js';
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

export function statPath(path: string, options: StatOptions = {}): NativeStat {
  binding.statPath(path, options.follow ?? true);
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

/**
 * Takes a cross-process lock on a lock file (created when absent). With `wait: false` a lock held
 * elsewhere rejects with code `EAGAIN`. The lock ends with `release()` or with the process.
 */
export function lock(path: string, options?: LockOptions): Promise<LockHandle> {
  return lockWith(binding, path, options);
}

export const promises = {
  statPath: (path: string, options: StatOptions = {}): Promise<NativeStat> =>
    binding.statPathAsync(path, options.follow ?? true).then(decodePair),
  statFd: (fd: number): Promise<NativeStat> => binding.statFdAsync(fd).then(decodePair),
  renameNoReplace: (from: string, to: string): Promise<void> => binding.renameNoReplaceAsync(from, to),
  linkNoOverwrite: (existing: string, newPath: string): Promise<void> =>
    binding.linkNoOverwriteAsync(existing, newPath),
  fsyncDirectory: (path: string): Promise<void> => binding.fsyncDirectoryAsync(path),
  lock,
};
