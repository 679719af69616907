// Hashes a snapshot takes from an earlier one instead of reading the file again, under Git's
// racily-clean rule: the file's device, inode, size, modification and change times are what the
// earlier snapshot saw when it hashed it, and those times were older than that snapshot's start
// by the file system's own clock (and a margin). A write after that start gives a later change
// time, so an equal one proves the content is the one hashed; a file written in the same tick as
// the start, however alike it looks, is read again. What a snapshot records does not change:
// the identities are kept beside it, in memory, never in what is saved.
import { closeSync, constants, fstatSync, openSync, writeSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { cacheFolder } from './snapshot-index.js';

/** One hashed file as a snapshot saw it. */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  sha256: string;
}

/** What a snapshot saw of the files it hashed, and the file system's time at its start. */
export interface SeenFiles {
  files: Map<string, FileIdentity>;
  /** Null when the time could not be read: nothing of this snapshot is then reused. */
  clockNs: bigint | null;
  /** How many hashes this snapshot took from an earlier one. */
  reused: number;
}

// A file system inside the workspace may keep coarser times than the one the clock is read on
// (FAT keeps modification times to 2 s): a file is reused only when older than the start by this.
export const DEFAULT_RACY_MARGIN_MS = 2000;

/** Whether `then`'s hash still holds for a file that now looks like `now`. */
export function reusable(then: FileIdentity, now: BigIntStats, clockNs: bigint | null, marginMs: number): boolean {
  if (clockNs === null) return false;
  const before = clockNs - BigInt(marginMs) * 1_000_000n;
  return (
    then.dev === now.dev &&
    then.ino === now.ino &&
    then.size === now.size &&
    then.mtimeNs === now.mtimeNs &&
    then.ctimeNs === now.ctimeNs &&
    then.mtimeNs < before &&
    then.ctimeNs < before
  );
}

export function identity(stat: BigIntStats, sha256: string): FileIdentity {
  return { dev: stat.dev, ino: stat.ino, size: stat.size, mtimeNs: stat.mtimeNs, ctimeNs: stat.ctimeNs, sha256 };
}

/**
 * The workspace's file system time now, read from the modification time of a file written in the
 * state folder (the same clock, and the same ticks, that stamp the workspace's files); null when
 * the state folder cannot be written.
 */
export async function fileSystemNow(workspace: string): Promise<bigint | null> {
  let fd: number | undefined;
  try {
    const dir = await cacheFolder(workspace);
    // Synchronous: four quick system calls, where four thread-pool round trips wait on a loaded
    // machine.
    fd = openSync(path.join(dir, 'clock'), constants.O_WRONLY | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
    writeSync(fd, '.', 0);
    return fstatSync(fd, { bigint: true }).mtimeNs;
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
