import type { Eol } from '../../text-codec.js';
import { incompleteTail } from './utf8-stream.js';

/** Which lines to keep: 1-based inclusive, and at most maxBytes of them. */
export interface WindowRequest {
  /** 1-based first line. */
  start: number;
  /** Last line wanted (inclusive). */
  end: number;
  /** Upper bound on the window's bytes; the window ends at the last whole line under it. */
  maxBytes: number;
}

// Finds line breaks (LF, or the LF code unit in UTF-16) and copies out the requested lines.
// Offsets are absolute file positions; the window is the byte range [windowStart, windowEnd).
export class LineTracker {
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
    for (let from = 0; ;) {
      const at = chunk.indexOf(this.newline, from);
      if (at === -1) break;
      from = at + 1;
      if (this.unit === 2 && (base + at) % 2 !== 0) continue;
      if (this.crBefore(chunk, at)) this.crlf++;
      else this.lf++;
      this.endLine(base + at + this.unit);
      from = at + this.unit;
    }
    this.collect(chunk, base);
    this.bodyEnd = base + chunk.length;
    this.prevUnit = Buffer.from(chunk.subarray(Math.max(0, chunk.length - this.unit)));
  }

  // Whether the code unit before the break at `at` is CR. Compared byte by byte, with the previous
  // chunk's last unit for a break at the start: a Buffer per line made counting the main cost of
  // scanning a large file.
  private crBefore(chunk: Buffer, at: number): boolean {
    for (let i = 0; i < this.unit; i++) {
      const index = at - this.unit + i;
      const byte = index >= 0 ? chunk[index] : this.prevUnit[this.prevUnit.length + index];
      if (byte !== this.cr[i]) return false;
    }
    return true;
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
    if (this.truncated)
      bytes = bytes.subarray(0, bytes.length - (this.unit === 2 ? bytes.length % 2 : incompleteTail(bytes)));
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
