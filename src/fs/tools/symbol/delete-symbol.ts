// delete_symbol: removes one definition (with its decorators or attributes and the comments directly
// above it) from an observed source file, found with tree-sitter in a parser thread; published like
// every other edit.
import type { DeleteSymbolArgs } from '../../../generated/fs-tools.js';
import { resolveTarget, type ToolContext } from '../../context.js';
import { FsError } from '../../errors.js';
import type { ToolSuccess } from '../../mutate.js';
import { rewriteText } from '../../rewrite-text.js';
import { languageOf } from './grammars.js';
import { runSymbolJob } from './host.js';

/**
 * The largest file delete_symbol parses. Tree-sitter's wasm memory runs out on dense sources of a
 * few tens of MB (and parsing takes seconds per MB); source that large is generated anyway.
 */
export const MAX_SYMBOL_FILE_BYTES = 8 * 1024 * 1024;

export async function deleteSymbolTool(ctx: ToolContext, args: DeleteSymbolArgs): Promise<ToolSuccess> {
  const target = resolveTarget(ctx, args.path);
  const language = languageOf(target.abs, target.shown);
  const checkSize = (bytes: number) => {
    if (bytes > MAX_SYMBOL_FILE_BYTES) {
      throw new FsError(
        'FS_FILE_TOO_LARGE',
        `${target.shown}: is ${bytes} bytes; delete_symbol parses files up to ${MAX_SYMBOL_FILE_BYTES} bytes ` +
          '(8 MiB); use delete_range or edit_file instead',
      );
    }
  };
  return rewriteText(
    ctx,
    target,
    args,
    async (text, format) => {
      const cut = await runSymbolJob({ text, language, symbol: args.symbol, shown: target.shown, eol: format.eol });
      return { text: cut.text, extra: cut.extra };
    },
    checkSize,
  );
}
