// Reading ledger files by lines without holding a whole file in memory: forward from an offset
// (catching up with what other processes appended) and backward from the end (the newest runs).
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

const CHUNK = 256 * 1024;
const NEWLINE = 0x0a;

/** Opens a ledger file for reading without following a link; null when it does not exist. */
export async function openForReading(file: string): Promise<FileHandle | null> {
  try {
    return await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Complete lines from `start` to the last newline before `end`, in order. Returns the offset after
 * the last complete line: a torn or half-written last line is left for a later read.
 * O(end - start) time, O(CHUNK + longest line) memory.
 */
export async function readLinesForward(
  handle: FileHandle,
  start: number,
  end: number,
  onLine: (line: string) => void,
): Promise<number> {
  let position = start;
  let carry = Buffer.alloc(0);
  while (position < end) {
    const chunk = Buffer.alloc(Math.min(CHUNK, end - position));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, bytesRead)]) : chunk.subarray(0, bytesRead);
    let from = 0;
    for (let at = data.indexOf(NEWLINE); at >= 0; at = data.indexOf(NEWLINE, from)) {
      onLine(data.toString('utf8', from, at));
      from = at + 1;
    }
    carry = Buffer.from(data.subarray(from));
  }
  return position - carry.length;
}

/**
 * Lines of a file from its end backwards (newest first); stop by returning `false` from `onLine`.
 * O(bytes read back) time, O(CHUNK + longest line) memory. A last line without its newline is
 * included: it is either whole or skipped as torn by the parser.
 */
export async function readLinesBackward(handle: FileHandle, onLine: (line: string) => boolean): Promise<boolean> {
  let position = (await handle.stat()).size;
  let carry = Buffer.alloc(0);
  while (position > 0) {
    const size = Math.min(CHUNK, position);
    position -= size;
    const chunk = Buffer.alloc(size);
    await handle.read(chunk, 0, size, position);
    const data = Buffer.concat([chunk, carry]);
    let end = data.length;
    for (let at = data.lastIndexOf(NEWLINE, end - 1); at >= 0; at = data.lastIndexOf(NEWLINE, end - 1)) {
      if (at + 1 < end && onLine(data.toString('utf8', at + 1, end)) === false) return false;
      end = at;
      if (end === 0) break;
    }
    carry = Buffer.from(data.subarray(0, end));
  }
  if (carry.length > 0 && onLine(carry.toString('utf8')) === false) return false;
  return true;
}
