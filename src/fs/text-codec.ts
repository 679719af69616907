// Decoding and re-encoding that never garbles: an edit either round-trips the file's encoding, BOM
// and line endings exactly, or refuses with FS_ENCODING (FS_BINARY for bytes no text has).
import { isUtf8 } from 'node:buffer';
import { FsError } from './errors.js';
import { checkEncodingName, decodeNamed, encodeNamed, unicodeName, type UnicodeEncoding } from './named-encoding.js';

/** `binary` means: not valid in any supported encoding (every text tool refuses it). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'binary';
/** `none` means the file has no line break at all. */
export type Eol = 'lf' | 'crlf' | 'mixed' | 'none';

export interface TextFormat {
  /** A Unicode encoding, or the (lower-cased) encoding the caller named, e.g. `windows-1252`. */
  encoding: UnicodeEncoding | (string & {});
  bom: boolean;
  eol: Eol;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The encoding a BOM announces, and its length; no BOM means UTF-8 (to be validated). */
export function sniffBom(head: Uint8Array): { encoding: 'utf-8' | 'utf-16le' | 'utf-16be'; bomLength: number } {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', bomLength: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  return { encoding: 'utf-8', bomLength: 0 };
}

export function detectEol(text: string): Eol {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  if (crlf === 0 && lf === 0) return 'none';
  if (crlf === 0) return 'lf';
  return lf === 0 ? 'crlf' : 'mixed';
}

/** Rewrites the line breaks of text an edit brings in to the file's own convention. */
export function conformEol(text: string, eol: Eol): string {
  if (eol === 'crlf') return text.replace(/\r?\n/g, '\r\n');
  if (eol === 'lf') return text.replace(/\r\n/g, '\n');
  return text;
}

/** Why a file's bytes are not text at all: refused by every text tool, whatever encoding is named. */
export function binaryError(shown: string): FsError {
  return new FsError(
    'FS_BINARY',
    `${shown}: holds NUL bytes, so it is binary, not text; the text tools do not read or change it (use a command)`,
  );
}

/** Not UTF-8, and no BOM says otherwise: the caller has to name the encoding (the bytes cannot). */
export function notUtf8Error(shown: string): FsError {
  return new FsError(
    'FS_ENCODING',
    `${shown}: not valid UTF-8 (nor UTF-16 with a BOM); ` +
      'if it is text in another encoding, pass `encoding` naming it (e.g. latin1, windows-1252, shift_jis, gbk)',
  );
}

export function badUtf16Error(shown: string, encoding: string, cause?: unknown): FsError {
  return new FsError(
    'FS_ENCODING',
    `${shown}: starts with a ${encoding} byte order mark but is not valid ${encoding}; refusing to use it as text`,
    { cause },
  );
}

/**
 * Decodes a whole file strictly. Without `named`: UTF-8, or UTF-16 announced by a BOM; anything
 * else → FS_ENCODING. With `named`: that encoding, byte-exactly (a BOM must agree with it).
 * NUL bytes → FS_BINARY either way.
 */
export function decodeText(bytes: Buffer, shown: string, named?: string): { text: string; format: TextFormat } {
  const { encoding, bomLength } = sniffBom(bytes);
  if (named !== undefined) {
    checkEncodingName(named);
    const unicode = unicodeName(named);
    if (bomLength > 0 && unicode !== encoding) {
      throw new FsError(
        'FS_ENCODING',
        `${shown}: starts with a ${encoding} byte order mark, so it is ${encoding}, not ${named}; ` +
          'leave out `encoding`',
      );
    }
    if (bomLength === 0 && unicode !== 'utf-8') return decodeNamedText(bytes, shown, named.toLowerCase());
  }
  const body = bytes.subarray(bomLength);
  let text: string;
  if (encoding === 'utf-8') {
    if (body.includes(0)) throw binaryError(shown);
    if (!isUtf8(body)) throw notUtf8Error(shown);
    text = body.toString('utf8');
  } else {
    try {
      text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
    } catch (error) {
      throw badUtf16Error(shown, encoding, error);
    }
  }
  return { text, format: { encoding, bom: bomLength > 0, eol: detectEol(text) } };
}

function decodeNamedText(bytes: Buffer, shown: string, named: string): { text: string; format: TextFormat } {
  const unicode = unicodeName(named);
  // In an ASCII-compatible encoding a NUL byte is a NUL character; in UTF-16 only a NUL unit is.
  if (unicode === undefined && bytes.includes(0)) throw binaryError(shown);
  const text = decodeNamed(bytes, unicode ?? named, shown);
  if (text.includes('\0')) throw binaryError(shown);
  return { text, format: { encoding: unicode ?? named, bom: false, eol: detectEol(text) } };
}

/** Encodes text in the file's format; a character its encoding cannot hold → FS_ENCODING. */
export function encodeText(text: string, format: TextFormat, shown = 'the file'): Buffer {
  if (format.encoding === 'utf-8') {
    const body = Buffer.from(text, 'utf8');
    return format.bom ? Buffer.concat([UTF8_BOM, body]) : body;
  }
  if (format.encoding === 'utf-16le' || format.encoding === 'utf-16be') {
    const body = Buffer.from(text, 'utf16le');
    if (format.encoding === 'utf-16be') body.swap16();
    if (!format.bom) return body;
    const bom = format.encoding === 'utf-16be' ? [0xfe, 0xff] : [0xff, 0xfe];
    return Buffer.concat([Buffer.from(bom), body]);
  }
  return encodeNamed(text, format.encoding, shown);
}
