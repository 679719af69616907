// The snapshot's own copy of the repository's index (`.peer-bridge/snapshot-cache/index-<id>`):
// `git status` may write the copy, never the user's index, so the copy keeps what one status learns
// (the files' stat data, refreshed, and Git's untracked cache) for the next, which then looks only
// into folders that changed. The copy is made again whenever the user's index changes.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { STATE_DIR } from '../vocabulary.js';
import { stateDirectory } from './paths.js';

export const snapshotCacheDir = `${STATE_DIR}/snapshot-cache`;

// A copy or lock older than this is no one's any more: a git command of the snapshot ends in 10 s.
const STALE_MS = 60_000;

const isFileNow = (file: string) => {
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
};

/**
 * The cache folder (absolute), made when missing. A snapshot runs twice a call: once the folder is
 * there it is checked with two synchronous lstat calls (no thread-pool round trips, which a loaded
 * machine makes slow); a folder or link a peer put in its place is refused as stateDirectory does.
 */
export async function cacheFolder(workspace: string): Promise<string> {
  const state = path.join(workspace, STATE_DIR);
  const dir = path.join(workspace, ...snapshotCacheDir.split('/'));
  const real = (folder: string) => {
    try {
      return lstatSync(folder).isDirectory();
    } catch {
      return false;
    }
  };
  return real(state) && real(dir) ? dir : stateDirectory(workspace, snapshotCacheDir);
}

/** Whether the copy is still there (a status that found none would have read an empty index). */
export const copyExists = isFileNow;

/**
 * An up-to-date copy of `index` (the user's index, absolute) in the workspace's state folder, or
 * null when there is none to copy or the state folder cannot take it. Never throws.
 */
export async function indexCopy(workspace: string, index: string): Promise<string | null> {
  let fd: number | undefined;
  try {
    // Synchronous checks, as in cacheFolder; only making a copy waits on the thread pool.
    fd = openSync(index, constants.O_RDONLY);
    // Named by the source's identity, read from the open file: git replaces its index by a rename,
    // so a changed index is a new name, and a copy is never older than its name says.
    const stat = fstatSync(fd, { bigint: true });
    if (!stat.isFile()) return null;
    const id = [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].map((n) => n.toString(36)).join('-');
    const dir = await cacheFolder(workspace);
    const copy = path.join(dir, `index-${id}`);
    if (!isFileNow(copy)) await writeCopy(copy, readFileSync(fd), stat.mtimeNs);
    sweep(dir, path.basename(copy));
    return copy;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

async function writeCopy(copy: string, content: Buffer, mtimeNs: bigint): Promise<void> {
  const temp = `${copy}.${randomBytes(6).toString('hex')}.tmp`;
  const out = await open(
    temp,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    0o600,
  );
  try {
    await out.writeFile(content);
    // Git takes an entry whose time is not older than its index file's as "racily clean" and
    // compares its content. The copy keeps a time no later than the original's (whole
    // milliseconds, one less), so an entry racy in the user's index stays racy in the copy.
    const seconds = Number(mtimeNs / 1_000_000n - 1n) / 1000;
    await out.utimes(seconds, seconds);
  } finally {
    await out.close();
  }
  await rename(temp, copy).catch(async (error: unknown) => {
    await unlink(temp).catch(() => undefined);
    throw error;
  });
}

// Copies of an older user index, and locks a killed git left, go once no one can still be using
// them; `keep` is the current copy (its lock only when stale: a git writing it holds it for ms).
function sweep(dir: string, keep: string): void {
  const now = Date.now();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (name === keep || !name.startsWith('index-')) continue;
    try {
      if (now - lstatSync(path.join(dir, name)).ctimeMs > STALE_MS) unlinkSync(path.join(dir, name));
    } catch {
      // gone already, or another process's
    }
  }
}
