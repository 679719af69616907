// delete_range: removes whole lines start_line..end_line (1-based, inclusive) with their breaks.
import type { DeleteRangeArgs } from '../../generated/fs-tools.js';
import { resolveTarget, type ToolContext } from '../context.js';
import { FsError } from '../errors.js';
import type { ToolSuccess } from '../mutate.js';
import { rewriteText } from '../rewrite-text.js';

export function splitLines(text: string): string[] {
  return text.length === 0 ? [] : text.split(/(?<=\n)/);
}

export function deleteRangeTool(ctx: ToolContext, args: DeleteRangeArgs): Promise<ToolSuccess> {
  const target = resolveTarget(ctx, args.path);
  if (args.end_line < args.start_line) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${target.shown}: end_line ${args.end_line} is before start_line ${args.start_line}`,
    );
  }
  return rewriteText(ctx, target, args, (text) => {
    const lines = splitLines(text);
    if (args.end_line > lines.length) {
      throw new FsError(
        'FS_INVALID_ARGUMENT',
        `${target.shown}: has ${lines.length} lines; cannot delete ${args.start_line}-${args.end_line}`,
      );
    }
    lines.splice(args.start_line - 1, args.end_line - args.start_line + 1);
    return {
      text: lines.join(''),
      extra: { deleted_lines: args.end_line - args.start_line + 1, total_lines: lines.length },
    };
  });
}
