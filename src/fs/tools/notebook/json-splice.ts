// Character-exact edits of one array in a JSON text: find where each element of a top-level key's
// array sits, then replace, insert or remove one element. Every other character stays as written,
// so numbers such as 1e-05 keep their spelling and untouched parts never change.

export interface ItemSpan {
  start: number;
  end: number;
}

export interface ArraySpan {
  /** Index of `[`. */
  open: number;
  /** Index of `]`. */
  close: number;
  items: ItemSpan[];
}

function skipWs(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  return i;
}

function scanString(text: string, i: number): number {
  for (let from = i + 1; ;) {
    const quote = text.indexOf('"', from);
    if (quote === -1) throw new SyntaxError('unterminated string');
    let backslashes = 0;
    while (text[quote - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

// The text is known to be valid JSON (JSON.parse accepted it), so the scan only finds boundaries.
// A loop with a depth count, not recursion: a notebook nested a million levels deep is still valid
// JSON and must not overflow the stack.
function scanValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return scanString(text, i);
  if (c !== '{' && c !== '[') {
    let j = i;
    while (j < text.length && !',]} \t\r\n'.includes(text[j] as string)) j++;
    return j;
  }
  let depth = 0;
  for (let j = i; j < text.length;) {
    const ch = text[j];
    if (ch === '"') {
      j = scanString(text, j);
      continue;
    }
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  throw new SyntaxError('unterminated value');
}

/** Top-level keys of the object that appear more than once (JSON.parse keeps only the last). */
export function duplicateTopLevelKeys(text: string): string[] {
  let j = skipWs(text, 0);
  if (text[j] !== '{') return [];
  j = skipWs(text, j + 1);
  const seen = new Set<string>();
  const twice = new Set<string>();
  while (text[j] === '"') {
    const keyEnd = scanString(text, j);
    const name = JSON.parse(text.slice(j, keyEnd)) as string;
    if (seen.has(name)) twice.add(name);
    seen.add(name);
    const value = skipWs(text, skipWs(text, keyEnd) + 1);
    j = skipWs(text, scanValue(text, value));
    if (text[j] === ',') j = skipWs(text, j + 1);
  }
  return [...twice];
}

/** Where the elements of the array under `key` of the top-level object are, or undefined. */
export function findTopLevelArray(text: string, key: string): ArraySpan | undefined {
  let j = skipWs(text, 0);
  if (text[j] !== '{') return undefined;
  j = skipWs(text, j + 1);
  while (text[j] === '"') {
    const keyEnd = scanString(text, j);
    const name = JSON.parse(text.slice(j, keyEnd)) as string;
    const value = skipWs(text, skipWs(text, keyEnd) + 1);
    if (name === key && text[value] === '[') return arrayAt(text, value);
    j = skipWs(text, scanValue(text, value));
    if (text[j] === ',') j = skipWs(text, j + 1);
  }
  return undefined;
}

function arrayAt(text: string, open: number): ArraySpan {
  const items: ItemSpan[] = [];
  let j = skipWs(text, open + 1);
  while (text[j] !== ']') {
    const end = scanValue(text, j);
    items.push({ start: j, end });
    j = skipWs(text, end);
    if (text[j] === ',') j = skipWs(text, j + 1);
  }
  return { open, close: j, items };
}

/** The whitespace that starts the line holding `index`. */
export function lineIndent(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, index))?.[0] ?? '';
}

export function replaceItem(text: string, span: ArraySpan, k: number, item: string): string {
  const { start, end } = span.items[k] as ItemSpan;
  return text.slice(0, start) + item + text.slice(end);
}

/** Removes element k with one separator; the last one leaves `[]`. */
export function removeItem(text: string, span: ArraySpan, k: number): string {
  const { items } = span;
  if (items.length === 1) return text.slice(0, span.open + 1) + text.slice(span.close);
  const cut =
    k < items.length - 1
      ? { start: items[k]!.start, end: items[k + 1]!.start }
      : { start: items[k - 1]!.end, end: items[k]!.end };
  return text.slice(0, cut.start) + text.slice(cut.end);
}

/**
 * Inserts `item` as element k, separated as the array's elements already are; into an empty
 * array, on its own line at `itemIndent` (or inline when `itemIndent` is undefined: compact JSON).
 */
export function insertItem(
  text: string,
  span: ArraySpan,
  k: number,
  item: string,
  layout: { itemIndent?: string; closeIndent: string; eol: string },
): string {
  const { items } = span;
  if (items.length === 0) {
    const body =
      layout.itemIndent === undefined
        ? item
        : `${layout.eol}${layout.itemIndent}${item}${layout.eol}${layout.closeIndent}`;
    return text.slice(0, span.open + 1) + body + text.slice(span.close);
  }
  const sep =
    items.length >= 2 ? text.slice(items[0]!.end, items[1]!.start) : `,${text.slice(span.open + 1, items[0]!.start)}`;
  if (k < items.length) {
    const at = items[k]!.start;
    return text.slice(0, at) + item + sep + text.slice(at);
  }
  const at = items[items.length - 1]!.end;
  return text.slice(0, at) + sep + item + text.slice(at);
}
