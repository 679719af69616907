// One streaming pass over a file for read_file: hashes every byte (the version needs the digest),
// counts lines and line endings, validates UTF-8, and keeps only the requested window's bytes —
// so memory stays flat however large the file is.
import { createHash } from 'node:crypto';
import { isUtf8 } from 'node:buffer';
import type { FileHandle } from 'node:fs/promises';
import { sniffBom, type Eol, type TextEncoding } from './text-codec.js';

const CHUNK = 1 << 20; // even, so UTF-16 code units never straddle two chunks

export interface WindowRequest {
  /** 1-based first line. */
  start: number;
  /** Last line wanted (inclusive). */
  end: number;
  /** Upper bound on the window's bytes; the window ends at the last whole line under it. */
  maxBytes: number;
}

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

// Validates UTF-8 chunk by chunk, carrying a character split across a chunk boundary.
class Utf8Stream {
  private carry = Buffer.alloc(0);
  private valid = true;

  feed(chunk: Buffer): void {
    if (!this.valid || chunk.length === 0) return;
    let start = 0;
    if (this.carry.length > 0) {
      const need = sequenceLength(this.carry[0] as number) - this.carry.length;
      const joined = Buffer.concat([this.carry, chunk.subarray(0, need)]);
      if (joined.length < this.carry.length + need) {
        this.carry = joined;
        return;
      }
      if (!isUtf8(joined)) this.valid = false;
      this.carry = Buffer.alloc(0);
      start = need;
    }
    const cut = chunk.length - incompleteTail(chunk);
    if (cut > start && !isUtf8(chunk.subarray(start, cut))) this.valid = false;
    if (cut >= start) this.carry = Buffer.from(chunk.subarray(Math.max(cut, start)));
  }

  end(): boolean {
    return this.valid && this.carry.length === 0;
  }
}

function sequenceLength(lead: number): number {
  if (lead >= 0xf0) return 4;
  if (lead >= 0xe0) return 3;
  if (lead >= 0xc0) return 2;
  return 1;
}

function incompleteTail(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back] as number;
    if ((byte & 0xc0) !== 0x80) {
      return sequenceLength(byte) > back ? back : 0;
    }
  }
  return 0;
}

// Finds line breaks (LF, or the LF code unit in UTF-16) and copies out the requested lines.
// Offsets are absolute file positions; the window is the byte range [windowStart, windowEnd).
class LineTracker {
  private unit = 1;
  private newline = Buffer.from([0x0a]);
  private cr = Buffer.from([0x0d]);
  private started = false;
  private line = 1;
  private lineStart = 0;
  private bodyEnd = 0;
  private prevUnit = Buffer.alloc(0);
  private crlf = 0;
  private lf = 0;
  private pieces: Buffer[] = [];
  private collectedUpTo = -1;
  private windowStart = -1;
  private windowEnd = -1;
  private lastLine: number;
  private truncated = false;

  constructor(private readonly request: WindowRequest) {
    this.lastLine = request.start - 1;
  }

  setUnit(encoding: 'utf-8' | 'utf-16le' | 'utf-16be'): void {
    if (encoding === 'utf-8') return;
    this.unit = 2;
    this.newline = Buffer.from(encoding === 'utf-16le' ? [0x0a, 0x00] : [0x00, 0x0a]);
    this.cr = Buffer.from(encoding === 'utf-16le' ? [0x0d, 0x00] : [0x00, 0x0d]);
  }

  feed(chunk: Buffer, base: number): void {
    if (!this.started) {
      this.started = true;
      this.lineStart = base;
      this.bodyEnd = base;
      if (this.request.start === 1) this.windowStart = base;
    }
    for (let from = 0; ; ) {
      const at = chunk.indexOf(this.newline, from);
      if (at === -1) break;
      from = at + 1;
      if (this.unit === 2 && (base + at) % 2 !== 0) continue;
      const before = at >= this.unit ? chunk.subarray(at - this.unit, at) : this.prevUnit;
      if (before.equals(this.cr)) this.crlf++;
      else this.lf++;
      this.endLine(base + at + this.unit);
      from = at + this.unit;
    }
    this.collect(chunk, base);
    this.bodyEnd = base + chunk.length;
    this.prevUnit = Buffer.from(chunk.subarray(Math.max(0, chunk.length - this.unit)));
  }

  // The current line ends at `end` (after its break): include it in the window if it fits.
  private endLine(end: number): void {
    const { start, end: last, maxBytes } = this.request;
    if (this.line >= start && this.line <= last && this.windowEnd === -1) {
      if (end - this.windowStart > maxBytes) {
        this.truncated = true;
        const partial = this.line === start;
        this.windowEnd = partial ? this.windowStart + maxBytes : this.lineStart;
        this.lastLine = partial ? this.line : this.line - 1;
      } else {
        this.lastLine = this.line;
        if (this.line === last) this.windowEnd = end;
      }
    }
    this.line++;
    this.lineStart = end;
    if (this.line === start) this.windowStart = end;
  }

  // Copies the part of this chunk inside the window (at most maxBytes in all).
  private collect(chunk: Buffer, base: number): void {
    if (this.windowStart === -1) return;
    const limit = this.windowEnd === -1 ? this.windowStart + this.request.maxBytes : this.windowEnd;
    const from = Math.max(this.windowStart, this.collectedUpTo, base);
    const to = Math.min(limit, base + chunk.length);
    if (to <= from) return;
    this.pieces.push(Buffer.from(chunk.subarray(from - base, to - base)));
    this.collectedUpTo = to;
  }

  finish(): { bytes: Buffer; lastLine: number; truncated: boolean } {
    if (this.bodyEnd > this.lineStart) this.endLine(this.bodyEnd); // a last line without a break
    let bytes = Buffer.concat(this.pieces);
    if (this.windowStart === -1) bytes = Buffer.alloc(0);
    else if (this.windowEnd !== -1) bytes = bytes.subarray(0, this.windowEnd - this.windowStart);
    if (this.truncated) bytes = bytes.subarray(0, bytes.length - (this.unit === 2 ? bytes.length % 2 : incompleteTail(bytes)));
    return { bytes, lastLine: this.lastLine, truncated: this.truncated };
  }

  totalLines(): number {
    // finish() has counted a final unterminated line already.
    return this.line - 1;
  }

  eol(): Eol {
    if (this.crlf === 0 && this.lf === 0) return 'none';
    if (this.crlf === 0) return 'lf';
    return this.lf === 0 ? 'crlf' : 'mixed';
  }
}
