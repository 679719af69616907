// Where cross-process lock files live. Two processes that lock in different directories do not
// exclude each other at all (an attack run lost 29% of 300 increments that way), so the default
// depends only on the user: their home directory as the password database names it — never
// TMPDIR or HOME, which differ between a shell, a service and a sandboxed child of one user.
import { lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hostEnv } from '../settings/env.js';
import { readSetting } from '../settings/read.js';
import { FsError, errnoOf } from './errors.js';

export type LockDirSource = 'option' | 'PEER_BRIDGE_LOCK_DIR' | 'default';

export interface LockDirInfo {
  dir: string;
  source: LockDirSource;
}

/** The file in a lock directory that records who made it and how it was chosen. */
export const OWNER_FILE = 'owner.json';

/** The per-user default for a platform and home directory (exported for tests). */
export function defaultLockDirFor(platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return path.win32.join(home, 'AppData', 'Local', 'peer-bridge', 'locks');
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', 'peer-bridge', 'locks');
  return path.posix.join(home, '.local', 'state', 'peer-bridge', 'locks');
}

/** The lock directory a workbench uses: the `lockDir` option, else PEER_BRIDGE_LOCK_DIR, else the per-user default. */
export function lockDirInfo(option?: string, env: NodeJS.ProcessEnv = hostEnv()): LockDirInfo {
  if (option) return { dir: path.resolve(option), source: 'option' };
  const fromEnv = readSetting('PEER_BRIDGE_LOCK_DIR', env);
  if (fromEnv) return { dir: path.resolve(fromEnv), source: 'PEER_BRIDGE_LOCK_DIR' };
  return { dir: defaultLockDirFor(process.platform, os.userInfo().homedir), source: 'default' };
}

/** What a lock directory's owner file says, or undefined when it has none (yet). */
export interface LockDirOwner {
  uid: number | null;
  user: string;
  source: LockDirSource;
  created_at: string;
}

// Anyone who could make the default directory first could hold our locks or plant symlinks: use
// it only if it is this user's own and no one else can write it.
export function assertPrivate(dir: string): void {
  if (typeof process.getuid !== 'function') return;
  const stat = lstatSync(dir);
  const problem = stat.isSymbolicLink()
    ? 'is a symlink'
    : !stat.isDirectory()
      ? 'is not a directory'
      : stat.uid !== process.getuid()
        ? `belongs to uid ${stat.uid}`
        : (stat.mode & 0o022) !== 0
          ? `can be written by others (mode ${(stat.mode & 0o777).toString(8)})`
          : undefined;
  if (problem) {
    throw new FsError(
      'FS_IO_ERROR',
      `lock directory ${dir} ${problem}; refusing to use it (remove it, or set PEER_BRIDGE_LOCK_DIR)`,
    );
  }
}

/**
 * Records the directory's owner once (first process wins; later ones leave it), so `doctor`,
 * `bridge_status` and a person looking at the directory can tell whose locks these are.
 */
export function recordOwner(dir: string, source: LockDirSource): void {
  const owner: LockDirOwner = {
    uid: typeof process.getuid === 'function' ? process.getuid() : null,
    user: os.userInfo().username,
    source,
    created_at: new Date().toISOString(),
  };
  try {
    writeFileSync(path.join(dir, OWNER_FILE), `${JSON.stringify(owner)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw error;
  }
}

/**
 * Makes the lock directory when it is missing (private to the user), refuses a default one that is
 * not this user's own, and records its owner. Throws an FsError (FS_IO_ERROR) that says what to do.
 */
export function prepareLockDir(info: LockDirInfo): void {
  try {
    mkdirSync(info.dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new FsError(
      'FS_IO_ERROR',
      `cannot create the lock directory ${info.dir} (${errnoOf(error) ?? String(error)}); nothing was changed; ` +
        'make it writable or set PEER_BRIDGE_LOCK_DIR (every process that edits these files must use the same one)',
      { cause: error },
    );
  }
  if (info.source === 'default') assertPrivate(info.dir);
  recordOwner(info.dir, info.source);
}

/** The owner file of a lock directory, or null when it has none or it cannot be read. */
export function readLockDirOwner(dir: string): LockDirOwner | null {
  try {
    return JSON.parse(readFileSync(path.join(dir, OWNER_FILE), 'utf8')) as LockDirOwner;
  } catch {
    return null;
  }
}
