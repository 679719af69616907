// Splits a child's stdout into lines under two caps: the total bytes read and the bytes of one
// line. Crossing either stops the stream (the caller kills the tree), so memory stays bounded
// whatever the child prints.

export interface LineLimits {
  maxOutputBytes: number;
  maxLineBytes: number;
}

export type LimitKind = 'output-bytes' | 'line-bytes';

/** A push-based line splitter. Feed it chunks; it calls onLine per complete line (without EOL). */
export class LineSplitter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private total = 0;
  private stopped = false;

  constructor(
    private readonly limits: LineLimits,
    private readonly onLine: (line: string) => void,
    private readonly onLimit: (kind: LimitKind) => void,
  ) {}

  /** Total bytes received so far (counted up to the point where a cap stopped the stream). */
  get bytes(): number {
    return this.total;
  }

  push(chunk: Buffer): void {
    if (this.stopped) return;
    const room = this.limits.maxOutputBytes - this.total;
    this.total += chunk.length;
    // The complete lines before the cap still count; the flood after it does not.
    const over = this.total > this.limits.maxOutputBytes;
    if (over) chunk = chunk.subarray(0, Math.max(0, room));
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      if (nl === -1) break;
      const piece = chunk.subarray(start, nl);
      if (this.pendingBytes + piece.length > this.limits.maxLineBytes) return this.stop('line-bytes');
      this.emit(piece);
      if (this.stopped) return;
      start = nl + 1;
    }
    if (over) return this.stop('output-bytes');
    const rest = chunk.subarray(start);
    if (rest.length > 0) {
      if (this.pendingBytes + rest.length > this.limits.maxLineBytes) return this.stop('line-bytes');
      this.pending.push(Buffer.from(rest));
      this.pendingBytes += rest.length;
    }
  }

  /** Flushes a last line without a trailing newline. */
  end(): void {
    if (this.stopped || this.pendingBytes === 0) return;
    this.emit(Buffer.alloc(0));
  }

  private emit(piece: Buffer): void {
    const bytes = this.pendingBytes === 0 ? piece : Buffer.concat([...this.pending, piece]);
    this.pending = [];
    this.pendingBytes = 0;
    let line = bytes.toString('utf8');
    if (line.endsWith('\r')) line = line.slice(0, -1);
    this.onLine(line);
  }

  private stop(kind: LimitKind): void {
    this.stopped = true;
    this.pending = [];
    this.pendingBytes = 0;
    this.onLimit(kind);
  }
}
