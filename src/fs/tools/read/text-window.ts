// A line window over text already decoded whole (a file in a named encoding, an editor buffer):
// the same lines, counts and truncation read_file gives for the streamed UTF-8/UTF-16 case.

export interface TextWindow {
  content: string;
  /** Last line included (start - 1 when the window is empty). */
  lastLine: number;
  totalLines: number;
  truncated: boolean;
}

/** Lines start..start+limit-1 (1-based), at most maxChars UTF-16 units of them. */
export function textWindow(text: string, start: number, limit: number, maxChars: number): TextWindow {
  let line = 1;
  let from = 0;
  let windowStart = -1;
  let windowEnd = -1;
  let lastLine = start - 1;
  let truncated = false;
  const last = start + limit - 1;
  while (from < text.length) {
    const lf = text.indexOf('\n', from);
    const end = lf === -1 ? text.length : lf + 1;
    if (line === start) windowStart = from;
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
  return { content, lastLine, totalLines: line - 1, truncated };
}

/** Where the next window starts, when lines follow this one (`lastLine` is the window's last line). */
export function nextOffset(lastLine: number, totalLines: number): { next_offset?: number } {
  return lastLine < totalLines ? { next_offset: lastLine + 1 } : {};
}
