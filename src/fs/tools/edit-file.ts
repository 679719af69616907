// edit_file and multi_edit: exact replacements in an observed text file, all or nothing.
import type { EditFileArgs, MultiEditArgs } from '../../generated/fs-tools.js';
import { resolveTarget, type ToolContext } from '../context.js';
import type { ToolSuccess } from '../mutate.js';
import { rewriteText, type TextRoute } from '../rewrite-text.js';
import { applyEdits, type TextEdit } from './text-edits.js';

async function editWith(ctx: ToolContext, args: { path: string } & TextRoute, edits: TextEdit[]): Promise<ToolSuccess> {
  const target = resolveTarget(ctx, args.path);
  return rewriteText(ctx, target, args, (text, format) => {
    const result = applyEdits(text, edits, format.eol, target.shown);
    return { text: result.text, extra: { replacements: result.replacements } };
  });
}

export function editFileTool(ctx: ToolContext, args: EditFileArgs): Promise<ToolSuccess> {
  return editWith(ctx, args, [args]);
}

export function multiEditTool(ctx: ToolContext, args: MultiEditArgs): Promise<ToolSuccess> {
  return editWith(ctx, args, args.edits);
}
