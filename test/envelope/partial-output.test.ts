import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partialOutput, partialOutputLimitBytes } from '../../src/envelope/index.js';

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');
// No lone surrogates: the text round-trips through UTF-8 unchanged.
const isWellFormed = (s: string): boolean => Buffer.from(s, 'utf8').toString('utf8') === s;
const graphemes = (s: string): string[] =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

describe('partialOutput', () => {
  it('is absent when no message was seen', () => {
    expect(partialOutput(undefined)).toBeUndefined();
    expect(partialOutput(null)).toBeUndefined();
    expect(partialOutput('')).toBeUndefined();
  });

  it('keeps a short message whole, labelled unverified', () => {
    expect(partialOutput('Half done: parser written.')).toEqual({
      text: 'Half done: parser written.',
      unverified: true,
      truncated: false,
      source: 'codex:item.completed:agent_message',
      bytes: 26,
    });
  });

  it('keeps a message of exactly 4096 bytes whole', () => {
    const text = 'é'.repeat(2048);
    expect(partialOutput(text)).toMatchObject({ text, truncated: false, bytes: 4096 });
  });

  it('cuts ASCII at exactly 4096 bytes', () => {
    expect(partialOutput('a'.repeat(5000))).toMatchObject({ truncated: true, bytes: 4096 });
  });

  it('does not split a 2-byte character at the boundary', () => {
    const result = partialOutput(`a${'é'.repeat(3000)}`)!;
    expect(result.bytes).toBe(4095);
    expect(result.text).toBe(`a${'é'.repeat(2047)}`);
  });

  it('does not split a 3-byte CJK character at the boundary', () => {
    const result = partialOutput('漢字'.repeat(1000))!; // 3 bytes each; 4096 = 3 * 1365 + 1
    expect(result.bytes).toBe(4095);
    expect([...result.text]).toHaveLength(1365);
    expect(result.text.endsWith('漢')).toBe(true);
  });

  it('does not split an emoji surrogate pair at the boundary', () => {
    const result = partialOutput(`ab${'😀'.repeat(1100)}`)!; // 2 + 4n: the 1024th emoji would end at 4098
    expect(result.bytes).toBe(4094);
    expect(result.text).toBe(`ab${'😀'.repeat(1023)}`);
    expect(isWellFormed(result.text)).toBe(true);
  });

  it('does not split a ZWJ family sequence at the boundary', () => {
    const family = '👨‍👩‍👧‍👦'; // 25 bytes, one grapheme
    const prefix = 'x'.repeat(4096 - 10);
    const result = partialOutput(`${prefix}${family}tail`)!;
    expect(result.text).toBe(prefix);
    expect(result.truncated).toBe(true);
  });

  it('does not split a flag or a combining accent at the boundary', () => {
    const flagPrefix = 'x'.repeat(4096 - 5);
    expect(partialOutput(`${flagPrefix}🇫🇷 rest`)!.text).toBe(flagPrefix);
    const accentPrefix = 'x'.repeat(4095);
    expect(partialOutput(`${accentPrefix}e\u0301 rest`)!.text).toBe(accentPrefix);
  });

  it('replaces a lone surrogate so the fragment is valid UTF-8', () => {
    const result = partialOutput('ok \ud800 fine')!;
    expect(result.text).toBe('ok \ufffd fine');
    expect(result.bytes).toBe(bytes(result.text));
  });

  it('falls back to a code point boundary for a single grapheme over the limit', () => {
    const result = partialOutput(`e${'\u0301'.repeat(3000)}`)!; // one grapheme of 6001 bytes
    expect(result.bytes).toBeLessThanOrEqual(partialOutputLimitBytes);
    expect(result.bytes).toBeGreaterThan(4090);
    expect(isWellFormed(result.text)).toBe(true);
  });

  it('property: at most 4 KiB, a prefix of the message, ending on a grapheme boundary', () => {
    const unit = fc.constantFrom('a', 'é', '漢', '😀', '👨‍👩‍👧', '🇯🇵', 'e\u0301', '\n');
    fc.assert(
      fc.property(fc.array(unit, { minLength: 1, maxLength: 3000 }), (parts) => {
        const text = parts.join('');
        const result = partialOutput(text)!;
        expect(result.bytes).toBe(bytes(result.text));
        expect(result.bytes).toBeLessThanOrEqual(4096);
        expect(text.startsWith(result.text)).toBe(true);
        expect(result.truncated).toBe(result.text !== text);
        const kept = graphemes(result.text);
        expect(kept).toEqual(graphemes(text).slice(0, kept.length));
        // Greedy: the next grapheme would not have fit.
        if (result.truncated) {
          expect(result.bytes + bytes(graphemes(text)[kept.length]!)).toBeGreaterThan(4096);
        }
      }),
      { numRuns: 60 },
    );
  });
});
