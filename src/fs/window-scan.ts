// One streaming pass over a file for read_file: hashes every byte (the version needs the digest),
// counts lines and line endings, validates UTF-8, and keeps only the requested window's bytes —
// so memory stays flat however large the file is.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { LineTracker, type WindowRequest } from './line-window.js';
import { sniffBom, type Eol, type TextEncoding } from './text-codec.js';
import { Utf8Stream } from './utf8-stream.js';

export type { WindowRequest } from './line-window.js';

const CHUNK = 1 << 20; // even, so UTF-16 code units never straddle two chunks

export interface WindowScan {
  digest: string;
  bytesRead: number;
  totalLines: number;
  encoding: TextEncoding;
  bom: boolean;
  eol: Eol;
  windowBytes: Buffer;
  /** Last line included (start - 1 when the window is empty). */
  lastLine: number;
  truncated: boolean;
}

export async function scanWindow(handle: FileHandle, request: WindowRequest): Promise<WindowScan> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let position = 0;
  let first = true;
  let bomLength = 0;
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  const utf8 = new Utf8Stream();
  const lines = new LineTracker(request);
  for (;;) {
    const filled = await readFull(handle, buffer, position);
    if (filled === 0) break;
    let chunk = buffer.subarray(0, filled);
    hash.update(chunk);
    if (first) {
      first = false;
      ({ encoding, bomLength } = sniffBom(chunk));
      lines.setUnit(encoding);
      chunk = chunk.subarray(bomLength);
    }
    if (encoding === 'utf-8') utf8.feed(chunk);
    lines.feed(chunk, position + (position === 0 ? bomLength : 0));
    position += filled;
    if (filled < buffer.length) break;
  }
  const textValid = encoding !== 'utf-8' || utf8.end();
  const window = lines.finish();
  return {
    digest: hash.digest('hex'),
    bytesRead: position,
    totalLines: lines.totalLines(),
    encoding: textValid ? encoding : 'binary',
    bom: bomLength > 0,
    eol: lines.eol(),
    windowBytes: window.bytes,
    lastLine: window.lastLine,
    truncated: window.truncated,
  };
}

async function readFull(handle: FileHandle, buffer: Buffer, position: number): Promise<number> {
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}
