// A task file's (or stdin's) bytes as text: UTF-8, with or without a byte order mark, or UTF-16
// with one (what Windows PowerShell 5's `>` writes). Anything else is refused with the line where
// it stops being text, never guessed at.
import { UsageError } from './args.js';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** Decodes a task's bytes; `source` names where they came from in the error. */
export function decodeTaskText(bytes: Buffer, source: string): string {
  let text: string;
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    text = utf16(bytes, source);
  } else {
    const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes;
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      throw new UsageError(
        `${source} is not UTF-8 text: line ${firstBadLine(body)} holds bytes that are not; ` +
          'save it as UTF-8 and try again',
      );
    }
  }
  // UTF-16 without a byte order mark decodes as UTF-8 with a NUL after each ASCII letter.
  const nul = text.indexOf('\u0000');
  if (nul !== -1)
    throw new UsageError(
      `${source} holds a NUL character (line ${lineAt(text, nul)}): it is binary, or UTF-16 without a byte ` +
        'order mark; save it as UTF-8 text',
    );
  return text;
}

function utf16(bytes: Buffer, source: string): string {
  const body = Buffer.from(bytes.subarray(2));
  if (body.length % 2 !== 0) throw new UsageError(`${source} starts like UTF-16 but has an odd number of bytes`);
  // Big-endian: swapped in place to little-endian, which every Node decodes.
  if (bytes[0] === 0xfe) body.swap16();
  try {
    return new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true }).decode(body);
  } catch {
    throw new UsageError(`${source} starts like UTF-16 but is not valid UTF-16; save it as UTF-8 and try again`);
  }
}

// The 1-based line of the first bytes that are not UTF-8. A newline byte never occurs inside a
// UTF-8 sequence, so each line decodes (or fails) on its own.
function firstBadLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let line = 1;
  let start = 0;
  while (start <= bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    if (end === -1) end = bytes.length;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    line += 1;
    start = end + 1;
  }
  return line;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
