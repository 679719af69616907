// Decoding and re-encoding that never garbles: an edit either round-trips the file's encoding, BOM
// and line endings exactly, or refuses with FS_ENCODING.
import { isUtf8 } from 'node:buffer';
import { FsError } from './errors.js';

/** `binary` means: not valid in any supported encoding (edits refuse it). */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'binary';
/** `none` means the file has no line break at all. */
export type Eol = 'lf' | 'crlf' | 'mixed' | 'none';

export interface TextFormat {
  encoding: Exclude<TextEncoding, 'binary'>;
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

/** Decodes a whole file strictly; bytes that are not valid text → FS_ENCODING. */
export function decodeText(bytes: Buffer, shown: string): { text: string; format: TextFormat } {
  const { encoding, bomLength } = sniffBom(bytes);
  const body = bytes.subarray(bomLength);
  let text: string;
  if (encoding === 'utf-8') {
    if (!isUtf8(body)) {
      throw new FsError('FS_ENCODING', `${shown}: not valid UTF-8 (nor UTF-16 with a BOM); refusing to edit it as text`);
    }
    text = body.toString('utf8');
  } else {
    try {
      text = new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(body);
    } catch (error) {
      throw new FsError('FS_ENCODING', `${shown}: invalid ${encoding} data; refusing to edit it as text`, { cause: error });
    }
  }
  return { text, format: { encoding, bom: bomLength > 0, eol: detectEol(text) } };
}

export function encodeText(text: string, format: TextFormat): Buffer {
  if (format.encoding === 'utf-8') {
    const body = Buffer.from(text, 'utf8');
    return format.bom ? Buffer.concat([UTF8_BOM, body]) : body;
  }
  const body = Buffer.from(text, 'utf16le');
  if (format.encoding === 'utf-16be') body.swap16();
  const bom = format.encoding === 'utf-16be' ? [0xfe, 0xff] : [0xff, 0xfe];
  return Buffer.concat([Buffer.from(bom), body]);
}
