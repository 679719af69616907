// One streaming pass over a file for read_file: hashes every byte (the version needs the digest),
// counts lines and line endings, validates UTF-8, and keeps only the requested window's bytes —
// so memory stays flat however large the file is.
import { createHash } from 'node:crypto';
import { TextDecoder } from 'node:util';
import type { FileHandle } from 'node:fs/promises';
import { LineTracker, type WindowRequest } from './line-window.js';
import { sniffBom, type Eol, type TextEncoding } from '../../text-codec.js';
import { Utf8Stream } from './utf8-stream.js';

export type { WindowRequest } from './line-window.js';

const CHUNK = 1 << 20; // even, so UTF-16 code units never straddle two chunks

export interface WindowScan {
  digest: string;
  bytesRead: number;
  totalLines: number;
  encoding: TextEncoding;
  /** The encoding the BOM (or its absence) announced, also when the bytes turned out invalid in it. */
  announced: 'utf-8' | 'utf-16le' | 'utf-16be';
  bom: boolean;
  eol: Eol;
  windowBytes: Buffer;
  /** Last line included (start - 1 when the window is empty). */
  lastLine: number;
  truncated: boolean;
  /** A NUL byte outside UTF-16: the file is binary, whatever else it decodes as. */
  nul: boolean;
}

export async function scanWindow(handle: FileHandle, request: WindowRequest): Promise<WindowScan> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let position = 0;
  let first = true;
  let bomLength = 0;
  let encoding: 'utf-8' | 'utf-16le' | 'utf-16be' = 'utf-8';
  const utf8 = new Utf8Stream();
  let utf16: Utf16Check | undefined;
  const lines = new LineTracker(request);
  let nul = false;
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
      if (encoding !== 'utf-8') utf16 = new Utf16Check(encoding);
    }
    if (encoding === 'utf-8') {
      utf8.feed(chunk);
      nul ||= chunk.includes(0);
    } else utf16?.feed(chunk);
    lines.feed(chunk, position + (position === 0 ? bomLength : 0));
    position += filled;
    if (filled < buffer.length) break;
  }
  const textValid = encoding === 'utf-8' ? utf8.end() : (utf16?.end() ?? true);
  const window = lines.finish();
  return {
    digest: hash.digest('hex'),
    bytesRead: position,
    totalLines: lines.totalLines(),
    encoding: textValid ? encoding : 'binary',
    announced: encoding,
    bom: bomLength > 0,
    eol: lines.eol(),
    windowBytes: window.bytes,
    lastLine: window.lastLine,
    truncated: window.truncated,
    nul,
  };
}

// UTF-16 is valid when it has whole code units and paired surrogates: the same strict decoder
// the edits use, fed chunk by chunk, so read_file and edit_file agree on what is text.
class Utf16Check {
  private readonly decoder: TextDecoder;
  private valid = true;

  constructor(encoding: 'utf-16le' | 'utf-16be') {
    this.decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  }

  feed(chunk: Buffer): void {
    if (!this.valid) return;
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
    }
  }

  end(): boolean {
    if (!this.valid) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
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
