// Finds the top-level "id" of a JSON-RPC message without parsing it: fed in pieces, it reads a
// line too large to keep, or one that is not valid JSON, so such a request can still be answered.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MAX_KEY_BYTES = 8;
const MAX_ID_BYTES = 1024;

type Expect = 'start' | 'key' | 'colon' | 'value' | 'comma' | 'done';

/** A streaming scanner; `id` is the last top-level "id" whose value is a string or a number. */
export class TopLevelIdScanner {
  #expect: Expect = 'start';
  #depth = 0;
  #inString = false;
  #escaped = false;
  // Bytes of the key or id value being read at depth 1 (null: not capturing, or too long).
  #capture: number[] | null = null;
  #keyIsId = false;
  #readingId = false;
  #number: number[] | null = null;
  #id: string | number | undefined;

  get id(): string | number | undefined {
    return this.#id;
  }

  feed(bytes: Uint8Array): void {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    let nextQuote = -1;
    let nextBackslash = -1;
    for (let i = 0; i < buffer.length; i++) {
      if (this.#expect === 'done') return;
      if (this.#inString && !this.#capture && !this.#escaped) {
        // Skip string content that is not kept in one jump: only a quote or a backslash matters.
        if (nextQuote < i) nextQuote = indexOrEnd(buffer, QUOTE, i);
        if (nextBackslash < i) nextBackslash = indexOrEnd(buffer, BACKSLASH, i);
        i = Math.min(nextQuote, nextBackslash);
        if (i >= buffer.length) return;
      }
      const byte = buffer[i]!;
      if (this.#inString) {
        this.#stringByte(byte);
        continue;
      }
      if (this.#number) {
        if (isNumberByte(byte)) {
          if (this.#number.length < MAX_ID_BYTES) this.#number.push(byte);
          continue;
        }
        this.#finishNumber();
      }
      if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
      this.#structural(byte);
    }
  }

  #stringByte(byte: number): void {
    if (this.#escaped) {
      this.#escaped = false;
      this.#keep(byte);
      return;
    }
    if (byte === BACKSLASH) {
      this.#escaped = true;
      this.#keep(byte);
      return;
    }
    if (byte !== QUOTE) {
      this.#keep(byte);
      return;
    }
    this.#inString = false;
    if (this.#depth !== 1) return;
    const text = this.#capture ? decodeString(this.#capture) : undefined;
    this.#capture = null;
    if (this.#expect === 'key') {
      this.#keyIsId = text === 'id';
      this.#expect = 'colon';
    } else if (this.#expect === 'value') {
      if (this.#readingId && text !== undefined) this.#id = text;
      this.#readingId = false;
      this.#expect = 'comma';
    }
  }

  #keep(byte: number): void {
    if (!this.#capture) return;
    const limit = this.#readingId ? MAX_ID_BYTES : MAX_KEY_BYTES;
    if (this.#capture.length < limit) this.#capture.push(byte);
    else this.#capture = null;
  }

  #structural(byte: number): void {
    if (this.#expect === 'start') {
      // Only an object has a top-level id; anything else is left alone.
      this.#expect = byte === 0x7b ? 'key' : 'done';
      this.#depth = 1;
      return;
    }
    if (byte === QUOTE) {
      this.#inString = true;
      if (this.#depth === 1 && (this.#expect === 'key' || this.#expect === 'value')) {
        this.#readingId = this.#expect === 'value' && this.#keyIsId;
        this.#capture = this.#expect === 'key' || this.#readingId ? [] : null;
      }
      return;
    }
    if (byte === 0x7b || byte === 0x5b) {
      this.#depth++;
      return;
    }
    if (byte === 0x7d || byte === 0x5d) {
      this.#depth--;
      if (this.#depth === 1) this.#expect = 'comma';
      if (this.#depth <= 0) this.#expect = 'done';
      return;
    }
    if (this.#depth !== 1) return;
    if (byte === 0x3a && this.#expect === 'colon') this.#expect = 'value';
    else if (byte === 0x2c) this.#expect = 'key';
    else if (this.#expect === 'value') {
      if (this.#keyIsId && isNumberByte(byte)) this.#number = [byte];
      else this.#expect = 'comma';
      if (this.#keyIsId && !this.#number) this.#id = undefined;
    }
  }

  #finishNumber(): void {
    const value = Number(Buffer.from(this.#number!).toString('latin1'));
    this.#number = null;
    this.#id = Number.isFinite(value) ? value : undefined;
    this.#expect = 'comma';
  }

  /** Call at the end of the line: a number that ends the input is complete only then. */
  end(): string | number | undefined {
    if (this.#number) this.#finishNumber();
    return this.#id;
  }
}

function indexOrEnd(buffer: Buffer, byte: number, from: number): number {
  const at = buffer.indexOf(byte, from);
  return at === -1 ? buffer.length : at;
}

function isNumberByte(byte: number): boolean {
  return (
    (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2b || byte === 0x2e || byte === 0x65 || byte === 0x45
  );
}

function decodeString(bytes: number[]): string | undefined {
  try {
    const parsed: unknown = JSON.parse(`"${Buffer.from(bytes).toString('utf8')}"`);
    return typeof parsed === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The top-level id of a whole line, when one can be read. */
export function readTopLevelId(line: Uint8Array): string | number | undefined {
  const scanner = new TopLevelIdScanner();
  scanner.feed(line);
  return scanner.end();
}
