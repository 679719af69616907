// A line window over text already decoded whole (a file in a named encoding, an editor buffer):
// the same lines, counts and truncation read_file gives for the streamed UTF-8/UTF-16 case.

export interface TextWindow {
  content: string;
  /** 1-based column of the first line where the window starts. */
  startColumn: number;
  /** Last line included (start - 1 when the window is empty). */
  lastLine: number;
  totalLines: number;
  truncated: boolean;
}

/**
 * Lines start..start+limit-1 (1-based), the first from `column` on, at most maxChars UTF-16 units
 * of them.
 */
export function textWindow(text: string, start: number, limit: number, maxChars: number, column = 1): TextWindow {
  let line = 1;
  let from = 0;
  let windowStart = -1;
  let windowEnd = -1;
  let lastLine = start - 1;
  let truncated = false;
  let startColumn = 1;
  const last = start + limit - 1;
  while (from < text.length) {
    const lf = text.indexOf('\n', from);
    const end = lf === -1 ? text.length : lf + 1;
    if (line === start) {
      startColumn = 1 + columnSkip(text, from, end, column);
      windowStart = from + startColumn - 1;
    }
    if (line >= start && line <= last && windowEnd === -1) {
      if (end - windowStart > maxChars) {
        truncated = true;
        // A first line longer than the limit is cut (never inside a surrogate pair); otherwise the
        // window ends at the last whole line.
        const partial = line === start;
        let cut = partial ? windowStart + maxChars : from;
        if (partial && /[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--;
        windowEnd = cut;
        lastLine = partial ? line : line - 1;
      } else {
        lastLine = line;
        if (line === last) windowEnd = end;
      }
    }
    line++;
    from = end;
  }
  const content = windowStart === -1 ? '' : text.slice(windowStart, windowEnd === -1 ? text.length : windowEnd);
  return { content, startColumn, lastLine, totalLines: line - 1, truncated };
}

// How far into the line [from, end) the window starts for `column`: never past its line break (a
// CR before the LF included), never between the two halves of a surrogate pair.
function columnSkip(text: string, from: number, end: number, column: number): number {
  let lineEnd = text.charAt(end - 1) === '\n' ? end - 1 : end;
  if (lineEnd > from && text.charAt(lineEnd - 1) === '\r') lineEnd--;
  let skip = Math.min(column - 1, lineEnd - from);
  if (skip > 0 && /[\uD800-\uDBFF]/.test(text.charAt(from + skip - 1))) skip--;
  return skip;
}

/** Where the next window starts, when lines follow this one (`lastLine` is the window's last line). */
export function nextOffset(lastLine: number, totalLines: number): { next_offset?: number } {
  return lastLine < totalLines ? { next_offset: lastLine + 1 } : {};
}
