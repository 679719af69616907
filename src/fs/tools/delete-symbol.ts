// delete_symbol: removes one definition (with its decorators or attributes and the comments directly
// above it) from an observed source file, found with tree-sitter in a parser thread; published like
// every other edit.
import type { DeleteSymbolArgs } from '../../generated/fs-tools.js';
import type { ToolContext } from '../context.js';
import { FsError } from '../errors.js';
import { rewriteObserved, type ToolSuccess } from '../mutate.js';
import { decodeText, encodeText } from '../text-codec.js';
import { resolveInWorkspace } from '../workspace-paths.js';
import { languageOf } from './symbol-grammars.js';
import { runSymbolJob } from './symbol-host.js';

/**
 * The largest file delete_symbol parses. Tree-sitter's wasm memory runs out on dense sources of a
 * few tens of MB (and parsing takes seconds per MB); source that large is generated anyway.
 */
export const MAX_SYMBOL_FILE_BYTES = 8 * 1024 * 1024;

export async function deleteSymbolTool(ctx: ToolContext, args: DeleteSymbolArgs): Promise<ToolSuccess> {
  const target = resolveInWorkspace(ctx.ws, args.path);
  const language = languageOf(target.abs, target.shown);
  return rewriteObserved(ctx, target, async (bytes) => {
    if (bytes.length > MAX_SYMBOL_FILE_BYTES) {
      throw new FsError(
        'FS_FILE_TOO_LARGE',
        `${target.shown}: is ${bytes.length} bytes; delete_symbol parses files up to ${MAX_SYMBOL_FILE_BYTES} bytes (8 MiB); use delete_range or edit_file instead`,
      );
    }
    const { text, format } = decodeText(bytes, target.shown);
    const cut = await runSymbolJob({ text, language, symbol: args.symbol, shown: target.shown, eol: format.eol });
    return { bytes: encodeText(cut.text, format), extra: cut.extra };
  });
}
