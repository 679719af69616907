// read_file windows agree with a plain split of the whole file, for any text, window and chunking.
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench, ok } from './helpers.js';

function naive(text: string, offset: number, limit: number): { content: string; total: number; last: number } {
  const lines = text.length === 0 ? [] : text.split(/(?<=\n)/);
  const window = lines.slice(offset - 1, offset - 1 + limit);
  return { content: window.join(''), total: lines.length, last: offset - 1 + window.length };
}

describe('read_file windows', () => {
  it('match a naive split for random text and windows', async () => {
    const t = bench();
    const line = fc.string({ unit: fc.constantFrom('a', 'é', '中', '😀', '\r', ' '), maxLength: 12 });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 30 }), fc.boolean(), fc.integer({ min: 1, max: 35 }), fc.integer({ min: 1, max: 35 }), async (lines, trailing, offset, limit) => {
        const text = lines.join('\n') + (trailing && lines.length > 0 ? '\n' : '');
        writeFileSync(t.file('p.txt'), text);
        const read = ok(await t.wb.call('read_file', { path: 'p.txt', offset, limit }));
        const expected = naive(text, offset, limit);
        expect(read.content).toBe(expected.content);
        expect(read.total_lines).toBe(expected.total);
        expect(read.end_line).toBe(expected.last);
      }),
      { numRuns: 60 },
    );
  });

  it('find lines across 1 MiB read chunks and keep multibyte characters whole', async () => {
    const t = bench();
    const unit = '中文字符😀\n'; // 17 bytes: lines and characters straddle chunk boundaries
    const text = unit.repeat(Math.ceil((3 << 20) / Buffer.byteLength(unit)));
    writeFileSync(t.file('big.txt'), text);
    const total = text.split('\n').length - 1;
    const read = ok(await t.wb.call('read_file', { path: 'big.txt', offset: 61_680, limit: 3 }));
    expect(read).toMatchObject({ content: unit.repeat(3), total_lines: total, encoding: 'utf-8' });
    const bad = Buffer.from(text);
    bad[(2 << 20) + 5] = 0xff;
    writeFileSync(t.file('big.txt'), bad);
    expect(ok(await t.wb.call('read_file', { path: 'big.txt', limit: 1 })).encoding).toBe('binary');
  });
});
