// write_file: replaces an observed file's content (keeping its encoding, BOM, mode and CRLF
// convention), or creates a file that does not exist — never overwrites what was not observed.
import type { WriteFileArgs } from '../../generated/fs-tools.js';
import type { ToolContext } from '../context.js';
import { createNew } from '../create-file.js';
import { rewriteObserved, type ToolSuccess } from '../mutate.js';
import { conformEol, decodeText, detectEol, encodeText, type TextFormat } from '../text-codec.js';
import { resolveInWorkspace } from '../workspace-paths.js';
import { FsError } from '../errors.js';

const PLAIN_UTF8: TextFormat = { encoding: 'utf-8', bom: false, eol: 'lf' };

function formatOf(bytes: Buffer, shown: string): TextFormat {
  try {
    return decodeText(bytes, shown).format;
  } catch (error) {
    // Not text before: the new content replaces it whole, so nothing can be garbled.
    if (error instanceof FsError && error.code === 'FS_ENCODING') return PLAIN_UTF8;
    throw error;
  }
}

export async function writeFileTool(ctx: ToolContext, args: WriteFileArgs): Promise<ToolSuccess> {
  const target = resolveInWorkspace(ctx.ws, args.path);
  // With expected_version the caller says it saw the file: never a create, always a checked rewrite.
  if (ctx.expectedVersion === undefined && ctx.store.get(target.abs)?.kind !== 'present') {
    const created = await createNew(ctx, target, Buffer.from(args.content, 'utf8'), { created: true, bytes: Buffer.byteLength(args.content) });
    if (created !== 'observed-meanwhile') return created;
  }
  return rewriteObserved(ctx, target, (bytes) => {
    const format = formatOf(bytes, target.shown);
    // Content written with bare LF into a CRLF file follows the file; explicit CRs are kept as given.
    // The file's BOM is kept; content that starts with its own U+FEFF would make it a second one.
    const content = format.bom && args.content.startsWith('\uFEFF') ? args.content.slice(1) : args.content;
    const text = format.eol === 'crlf' && !content.includes('\r') ? conformEol(content, 'crlf') : content;
    const encoded = encodeText(text, format);
    return { bytes: encoded, extra: { created: false, bytes: encoded.length, encoding: format.encoding, bom: format.bom, eol: detectEol(text) } };
  });
}
