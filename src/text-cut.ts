// Cutting text to a byte or character budget without splitting a character: never inside a UTF-8
// sequence or a surrogate pair, and where possible not inside a grapheme (emoji ZWJ sequences,
// flags, combining marks).

// Made on first use: building a grapheme segmenter loads ICU's break rules (≈ 10 ms), which a
// process that never cuts text (most calls, every start-up) should not pay.
let graphemes: Intl.Segmenter | undefined;
const segmenter = {
  segment: (text: string) => (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text),
};
const encoder = new TextEncoder();

/** Replaces lone surrogates with U+FFFD so the text has a well-defined UTF-8 form. */
export function wellFormed(text: string): string {
  return (text as string & { toWellFormed(): string }).toWellFormed();
}

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

// Longest prefix of `text` of at most `maxBytes` UTF-8 bytes, cut between code points.
function codePointPrefix(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const size = encoder.encode(ch).length;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += ch.length;
  }
  return text.slice(0, end);
}

/** The longest prefix of `text` that is at most `maxBytes` of UTF-8, cut between graphemes. */
export function prefixWithinBytes(text: string, maxBytes: number): string {
  const clean = wellFormed(text);
  if (utf8Length(clean) <= maxBytes) return clean;
  // Every UTF-16 unit is at least one UTF-8 byte, so the answer lies within the first maxBytes
  // units; one more unit tells whether the grapheme at the edge is complete.
  const window = clean.slice(0, maxBytes + 1);
  let bytes = 0;
  let end = 0;
  for (const { segment, index } of segmenter.segment(window)) {
    if (index + segment.length >= window.length) break; // may continue past the window
    const size = utf8Length(segment);
    if (bytes + size > maxBytes) break;
    bytes += size;
    end = index + segment.length;
  }
  // A single grapheme larger than the budget (e.g. thousands of combining marks): fall back to
  // a code point boundary rather than returning nothing.
  return end === 0 ? codePointPrefix(window, maxBytes) : clean.slice(0, end);
}

const isLowSurrogate = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;
const isRegionalIndicator = (point: number | undefined) => point !== undefined && point >= 0x1f1e6 && point <= 0x1f1ff;

/** The longest suffix of `text` that is at most `maxBytes` of UTF-8, cut between graphemes. */
export function suffixWithinBytes(text: string, maxBytes: number): string {
  const clean = wellFormed(text);
  if (utf8Length(clean) <= maxBytes) return clean;
  // Every UTF-16 unit is at least one UTF-8 byte, so the answer lies within the last maxBytes
  // units (never a negative start: that would count from the end). Flags (regional indicators)
  // pair up from the start of their run, so the window starts at a code point outside such a run.
  let from = Math.max(0, clean.length - maxBytes - 1);
  if (from > 0 && isLowSurrogate(clean.charCodeAt(from))) from -= 1;
  while (from >= 2 && isRegionalIndicator(clean.codePointAt(from - 2))) from -= 2;
  const window = clean.slice(from);
  const segments = [...segmenter.segment(window)];
  let bytes = 0;
  let start = window.length;
  for (let i = segments.length - 1; i > 0; i--) {
    const { segment, index } = segments[i]!;
    const size = utf8Length(segment);
    if (bytes + size > maxBytes) break;
    bytes += size;
    start = index;
  }
  if (start === window.length) {
    const reversed = [...window].reverse();
    let kept = '';
    let size = 0;
    for (const ch of reversed) {
      const n = utf8Length(ch);
      if (size + n > maxBytes) break;
      size += n;
      kept = ch + kept;
    }
    return kept;
  }
  return window.slice(start);
}

/** At most `maxChars` code points (as JSON Schema counts), ending in "…" when cut. */
export function clampChars(text: string, maxChars: number): string {
  const clean = wellFormed(text);
  if (clean.length <= maxChars) return clean;
  const points = [...clean];
  if (points.length <= maxChars) return clean;
  const limit = points.slice(0, maxChars - 1).join('').length;
  // Look a little past the limit so a grapheme that the cut would split is recognised and dropped.
  const window = points.slice(0, maxChars + 32).join('');
  let end = 0;
  for (const { segment, index } of segmenter.segment(window)) {
    if (index + segment.length > limit) break;
    end = index + segment.length;
  }
  return `${clean.slice(0, end === 0 ? limit : end)}…`;
}
