// A fixed-size ring of UTF-8 lines: the transcript's tail. Lines live as bytes in one buffer, not
// as strings on the heap, so a long stream allocates nothing that survives and memory stays flat.
export class ByteRing {
  private readonly data: Buffer;
  private start = 0;
  private used = 0;
  // Sizes of the queued lines (each including its newline), in a growable circular queue.
  private sizes = new Int32Array(1024);
  private first = 0;
  private count = 0;
  droppedLines = 0;
  droppedBytes = 0;

  constructor(readonly capacity: number) {
    this.data = Buffer.alloc(capacity);
  }

  get lines(): number {
    return this.count;
  }

  /** Appends `line` + "\n" (`bytes` = its UTF-8 length + 1), dropping the oldest lines to fit. */
  push(line: string, bytes: number): void {
    if (bytes > this.capacity) throw new RangeError(`line of ${bytes} bytes exceeds the ring of ${this.capacity}`);
    while (this.used + bytes > this.capacity) this.dropOldest();
    const at = (this.start + this.used) % this.capacity;
    if (at + bytes <= this.capacity) {
      this.data.write(line, at, 'utf8');
      this.data[at + bytes - 1] = 0x0a;
    } else {
      const encoded = Buffer.from(`${line}\n`, 'utf8');
      const first = this.capacity - at;
      encoded.copy(this.data, at, 0, first);
      encoded.copy(this.data, 0, first);
    }
    this.used += bytes;
    this.enqueue(bytes);
  }

  /** The queued lines in order, as one buffer. */
  contents(): Buffer {
    const out = Buffer.allocUnsafe(this.used);
    const first = Math.min(this.used, this.capacity - this.start);
    this.data.copy(out, 0, this.start, this.start + first);
    if (first < this.used) this.data.copy(out, first, 0, this.used - first);
    return out;
  }

  private enqueue(size: number): void {
    if (this.count === this.sizes.length) {
      const grown = new Int32Array(this.sizes.length * 2);
      for (let i = 0; i < this.count; i++) grown[i] = this.sizes[(this.first + i) % this.sizes.length]!;
      this.sizes = grown;
      this.first = 0;
    }
    this.sizes[(this.first + this.count) % this.sizes.length] = size;
    this.count += 1;
  }

  private dropOldest(): void {
    const size = this.sizes[this.first]!;
    this.first = (this.first + 1) % this.sizes.length;
    this.count -= 1;
    this.start = (this.start + size) % this.capacity;
    this.used -= size;
    this.droppedLines += 1;
    this.droppedBytes += size;
  }
}
