// Reading a target's bytes and version from one handle with asynchronous calls (the steps, shared
// with the synchronous small-file path, are in open-regular.ts).
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { NativeStat } from '../native/index.js';
import { asyncIo } from './file-io.js';
import { openRegular, readConsistently } from './open-regular.js';
import { runAsync, step } from './steps.js';
import { digestOf, versionOf, type Version } from './version.js';

const STREAM_CHUNK = 1 << 20;

// One read step of the asynchronous path, for readConsistently.
const readAllOf = (handle: FileHandle, stat: NativeStat) => step(() => readAll(handle, stat.size));

/** Reads a whole file with its version from one handle; undefined when it does not exist. */
export async function readWhole(abs: string, shown: string): Promise<{ bytes: Buffer; version: Version } | undefined> {
  const read = await runAsync(readConsistently(asyncIo, abs, shown, readAllOf));
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
  const streamed = (handle: FileHandle) => step(() => streamAll(handle, undefined, known));
  const read = await runAsync(readConsistently(asyncIo, abs, shown, streamed));
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
