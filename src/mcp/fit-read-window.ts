// Cuts a read_file window to the MCP result budget (result-budget.ts): whole lines while any fit,
// with truncated and next_offset saying where to continue; a first line too long for the budget
// alone is shown in part, with a warning, so every window makes progress.
import type { ReadFileResult } from '../fs/index.js';
import { MAX_RESULT_CHARS_VARIABLE } from './result-budget.js';

/** The characters a client sees for a result: its JSON, as Claude Code and the text content carry it. */
export function resultChars(result: unknown): number {
  return JSON.stringify(result).length;
}

// The characters a string adds inside a JSON string (JSON.stringify's escapes), from `from` to `to`.
function escapedChars(text: string, from: number, to: number): number {
  return JSON.stringify(text.slice(from, to)).length - 2;
}

/** `result` as it is when it fits `budget` characters, else a shorter window of it that does. */
export function fitReadWindow<R extends ReadFileResult>(result: R, budget: number): R {
  // An empty window has nothing to cut. Content longer than the budget cannot fit (escapes only add):
  // then the whole result, up to the library's 4 MiB, is not serialised just to find that out.
  if (result.content === '') return result;
  if (result.content.length <= budget && resultChars(result) <= budget) return result;
  const { content, start_line: start } = result;
  // The fields around the content, measured at their largest (the line numbers only shrink).
  const around = resultChars({ ...result, content: '', truncated: true, next_offset: result.end_line + 1 });
  let end = 0;
  let lines = 0;
  let size = around;
  while (end < content.length) {
    const lf = content.indexOf('\n', end);
    const next = lf === -1 ? content.length : lf + 1;
    size += escapedChars(content, end, next);
    if (size > budget) break;
    end = next;
    lines++;
  }
  if (lines > 0) return cut(result, content.slice(0, end), start + lines - 1);
  return partialLine(result, budget);
}

function cut<R extends ReadFileResult>(result: R, content: string, lastLine: number, warning?: string): R {
  const { next_offset: _next, ...rest } = result;
  return {
    ...rest,
    content,
    end_line: lastLine,
    truncated: true,
    ...(lastLine < result.total_lines ? { next_offset: lastLine + 1 } : {}),
    ...(warning ? { warnings: [...(result.warnings ?? []), warning] } : {}),
  } as R;
}

// The first line alone is over the budget: as much of it as fits (at least one character, never
// half a surrogate pair), and a warning that says what was left out and how to get it.
function partialLine<R extends ReadFileResult>(result: R, budget: number): R {
  const { content, start_line: line } = result;
  const lf = content.indexOf('\n');
  const length = lf === -1 ? content.length : lf + 1;
  const warning = (shown: number) =>
    `line ${line} holds ${length} characters, more than one result can carry (${budget}, ` +
    `${MAX_RESULT_CHARS_VARIABLE}); shown: its first ${shown}; the rest of the line is left out ` +
    `(raise ${MAX_RESULT_CHARS_VARIABLE}, or read it with the peer-bridge/fs library)`;
  const around = resultChars(cut(result, '', line, warning(length)));
  let room = budget - around;
  let shown = 0;
  while (shown < length) {
    const step = /[\uD800-\uDBFF]/.test(content.charAt(shown)) ? 2 : 1;
    room -= escapedChars(content, shown, shown + step);
    if (room < 0 && shown > 0) break;
    shown += step;
  }
  return cut(result, content.slice(0, shown), line, warning(shown));
}
