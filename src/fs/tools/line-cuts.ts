// Whole-line cuts for delete_symbol: keeping the blank-line rhythm around a removed definition,
// joining cuts that touch, and counting lines.

export interface Cut {
  start: number;
  end: number;
}

export const isBlank = (line: string) => line.trim() === '';

export function lineStartOf(text: string, index: number): number {
  return text.lastIndexOf('\n', index - 1) + 1;
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)?.[0].length ?? 0;

// Keeps the blank-line rhythm: the gap before the definition stays and the one after it goes; when
// nothing follows it in its block (end of file, or a line indented less, like a closing brace), the
// gap before it goes instead.
export function absorbBlankLines(text: string, cut: Cut): Cut {
  if (cut.start !== lineStartOf(text, cut.start) || (cut.end !== text.length && cut.end !== lineStartOf(text, cut.end)))
    return cut;
  let { start, end } = cut;
  let after = end;
  for (
    let next = text.indexOf('\n', after);
    next !== -1 && isBlank(text.slice(after, next));
    next = text.indexOf('\n', after)
  )
    after = next + 1;
  const nextLine = text.slice(after, (text.indexOf('\n', after) + 1 || text.length + 1) - 1);
  const lastInBlock =
    isBlank(text.slice(after)) || indentOf(nextLine) < indentOf(text.slice(start, text.indexOf('\n', start)));
  if (lastInBlock) {
    if (isBlank(text.slice(after))) end = text.length;
    while (start > 0 && isBlank(text.slice(lineStartOf(text, start - 1), start - 1)))
      start = lineStartOf(text, start - 1);
  } else if (start === 0 || /^\s*$|[{:]\s*$/.test(text.slice(lineStartOf(text, start - 1), start - 1))) {
    // After a blank line or a block opener, the blank lines that followed the definition go too.
    end = after;
  }
  return { start, end };
}

/** Cuts sorted last first; overlapping ones, and ones with only blank text between, are joined. */
export function merged(cuts: Cut[], text: string): Cut[] {
  const out: Cut[] = [];
  for (const cut of [...cuts].sort((a, b) => a.start - b.start)) {
    const prev = out[out.length - 1];
    if (prev && (cut.start <= prev.end || isBlank(text.slice(prev.end, cut.start))))
      prev.end = Math.max(prev.end, cut.end);
    else out.push({ ...cut });
  }
  return out.reverse();
}

export function linesIn(removed: string): number {
  const breaks = removed.split('\n').length - 1;
  return removed.length === 0 || removed.endsWith('\n') ? breaks : breaks + 1;
}

export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}
