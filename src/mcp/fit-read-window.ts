// Cuts a read_file window to the MCP result budget (result-budget.ts, in UTF-8 bytes of its JSON):
// whole lines while any fit, with truncated and next_offset saying where to continue; of a first
// line too long for the budget alone, what fits, with next_column, so every window makes progress.
import type { ReadFileResult } from '../fs/index.js';
import { continuation } from '../fs/tools/read/line-column.js';
import { MAX_RESULT_BYTES_VARIABLE } from './result-budget.js';

/** The size of a result as the clients take it: the UTF-8 bytes of its JSON (never fewer than its characters). */
export function resultBytes(result: unknown): number {
  return Buffer.byteLength(JSON.stringify(result), 'utf8');
}

// The bytes a piece of text adds inside a JSON string (JSON.stringify's escapes), from `from` to `to`.
function escapedBytes(text: string, from: number, to: number): number {
  return Buffer.byteLength(JSON.stringify(text.slice(from, to)), 'utf8') - 2;
}

/** `result` as it is when it fits `budget` characters, else a shorter window of it that does. */
export function fitReadWindow<R extends ReadFileResult>(result: R, budget: number): R {
  // An empty window has nothing to cut. Content of more characters than the budget's bytes cannot
  // fit: then the whole result, up to the library's 4 MiB, is not serialised to find that out.
  if (result.content === '') return result;
  if (result.content.length <= budget && resultBytes(result) <= budget) return result;
  const { content, start_line: start } = result;
  // The fields around the content, measured at their largest (the line numbers only shrink).
  const around = resultBytes({ ...result, content: '', truncated: true, next_offset: result.end_line + 1 });
  let end = 0;
  let lines = 0;
  let size = around;
  while (end < content.length) {
    const lf = content.indexOf('\n', end);
    const next = lf === -1 ? content.length : lf + 1;
    size += escapedBytes(content, end, next);
    if (size > budget) break;
    end = next;
    lines++;
  }
  if (lines > 0) return cut(result, content.slice(0, end), start + lines - 1);
  return partialLine(result, budget);
}

function cut<R extends ReadFileResult>(result: R, content: string, lastLine: number, warning?: string): R {
  const { next_offset: _next, next_column: _column, ...rest } = result;
  return continuation({
    ...rest,
    content,
    end_line: lastLine,
    truncated: true,
    ...(lastLine < result.total_lines ? { next_offset: lastLine + 1 } : {}),
    ...(warning ? { warnings: [...(result.warnings ?? []), warning] } : {}),
  } as R);
}

// The first line alone is over the budget: as much of it as fits (at least one character, never
// half a surrogate pair), with next_offset and next_column saying where it goes on.
function partialLine<R extends ReadFileResult>(result: R, budget: number): R {
  const { content, start_line: line } = result;
  const lf = content.indexOf('\n');
  const length = lf === -1 ? content.length : lf + 1;
  const from = result.start_column ?? 1;
  const warning = (shown: number) =>
    `line ${line} is too long for one result (${budget} bytes, ${MAX_RESULT_BYTES_VARIABLE}): ` +
    `shown from column ${from} to ${from + shown - 1}; read on with offset ${line} and column ${from + shown}`;
  // Measured with the continuation at its largest.
  const around = resultBytes({
    ...cut(result, '', line, warning(length)),
    next_offset: line,
    next_column: from + length,
  });
  let room = budget - around;
  let shown = 0;
  while (shown < length) {
    const step = /[\uD800-\uDBFF]/.test(content.charAt(shown)) ? 2 : 1;
    room -= escapedBytes(content, shown, shown + step);
    if (room < 0 && shown > 0) break;
    shown += step;
  }
  return cut(result, content.slice(0, shown), line, warning(shown));
}
