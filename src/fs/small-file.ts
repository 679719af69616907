// Reading a small file and its version with synchronous calls, for the locked section of a
// rewrite. Each thread-pool round trip costs a wake-up and, on a loaded machine, a wait for a CPU
// — far more than the system call it wraps when the file is a few KiB — so below SYNC_MAX_BYTES
// the whole locked section runs without one. The same steps as file-handle.ts (open-regular.ts).
import { readSync } from 'node:fs';
import { readUnchanged, type ExpectedStat, type NativeStat } from '../native/index.js';
import type { KnownBytes } from './file-handle.js';
import { syncIo } from './file-io.js';
import { readConsistently } from './open-regular.js';
import { runSync, step } from './steps.js';
import { digestOf, versionOf, type Version } from './version.js';

/**
 * Files up to this size are rewritten with synchronous calls under the lock. Decoding, editing,
 * encoding and hashing a file this large already hold the event loop for milliseconds on either
 * path; the synchronous I/O adds about as much again (1 MiB: about 4 ms of JavaScript, 8 ms in
 * all, on the bench machine), while the asynchronous path's round trips made the edit 2x the
 * floor instead of 1.4x.
 */
export const SYNC_MAX_BYTES = 1024 * 1024;

// One read of size + 1 bytes normally sees the whole file and its end at once.
function readAllSync(fd: number, sizeHint: number): Buffer {
  const chunks: Buffer[] = [];
  let position = 0;
  for (let buffer = Buffer.allocUnsafe(sizeHint + 1); ; buffer = Buffer.allocUnsafe(64 * 1024)) {
    const bytesRead = readSync(fd, buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    chunks.push(buffer.subarray(0, bytesRead));
    position += bytesRead;
    if (bytesRead < buffer.length && position >= sizeHint) break;
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

// One read step of the synchronous path, for readConsistently.
const readAllOf = (fd: number, stat: NativeStat) => step(() => readAllSync(fd, stat.size));

function digestFor(bytes: Buffer, known: KnownBytes | undefined): string {
  return known && bytes.equals(known.bytes) ? known.digest : digestOf(bytes);
}

/** A read's bytes and version, and (POSIX) the owner of the file read. */
export interface SmallRead {
  bytes: Buffer;
  version: Version;
  owner?: { uid: number; gid: number };
}

function readOf(stat: NativeStat, bytes: Buffer, known: KnownBytes | undefined): SmallRead {
  const read: SmallRead = { bytes, version: versionOf(stat, digestFor(bytes, known)) };
  if (stat.owner) read.owner = stat.owner;
  return read;
}

/** A read of these bytes from a handle with this stat (e.g. from readUnchanged). */
export function smallReadOf(stat: NativeStat, bytes: Buffer): SmallRead {
  return readOf(stat, bytes, undefined);
}

/**
 * Like file-handle's readWhole, with synchronous calls. `known`: bytes read earlier with their
 * digest; when the bytes read now are the same, that digest is theirs too, so the re-check before
 * a publication compares bytes (a memcmp) instead of hashing the file again.
 *
 * `seen`: the file as the caller last saw it under its locks (the lock's stat by path, or the
 * version read). When the handle's stat after the read is that same regular file, unchanged
 * (identity, size, times, mode), nothing changed it from before the open to after the read, so
 * the bytes are a consistent whole without the stat between open and read: one system call fewer,
 * and the read is one native call (readUnchanged). Anything else (another file, a directory, a
 * change, an error) reads again the full way, which says what is wrong.
 */
export function readWholeSync(
  abs: string,
  shown: string,
  known?: KnownBytes,
  seen?: ExpectedStat,
): SmallRead | undefined {
  const quick = seen && readUnchanged(abs, seen);
  if (quick) return readOf(quick.stat, quick.bytes, known);
  const read = runSync(readConsistently(syncIo, abs, shown, readAllOf));
  return read && readOf(read.stat, read.value, known);
}
