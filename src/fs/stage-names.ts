// Staged files are named so a later session can tell whose they are and whether they are orphans
// of a crash: `.peer-bridge-stage.<host>.<pid>.<random>`. Only a whole name of that form is ever
// taken for a staged file: a user's `.peer-bridge-stage.notes` is the user's.
import { createHash, randomBytes } from 'node:crypto';
import { lstat, readdir, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FsError } from './errors.js';

export const STAGE_PREFIX = '.peer-bridge-stage.';
/** A staged file older than this is an orphan even if its owner cannot be checked (other host). */
export const DEFAULT_STALE_STAGE_MS = 60 * 60 * 1000;

// Every name stagePath makes, and no other: 8 hex digits of the host, the pid in decimal, then the
// process's 8 random hex digits and a hex counter (up to 14 digits). Earlier versions used 12
// random hex digits in the last part, which this also matches, so their leftovers still go.
const STAGE_NAME = /^\.peer-bridge-stage\.([0-9a-f]{8})\.([1-9][0-9]{0,9})\.[0-9a-f]{9,22}$/;

const host = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);

/**
 * Refuses to create a file whose name starts with the staged-file prefix: the whole namespace
 * stays the layer's, so a later session never meets a file of ours it did not stage.
 */
export function refuseReservedName(abs: string, shown: string): void {
  if (path.basename(abs).startsWith(STAGE_PREFIX)) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${shown}: names starting with "${STAGE_PREFIX}" are reserved for staged files ` +
        '(a later session may remove such a file as a crash leftover); choose another name',
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

/** The owner of a staged file's name, or undefined when the whole name is not one stagePath makes. */
export function parseStageName(name: string): { host: string; pid: number } | undefined {
  const match = STAGE_NAME.exec(name);
  return match ? { host: match[1] as string, pid: Number(match[2]) } : undefined;
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

/**
 * Whether a file is an orphaned staged file: its whole name is one stagePath makes, and its owner
 * on this host is gone or it is older than `staleMs`.
 */
export function isOrphan(name: string, mtimeMs: number, now: number, staleMs: number): boolean {
  const owner = parseStageName(name);
  if (!owner) return false;
  if (owner.host === host && !ownerAlive(owner.pid)) return true;
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
    if (!parseStageName(name)) continue;
    const full = path.join(dir, name);
    try {
      // A folder or a link under a staged name is not something we staged (we stage regular files).
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
