// The system calls the step sequences of open-regular.ts and publication.ts make on a file, in two
// forms: syncIo (numeric descriptors, blocking calls) and asyncIo (FileHandles, the thread pool).
// Renames, links and directory syncs are not here: they are the FsOps/SyncOps test seams.
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  openSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { open, stat as statFollowing, unlink, type FileHandle } from 'node:fs/promises';
import { promises as native, statFd, type NativeStat } from '../native/index.js';

/** Opens for reading without following a final symlink, and without blocking on a FIFO. */
export const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

type Maybe<T> = T | Promise<T>;

export interface FileIo<H> {
  openRead(abs: string): Maybe<H>;
  /** Creates a file that must not exist yet (`wx`: EEXIST otherwise, a symlink there included). */
  createNew(abs: string, mode: number): Maybe<H>;
  /** The handle's stat: identity and times from the same handle as its bytes. */
  stat(handle: H): Maybe<NativeStat>;
  /** Writes all of `bytes` at `position`. */
  writeAll(handle: H, bytes: Uint8Array, position: number): Maybe<void>;
  chown(handle: H, uid: number, gid: number): Maybe<void>;
  chmod(handle: H, mode: number): Maybe<void>;
  sync(handle: H): Maybe<void>;
  close(handle: H): Maybe<void>;
  unlink(abs: string): Maybe<void>;
  /** Stats a path following symlinks (does it lead anywhere?). */
  statFollowing(abs: string): Maybe<unknown>;
}

export const syncIo: FileIo<number> = {
  openRead: (abs) => openSync(abs, READ_FLAGS),
  createNew: (abs, mode) => openSync(abs, 'wx', mode),
  stat: statFd,
  writeAll(fd, bytes, position) {
    for (let written = 0; written < bytes.length;)
      written += writeSync(fd, bytes, written, bytes.length - written, position + written);
  },
  chown: fchownSync,
  chmod: fchmodSync,
  sync: fsyncSync,
  close: closeSync,
  unlink: unlinkSync,
  statFollowing: (abs) => statSync(abs),
};

export const asyncIo: FileIo<FileHandle> = {
  openRead: (abs) => open(abs, READ_FLAGS),
  createNew: (abs, mode) => open(abs, 'wx', mode),
  stat: (handle) => native.statFd(handle.fd),
  writeAll,
  chown: (handle, uid, gid) => handle.chown(uid, gid),
  chmod: (handle, mode) => handle.chmod(mode),
  sync: (handle) => handle.sync(),
  close: (handle) => handle.close(),
  unlink,
  statFollowing: (abs) => statFollowing(abs),
};

/** Writes all of `bytes` to `handle` at `position` (a write may take fewer bytes than asked). */
export async function writeAll(handle: FileHandle, bytes: Uint8Array, position: number): Promise<void> {
  let written = 0;
  while (written < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, position + written);
    written += bytesWritten;
  }
}
