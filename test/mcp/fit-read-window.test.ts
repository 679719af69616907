// fitReadWindow on its own: the cut is the longest run of whole lines whose result's JSON fits the
// budget in UTF-8 bytes (JSON escapes included), and a window that fits is untouched.
import { describe, expect, it } from 'vitest';
import type { ReadFileDiskResult } from '../../src/fs/index.js';
import { fitReadWindow, resultBytes } from '../../src/mcp/fit-read-window.js';

function window(content: string, start = 1): ReadFileDiskResult {
  const lines = content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
  return {
    ok: true,
    path: 'f.txt',
    content,
    start_line: start,
    end_line: start + lines - 1,
    total_lines: start + lines + 9,
    encoding: 'utf-8',
    eol: 'lf',
    bom: false,
    next_offset: start + lines,
    version: 'pbv1.token',
  };
}

describe('fitReadWindow', () => {
  it('leaves a window that fits as it is', () => {
    const result = window('a\nb\n');
    expect(fitReadWindow(result, 10_000)).toBe(result);
  });

  it('keeps the most whole lines that fit, counting JSON escapes (a control character is six)', () => {
    const line = `${'\u0001'.repeat(100)}"\\\n`; // 600 + 2 + 2 + 2 characters inside the JSON string
    const result = window(line.repeat(50), 7);
    const budget = 5_000;
    const fitted = fitReadWindow(result, budget);
    const kept = fitted.end_line - 7 + 1;
    expect(fitted).toMatchObject({ start_line: 7, truncated: true, next_offset: 7 + kept, version: 'pbv1.token' });
    expect(fitted.content).toBe(line.repeat(kept));
    expect(resultBytes(fitted)).toBeLessThanOrEqual(budget);
    // One more line would not have fitted.
    expect(resultBytes({ ...fitted, content: line.repeat(kept + 1), end_line: fitted.end_line + 1 })).toBeGreaterThan(
      budget,
    );
  });

  it('shows part of a first line too long for the budget, never half a surrogate pair, and where it goes on', () => {
    const result = window(`${'x'}${'😀'.repeat(20_000)}\nnext\n`, 3);
    const fitted = fitReadWindow(result, 10_000);
    expect(fitted).toMatchObject({ start_line: 3, end_line: 3, truncated: true, next_offset: 3 });
    expect(fitted.next_column).toBe(1 + fitted.content.length);
    expect(resultBytes(fitted)).toBeLessThanOrEqual(10_000);
    // An astral character is two UTF-16 units and four UTF-8 bytes.
    expect(Buffer.byteLength(fitted.content)).toBeGreaterThan(9_000);
    expect(/[\uD800-\uDBFF]$/.test(fitted.content)).toBe(false);
    expect(fitted.warnings).toEqual([
      `line 3 is too long for one result (10000 bytes, PEER_BRIDGE_MAX_RESULT_BYTES): ` +
        `shown from column 1 to ${fitted.content.length}; read on with offset 3 and column ${fitted.content.length + 1}`,
    ]);
  });
});
