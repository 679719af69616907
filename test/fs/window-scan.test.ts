// read_file windows agree with a plain split of the whole file, for any text, window and chunking.
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';

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
      fc.asyncProperty(
        fc.array(line, { maxLength: 30 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 35 }),
        fc.integer({ min: 1, max: 35 }),
        async (lines, trailing, offset, limit) => {
          const text = lines.join('\n') + (trailing && lines.length > 0 ? '\n' : '');
          writeFileSync(t.file('p.txt'), text);
          const read = ok(await t.wb.call('read_file', { path: 'p.txt', offset, limit }));
          const expected = naive(text, offset, limit);
          expect(read.content).toBe(expected.content);
          expect(read.total_lines).toBe(expected.total);
          expect(read.end_line).toBe(expected.last);
        },
      ),
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
    expect(code(await t.wb.call('read_file', { path: 'big.txt', limit: 1 }))).toBe('FS_ENCODING');
  });

  it.each([
    ['utf-8', 1, (text: string) => Buffer.from(text, 'utf8')],
    ['utf-16le', 2, (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
  ] as const)('see a CRLF split by a 1 MiB read chunk boundary as CRLF (%s)', async (encoding, unit, encode) => {
    const t = bench();
    const chunk = 1 << 20;
    // Pad so that the CR of one line is the last code unit of the first chunk and its LF the first of the next.
    const prefix = encoding === 'utf-16le' ? 2 : 0;
    const padUnits = (chunk - prefix) / unit - 1;
    const crlf = 'x'.repeat(padUnits) + '\r\n' + 'tail\r\n';
    const boundary = encode(crlf);
    expect(boundary[chunk - unit]).toBe(0x0d);
    writeFileSync(t.file('crlf.txt'), boundary);
    expect(ok(await t.wb.call('read_file', { path: 'crlf.txt', offset: 2, limit: 1 }))).toMatchObject({
      eol: 'crlf',
      encoding,
      total_lines: 2,
      content: 'tail\r\n',
    });
    // The same boundary with a bare LF after a CR-less line is not CRLF.
    writeFileSync(t.file('mixed.txt'), encode('x'.repeat(padUnits + 1) + '\n' + 'tail\r\n'));
    expect(ok(await t.wb.call('read_file', { path: 'mixed.txt', limit: 1 })).eol).toBe('mixed');
  });
});
