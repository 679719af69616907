// Encodings other than UTF-8 and UTF-16, named by the caller: a file's bytes cannot say whether they
// are Latin-1, Windows-1252, Shift_JIS or GBK, so the tools never guess. Decoding is strict (the text
// must encode back to the very same bytes, or the file is not in that encoding), and encoding
// refuses a character the encoding has no bytes for (iconv-lite alone would write "?" instead).
import type Iconv from 'iconv-lite';
import { requireDependency } from '../package/dependency.js';
import { FsError } from './errors.js';

export type UnicodeEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

let loaded: typeof Iconv | undefined;

// Loaded on first use: its code and tables cost start-up time most sessions never need.
function iconv(): typeof Iconv {
  loaded ??= requireDependency<typeof Iconv>('iconv-lite');
  return loaded;
}

const squash = (name: string): string => name.toLowerCase().replace(/[^0-9a-z]/g, '');

/** The Unicode encoding a name means (`utf8`, `UTF-16LE`, `ucs2`…), or undefined for any other name. */
export function unicodeName(name: string): UnicodeEncoding | undefined {
  const key = squash(name);
  if (key === 'utf8') return 'utf-8';
  if (key === 'utf16le' || key === 'ucs2') return 'utf-16le';
  if (key === 'utf16be') return 'utf-16be';
  return undefined;
}

// iconv-lite also "decodes" bytes into their hex or base64 spelling: byte-exact, but not the text
// the file holds.
const NOT_TEXT = new Set(['hex', 'base64', 'base64url']);

/** Refuses a name no codec answers to, before any file is touched. Returns the name, lower-cased. */
export function checkEncodingName(name: string): string {
  if (
    unicodeName(name) === undefined &&
    (NOT_TEXT.has(squash(name)) || squash(name) === '' || !iconv().encodingExists(name))
  ) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `encoding "${name}" is not one this tool knows (e.g. latin1, windows-1252, shift_jis, gbk, big5, euc-kr, koi8-r)`,
    );
  }
  return name.toLowerCase();
}

/** Decodes bytes that must be exactly `name`; any byte that does not survive the round trip → FS_ENCODING. */
export function decodeNamed(bytes: Buffer, name: string, shown: string): string {
  const text = iconv().decode(bytes, name, { stripBOM: false });
  const back = iconv().encode(text, name, { addBOM: false });
  if (!back.equals(bytes)) {
    let at = 0;
    while (at < bytes.length && bytes[at] === back[at]) at++;
    const byte =
      at < bytes.length
        ? `byte 0x${(bytes[at] as number).toString(16).padStart(2, '0')} at offset ${at}`
        : `the end at offset ${at}`;
    throw new FsError(
      'FS_ENCODING',
      `${shown}: is not ${name}: ${byte} does not decode in it; name the file's real encoding`,
    );
  }
  return text;
}

/** Encodes text in `name`, refusing (FS_ENCODING, naming the character) what the encoding cannot hold. */
export function encodeNamed(text: string, name: string, shown: string): Buffer {
  const bytes = iconv().encode(text, name, { addBOM: false });
  if (iconv().decode(bytes, name, { stripBOM: false }) === text) return bytes;
  for (const char of text) {
    if (iconv().decode(iconv().encode(char, name), name) !== char) {
      const code = `U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
      throw new FsError(
        'FS_ENCODING',
        `${shown}: "${char}" (${code}) cannot be written in ${name}, the file's encoding; nothing was changed`,
      );
    }
  }
  throw new FsError(
    'FS_ENCODING',
    `${shown}: the new text does not encode back to itself in ${name}; nothing was changed`,
  );
}
