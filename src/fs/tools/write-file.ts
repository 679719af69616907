// write_file: replaces an observed file's content (keeping its encoding, BOM, mode and CRLF
// convention, or writing the encoding the caller names), or creates a file that does not exist —
// never overwrites what was not observed.
import type { WriteFileArgs } from '../../generated/fs-tools.js';
import { rewriteBuffer } from '../buffers.js';
import { resolveTarget, type ToolContext } from '../context.js';
import { createNew } from '../create-file.js';
import { FsError } from '../errors.js';
import { rewriteObserved, type ToolSuccess } from '../mutate.js';
import { unicodeName } from '../named-encoding.js';
import { checkRoute } from '../rewrite-text.js';
import { conformEol, decodeText, detectEol, encodeText, sniffBom, type TextFormat } from '../text-codec.js';

// A new file: UTF-8 without BOM unless an encoding is named (UTF-16 gets the BOM that lets it be
// recognised later without naming it).
function newFileFormat(named: string | undefined): TextFormat {
  const unicode = named === undefined ? 'utf-8' : unicodeName(named);
  if (unicode === undefined) return { encoding: (named as string).toLowerCase(), bom: false, eol: 'lf' };
  return { encoding: unicode, bom: unicode !== 'utf-8', eol: 'lf' };
}

// The format the new content is written in. Without a named encoding the file must decode as it is
// (FS_ENCODING / FS_BINARY otherwise). With one that the file is not in, the file changes encoding:
// only its line-ending convention carries over.
function formatOf(bytes: Buffer, shown: string, named: string | undefined): TextFormat {
  if (named === undefined) return decodeText(bytes, shown).format;
  try {
    return decodeText(bytes, shown, named).format;
  } catch (error) {
    if (!(error instanceof FsError && error.code === 'FS_ENCODING')) throw error;
    const { encoding, bomLength } = sniffBom(bytes);
    const before =
      bomLength > 0 && encoding !== 'utf-8' ? new TextDecoder(encoding).decode(bytes) : bytes.toString('latin1');
    return { ...newFileFormat(named), eol: detectEol(before) };
  }
}

// Content written with bare LF into a CRLF file follows the file; explicit CRs are kept as given.
// The file's BOM is kept; content that starts with its own U+FEFF would make it a second one.
function contentFor(content: string, format: TextFormat): string {
  const body = format.bom && content.startsWith('\uFEFF') ? content.slice(1) : content;
  return format.eol === 'crlf' && !body.includes('\r') ? conformEol(body, 'crlf') : body;
}

export async function writeFileTool(ctx: ToolContext, args: WriteFileArgs): Promise<ToolSuccess> {
  const target = resolveTarget(ctx, args.path);
  checkRoute(args);
  if (args.target === 'buffer') {
    return rewriteBuffer(ctx, target, (_old, format) => {
      const text = contentFor(args.content, format);
      // A buffer holds text: its size is counted as UTF-8, as the buffer's file would be written.
      return { text, extra: { created: false, bytes: Buffer.byteLength(text), eol: detectEol(text) } };
    });
  }
  // With expected_version the caller says it saw the file: never a create, always a checked rewrite.
  if (ctx.expectedVersion === undefined && ctx.store.get(target.abs)?.kind !== 'present') {
    const format = newFileFormat(args.encoding);
    const encoded = encodeText(args.content, format, target.shown);
    const extra = {
      created: true,
      bytes: encoded.length,
      ...(args.encoding === undefined ? {} : { encoding: format.encoding }),
    };
    const created = await createNew(ctx, target, encoded, extra);
    if (created !== 'observed-meanwhile') return created;
  }
  return rewriteObserved(ctx, target, (bytes) => {
    const format = formatOf(bytes, target.shown, args.encoding);
    const text = contentFor(args.content, format);
    const encoded = encodeText(text, format, target.shown);
    return {
      bytes: encoded,
      extra: {
        created: false,
        bytes: encoded.length,
        encoding: format.encoding,
        bom: format.bom,
        eol: detectEol(text),
      },
    };
  });
}
