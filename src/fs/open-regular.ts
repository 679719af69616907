// Opening a target the one safe way (no final symlink, no blocking on FIFOs), saying what is wrong
// when it is not a regular file, and reading it consistently: one sequence of steps, run with
// asynchronous calls (file-handle.ts) or synchronous ones (small-file.ts, under the lock).
import type { FileHandle } from 'node:fs/promises';
import type { NativeStat } from '../native/index.js';
import { FsError, errnoOf } from './errors.js';
import { asyncIo, type FileIo } from './file-io.js';
import { runAsync, step, type Steps } from './steps.js';

export interface OpenedRegular<H> {
  handle: H;
  stat: NativeStat;
}

function* openRegularSteps<H>(io: FileIo<H>, abs: string, shown: string): Steps<OpenedRegular<H> | undefined> {
  let handle: H;
  try {
    handle = yield* step(() => io.openRead(abs));
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return undefined;
    if (errno === 'ELOOP') {
      // Paths arrive with final symlinks resolved: a link here leads nowhere, or appeared just now.
      if (yield* leadsNowhere(io, abs))
        throw new FsError(
          'FS_NOT_FOUND',
          `${shown}: is a symlink that leads nowhere (missing target, or a loop); not followed`,
        );
      throw new FsError('FS_STALE_VERSION', `${shown}: became a symlink while in use; read it again`, { cause: error });
    }
    if (errno === 'EISDIR') throw new FsError('FS_IS_DIRECTORY', `${shown}: is a directory`);
    throw error;
  }
  try {
    const stat = yield* step(() => io.stat(handle));
    if (stat.kind === 'directory') throw new FsError('FS_IS_DIRECTORY', `${shown}: is a directory`);
    if (stat.kind !== 'file') throw new FsError('FS_INVALID_ARGUMENT', `${shown}: not a regular file`);
    return { handle, stat };
  } catch (error) {
    yield* step(() => io.close(handle));
    throw error;
  }
}

function* leadsNowhere<H>(io: FileIo<H>, abs: string): Steps<boolean> {
  try {
    yield* step(() => io.statFollowing(abs));
    return false;
  } catch (error) {
    const errno = errnoOf(error);
    return errno === 'ENOENT' || errno === 'ENOTDIR' || errno === 'ELOOP';
  }
}

/** Opens a regular file for reading; undefined when it does not exist. */
export function openRegular(abs: string, shown: string): Promise<OpenedRegular<FileHandle> | undefined> {
  return runAsync(openRegularSteps(asyncIo, abs, shown));
}

export function sameStat(a: NativeStat, b: NativeStat): boolean {
  return a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.mode === b.mode;
}

const CONSISTENT_READ_TRIES = 3;

/**
 * Reads from one handle until the stat before and after agree: a writer that ignores the lock
 * changed the file mid-read, so read again rather than pin a mix (at most CONSISTENT_READ_TRIES).
 * `complete` may ask for another read too (a window scan that read less than the file holds).
 * Undefined when the file does not exist.
 */
export function* readConsistently<H, T>(
  io: FileIo<H>,
  abs: string,
  shown: string,
  read: (handle: H, stat: NativeStat) => Steps<T>,
  complete: (value: T, after: NativeStat) => boolean = () => true,
): Steps<{ value: T; stat: NativeStat } | undefined> {
  const opened = yield* openRegularSteps(io, abs, shown);
  if (!opened) return undefined;
  const { handle } = opened;
  let before = opened.stat;
  try {
    for (let attempt = 1; ; attempt++) {
      const value = yield* read(handle, before);
      const after = yield* step(() => io.stat(handle));
      if ((sameStat(before, after) && complete(value, after)) || attempt >= CONSISTENT_READ_TRIES)
        return { value, stat: before };
      before = after;
    }
  } finally {
    yield* step(() => io.close(handle));
  }
}
