// edit_file and multi_edit: exact replacements in an observed text file, all or nothing.
import type { EditFileArgs, MultiEditArgs } from '../../generated/fs-tools.js';
import type { ToolContext } from '../context.js';
import { rewriteObserved, type ToolSuccess } from '../mutate.js';
import { decodeText, encodeText } from '../text-codec.js';
import { resolveInWorkspace } from '../workspace-paths.js';
import { applyEdits, type TextEdit } from './text-edits.js';

async function editWith(ctx: ToolContext, pathArg: string, edits: TextEdit[]): Promise<ToolSuccess> {
  const target = resolveInWorkspace(ctx.ws, pathArg);
  return rewriteObserved(ctx, target, (bytes) => {
    const { text, format } = decodeText(bytes, target.shown);
    const result = applyEdits(text, edits, format.eol, target.shown);
    return { bytes: encodeText(result.text, format), extra: { replacements: result.replacements } };
  });
}

export function editFileTool(ctx: ToolContext, args: EditFileArgs): Promise<ToolSuccess> {
  return editWith(ctx, args.path, [args]);
}

export function multiEditTool(ctx: ToolContext, args: MultiEditArgs): Promise<ToolSuccess> {
  return editWith(ctx, args.path, args.edits);
}
