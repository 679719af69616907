// Where a read_file window that stopped inside a line goes on: next_offset is that line and
// next_column the character after what was shown (pass them as offset and column), so a line too
// long for one window is read in several. Columns count UTF-16 code units, as JavaScript strings
// do; where a window starts from a column is text-window.ts.

/** The fields of a read window that say where it is in the file. */
export interface WindowFields {
  content: string;
  start_line: number;
  end_line: number;
  total_lines: number;
  truncated?: boolean;
  next_offset?: number;
}

/**
 * Sets next_offset and next_column when the window is the part of one line that fitted (it was
 * cut, and holds no line break): the reader goes on in that line, after what it was shown.
 */
export function continuation<W extends WindowFields & { start_column?: number }>(window: W): W {
  const { content } = window;
  const inside = window.truncated === true && content !== '' && !content.includes('\n');
  if (!inside) return window;
  return { ...window, next_offset: window.start_line, next_column: (window.start_column ?? 1) + content.length };
}
