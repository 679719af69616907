// Streaming UTF-8 validation for files too large to hold: chunk by chunk, carrying a character
// that a chunk boundary splits.
import { isUtf8 } from 'node:buffer';

// Validates UTF-8 chunk by chunk, carrying a character split across a chunk boundary.
export class Utf8Stream {
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

export function incompleteTail(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(3, chunk.length); back++) {
    const byte = chunk[chunk.length - back] as number;
    if ((byte & 0xc0) !== 0x80) {
      return sequenceLength(byte) > back ? back : 0;
    }
  }
  return 0;
}
