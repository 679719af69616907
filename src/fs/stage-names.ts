// Staged files are named so a later session can tell whose they are and whether they are orphans
// of a crash: `.peer-bridge-stage.<host>.<pid>.<random>`.
import { createHash, randomBytes } from 'node:crypto';
import { lstat, readdir, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FsError } from './errors.js';

export const STAGE_PREFIX = '.peer-bridge-stage.';
/** A staged file older than this is an orphan even if its owner cannot be checked (other host). */
export const DEFAULT_STALE_STAGE_MS = 60 * 60 * 1000;

const host = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);

/**
 * Refuses to create a file whose name is reserved for staged files: the next session that
 * touches its directory would take it for a crash leftover and delete it.
 */
export function refuseReservedName(abs: string, shown: string): void {
  if (path.basename(abs).startsWith(STAGE_PREFIX)) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${shown}: names starting with "${STAGE_PREFIX}" are reserved for staged files (a later session would remove it as a leftover); choose another name`,
    );
  }
}

// Unique per process: a random part drawn once, then a counter (a random draw per stage costs
// more than the rest of naming it). The no-replace open ('wx') catches any collision anyway.
const processPart = randomBytes(4).toString('hex');
let counter = 0;

export function stagePath(dir: string): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return path.join(dir, `${STAGE_PREFIX}${host}.${process.pid}.${processPart}${counter.toString(16)}`);
}

function ownerAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a staged file is an orphan: its owner on this host is gone, or it is older than `staleMs`. */
export function isOrphan(name: string, mtimeMs: number, now: number, staleMs: number): boolean {
  if (!name.startsWith(STAGE_PREFIX)) return false;
  const [owner, pid] = name.slice(STAGE_PREFIX.length).split('.');
  if (owner === host && pid !== undefined && /^\d+$/.test(pid) && !ownerAlive(Number(pid))) return true;
  return now - mtimeMs > staleMs;
}

/** Removes orphaned staged files from one directory; returns how many it removed. */
export async function cleanOrphans(dir: string, staleMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  const now = Date.now();
  for (const name of names) {
    if (!name.startsWith(STAGE_PREFIX)) continue;
    const full = path.join(dir, name);
    try {
      const stat = await lstat(full);
      if (stat.isFile() && isOrphan(name, stat.mtimeMs, now, staleMs)) {
        await unlink(full);
        removed++;
      }
    } catch {
      // Gone already, or not ours to remove.
    }
  }
  return removed;
}
