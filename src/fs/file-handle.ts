// Opening a target the one safe way (no final symlink, no blocking on FIFOs) and reading bytes and
// version from that same handle.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, stat as statFollowing, type FileHandle } from 'node:fs/promises';
import { promises as native, type NativeStat } from '../native/index.js';
import { FsError, errnoOf } from './errors.js';
import { digestOf, versionOf, type Version } from './version.js';

const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
const CONSISTENT_READ_TRIES = 3;
const STREAM_CHUNK = 1 << 20;

/** Opens a regular file for reading; undefined when it does not exist. */
export async function openRegular(
  abs: string,
  shown: string,
): Promise<{ handle: FileHandle; stat: NativeStat } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(abs, READ_FLAGS);
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOENT' || errno === 'ENOTDIR') return undefined;
    if (errno === 'ELOOP') {
      // Paths arrive with final symlinks resolved: a link here leads nowhere, or appeared just now.
      if (await leadsNowhere(abs))
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
    const stat = await native.statFd(handle.fd);
    if (stat.kind === 'directory') throw new FsError('FS_IS_DIRECTORY', `${shown}: is a directory`);
    if (stat.kind !== 'file') throw new FsError('FS_INVALID_ARGUMENT', `${shown}: not a regular file`);
    return { handle, stat };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function leadsNowhere(abs: string): Promise<boolean> {
  try {
    await statFollowing(abs);
    return false;
  } catch (error) {
    const errno = errnoOf(error);
    return errno === 'ENOENT' || errno === 'ENOTDIR' || errno === 'ELOOP';
  }
}

export function sameStat(a: NativeStat, b: NativeStat): boolean {
  return a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.mode === b.mode;
}

// Reads from one handle until the stat before and after agree: a writer that ignores the lock
// changed the file mid-read, so read again rather than pin a mix (at most CONSISTENT_READ_TRIES).
async function readConsistently<T>(
  abs: string,
  shown: string,
  read: (handle: FileHandle, stat: NativeStat) => Promise<T>,
): Promise<{ value: T; stat: NativeStat } | undefined> {
  const opened = await openRegular(abs, shown);
  if (!opened) return undefined;
  const { handle } = opened;
  let before = opened.stat;
  try {
    for (let attempt = 1; ; attempt++) {
      const value = await read(handle, before);
      const after = await native.statFd(handle.fd);
      if (sameStat(before, after) || attempt >= CONSISTENT_READ_TRIES) return { value, stat: before };
      before = after;
    }
  } finally {
    await handle.close();
  }
}

/** Reads a whole file with its version from one handle; undefined when it does not exist. */
export async function readWhole(abs: string, shown: string): Promise<{ bytes: Buffer; version: Version } | undefined> {
  const read = await readConsistently(abs, shown, (handle, stat) => readAll(handle, stat.size));
  return read && { bytes: read.value, version: versionOf(read.stat, digestOf(read.value)) };
}

/** Bytes read earlier, with their sha256: a read that finds the same bytes has the same digest. */
export interface KnownBytes {
  bytes: Uint8Array;
  digest: string;
}

/**
 * The version of a whole file, hashed chunk by chunk from one handle so memory stays flat however
 * large it is; undefined when it does not exist. With `known`, chunks are compared with those
 * bytes instead, and hashed only from the first difference on (see streamAll).
 */
export async function versionWhole(abs: string, shown: string, known?: KnownBytes): Promise<Version | undefined> {
  const read = await readConsistently(abs, shown, (handle) => streamAll(handle, undefined, known));
  return read && versionOf(read.stat, read.value);
}

/**
 * Hands a file's bytes to `sink` in order, a chunk at a time; returns their sha256, or undefined when
 * it does not exist.
 */
export async function streamWhole(
  abs: string,
  shown: string,
  sink: (chunk: Buffer) => Promise<void>,
): Promise<string | undefined> {
  const opened = await openRegular(abs, shown);
  if (!opened) return undefined;
  try {
    return await streamAll(opened.handle, sink);
  } finally {
    await opened.handle.close();
  }
}

// The sha256 of what the handle reads. With `known`, the bytes are compared with known.bytes as
// they come (a memcmp, several times cheaper than hashing), and the hash starts only at the first
// chunk that differs, from the known prefix before it; the same bytes all through give known.digest.
async function streamAll(
  handle: FileHandle,
  sink?: (chunk: Buffer) => Promise<void>,
  known?: KnownBytes,
): Promise<string> {
  let hash = known ? undefined : createHash('sha256');
  const buffer = Buffer.allocUnsafe(STREAM_CHUNK);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    if (!hash && !chunk.equals(known!.bytes.subarray(position, position + bytesRead)))
      hash = createHash('sha256').update(known!.bytes.subarray(0, position));
    hash?.update(chunk);
    await sink?.(chunk);
    position += bytesRead;
  }
  if (hash) return hash.digest('hex');
  // Every chunk matched: the file is known.bytes, or a prefix of them if it is shorter now.
  if (position === known!.bytes.length) return known!.digest;
  return digestOf(known!.bytes.subarray(0, position));
}

async function readAll(handle: FileHandle, sizeHint: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let position = 0;
  let buffer = Buffer.allocUnsafe(Math.max(sizeHint + 1, 4096));
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
    buffer = Buffer.allocUnsafe(64 * 1024);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}
