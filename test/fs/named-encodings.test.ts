// Files in encodings the bytes cannot announce (Latin-1, Windows-1252, Shift_JIS, GBK): refused until
// the caller names the encoding, then edited byte-exactly; binary files are refused by every text tool.
// The encoded bytes here are written out by hand, so a codec that got them wrong would fail.
import fc from 'fast-check';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';

const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('named encodings', () => {
  it('refuses a Latin-1 file without an encoding, instead of showing U+FFFD, and names the fix', async () => {
    const t = bench();
    const file = bytes('caf', [0xe9], ' na', [0xef], 've\n');
    t.write('l1.txt', file);
    const refused = await t.wb.call('read_file', { path: 'l1.txt' });
    expect(refused).toMatchObject({
      ok: false,
      code: 'FS_ENCODING',
      message: expect.stringMatching(/pass `encoding`.*latin1/),
    });
    expect(JSON.stringify(refused)).not.toContain('\uFFFD');
    const read = ok(await t.wb.call('read_file', { path: 'l1.txt', encoding: 'latin1' }));
    expect(read).toMatchObject({ content: 'café naïve\n', encoding: 'latin1', bom: false, eol: 'lf', total_lines: 1 });
  });

  it('Latin-1: an edit elsewhere leaves every other byte identical', async () => {
    const t = bench();
    // Every byte value 0xA0..0xFF, around an ASCII word that is edited.
    const high = Array.from({ length: 96 }, (_, i) => 0xa0 + i);
    t.write('l1.txt', bytes(high, '\r\nkeep EDIT keep\r\n', high, '\r\n'));
    ok(await t.wb.call('read_file', { path: 'l1.txt', encoding: 'latin1' }));
    ok(
      await t.wb.call('edit_file', {
        path: 'l1.txt',
        old_string: 'EDIT',
        new_string: 'gar\u00e7on\nnext',
        encoding: 'latin1',
      }),
    );
    expect(readFileSync(t.file('l1.txt'))).toEqual(
      bytes(high, '\r\nkeep gar', [0xe7], 'on\r\nnext keep\r\n', high, '\r\n'),
    );
  });

  it('Windows-1252: € is 0x80 both ways; a character it cannot hold is refused by name, nothing written', async () => {
    const t = bench();
    const file = bytes([0x80], ' 5 ', [0x93], 'quoted', [0x94], '\nprice\n');
    t.write('w.txt', file);
    expect(ok(await t.wb.call('read_file', { path: 'w.txt', encoding: 'windows-1252' })).content).toBe(
      '€ 5 “quoted”\nprice\n',
    );
    const arrow = await t.wb.call('edit_file', {
      path: 'w.txt',
      old_string: 'price',
      new_string: 'price → €',
      encoding: 'windows-1252',
    });
    expect(arrow).toMatchObject({
      ok: false,
      code: 'FS_ENCODING',
      message: expect.stringMatching(/"→" \(U\+2192\).*windows-1252/),
    });
    expect(readFileSync(t.file('w.txt'))).toEqual(file);
    ok(
      await t.wb.call('edit_file', {
        path: 'w.txt',
        old_string: 'price',
        new_string: 'price €',
        encoding: 'windows-1252',
      }),
    );
    expect(readFileSync(t.file('w.txt'))).toEqual(
      bytes([0x80], ' 5 ', [0x93], 'quoted', [0x94], '\nprice ', [0x80], '\n'),
    );
    // 0x81 has no character in Windows-1252: such a file is not Windows-1252.
    t.write('w81.txt', bytes('a', [0x81], '\n'));
    expect(await t.wb.call('read_file', { path: 'w81.txt', encoding: 'windows-1252' })).toMatchObject({
      ok: false,
      code: 'FS_ENCODING',
      message: expect.stringMatching(/0x81 at offset 1/),
    });
  });

  it('Shift_JIS: multibyte text (with a 0x5C trail byte) survives an edit byte for byte', async () => {
    const t = bench();
    // 日本語 / 表 (95 5C: its trail byte is ASCII "\") / テスト
    const nihongo = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea];
    const hyo = [0x95, 0x5c];
    const tesuto = [0x83, 0x65, 0x83, 0x58, 0x83, 0x67];
    t.write('sj.txt', bytes(nihongo, '\n', hyo, ' value = 1\n', tesuto, '\n'));
    const read = ok(await t.wb.call('read_file', { path: 'sj.txt', encoding: 'shift_jis', offset: 2, limit: 1 }));
    expect(read).toMatchObject({
      content: '表 value = 1\n',
      total_lines: 3,
      start_line: 2,
      end_line: 2,
      encoding: 'shift_jis',
    });
    ok(
      await t.wb.call('edit_file', {
        path: 'sj.txt',
        old_string: 'value = 1',
        new_string: 'value = テスト',
        encoding: 'shift_jis',
      }),
    );
    expect(readFileSync(t.file('sj.txt'))).toEqual(bytes(nihongo, '\n', hyo, ' value = ', tesuto, '\n', tesuto, '\n'));
    expect(
      code(
        await t.wb.call('edit_file', { path: 'sj.txt', old_string: '表', new_string: '表 🚀', encoding: 'shift_jis' }),
      ),
    ).toBe('FS_ENCODING');
  });

  it('GBK: delete_range and multi_edit keep the other lines byte-exact', async () => {
    const t = bench();
    const zhongwen = [0xd6, 0xd0, 0xce, 0xc4]; // 中文
    const bianma = [0xb1, 0xe0, 0xc2, 0xeb]; // 编码
    t.write('gbk.txt', bytes(zhongwen, '\n', 'drop me\n', bianma, ' x\n'));
    expect(ok(await t.wb.call('read_file', { path: 'gbk.txt', encoding: 'gbk' })).content).toBe(
      '中文\ndrop me\n编码 x\n',
    );
    ok(await t.wb.call('delete_range', { path: 'gbk.txt', start_line: 2, end_line: 2, encoding: 'gbk' }));
    ok(
      await t.wb.call('multi_edit', {
        path: 'gbk.txt',
        encoding: 'GBK',
        edits: [
          { old_string: 'x', new_string: '中' },
          { old_string: '中文', new_string: 'y' },
        ],
      }),
    );
    expect(readFileSync(t.file('gbk.txt'))).toEqual(bytes('y\n', bianma, ' ', zhongwen.slice(0, 2), '\n'));
  });

  it('delete_symbol and notebook_edit take the encoding too', async () => {
    const t = bench();
    t.write('m.py', bytes('def a():\n    return "caf', [0xe9], '"\n\n\ndef b():\n    return "', [0xe8], '"\n'));
    ok(await t.wb.call('read_file', { path: 'm.py', encoding: 'latin1' }));
    ok(await t.wb.call('delete_symbol', { path: 'm.py', symbol: 'a', encoding: 'latin1' }));
    expect(readFileSync(t.file('m.py'))).toEqual(bytes('def b():\n    return "', [0xe8], '"\n'));
    const nb = bytes(
      '{"cells": [{"cell_type": "markdown", "id": "c1", "metadata": {}, "source": "caf',
      [0xe9],
      '"}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n',
    );
    t.write('n.ipynb', nb);
    ok(await t.wb.call('read_file', { path: 'n.ipynb', encoding: 'latin1' }));
    ok(
      await t.wb.call('notebook_edit', {
        path: 'n.ipynb',
        cell_id: 'c1',
        new_source: 'cr\u00e8me',
        edit_mode: 'replace',
        encoding: 'latin1',
      }),
    );
    expect(readFileSync(t.file('n.ipynb')).includes(bytes('cr', [0xe8], 'me'))).toBe(true);
    expect(readFileSync(t.file('n.ipynb')).includes(Buffer.from('crème'))).toBe(false);
  });

  it('an edit without the encoding of a file read with one is refused, untouched', async () => {
    const t = bench();
    const file = bytes('caf', [0xe9], '\n');
    t.write('l1.txt', file);
    ok(await t.wb.call('read_file', { path: 'l1.txt', encoding: 'latin1' }));
    expect(code(await t.wb.call('edit_file', { path: 'l1.txt', old_string: 'caf', new_string: 'tea' }))).toBe(
      'FS_ENCODING',
    );
    expect(code(await t.wb.call('write_file', { path: 'l1.txt', content: 'tea\n' }))).toBe('FS_ENCODING');
    expect(readFileSync(t.file('l1.txt'))).toEqual(file);
  });

  it('a wrong or unknown name is refused; a BOM wins over a name that contradicts it', async () => {
    const t = bench();
    t.write('l1.txt', bytes('caf', [0xe9], '\n'));
    // 0xE9 leads a two-byte Shift_JIS character; a line break cannot be its second byte.
    expect(code(await t.wb.call('read_file', { path: 'l1.txt', encoding: 'shift_jis' }))).toBe('FS_ENCODING');
    expect(await t.wb.call('read_file', { path: 'l1.txt', encoding: 'klingon' })).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringContaining('klingon'),
    });
    expect(code(await t.wb.call('read_file', { path: 'l1.txt', encoding: 'hex' }))).toBe('FS_INVALID_ARGUMENT');
    t.write('bom.txt', bytes([0xef, 0xbb, 0xbf], 'ok\n'));
    expect(await t.wb.call('read_file', { path: 'bom.txt', encoding: 'latin1' })).toMatchObject({
      ok: false,
      code: 'FS_ENCODING',
      message: expect.stringMatching(/byte order mark/),
    });
    expect(ok(await t.wb.call('read_file', { path: 'bom.txt', encoding: 'utf-8' }))).toMatchObject({
      content: 'ok\n',
      bom: true,
    });
  });

  it('windows of a named-encoding file match the streamed windows of the same text in UTF-8', async () => {
    const t = bench();
    const cp1252: Record<string, number> = { a: 0x61, é: 0xe9, '€': 0x80, '\r': 0x0d, '\n': 0x0a, ' ': 0x20 };
    const line = fc.string({ unit: fc.constantFrom('a', 'é', '€', '\r', ' '), maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { maxLength: 20 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 25 }),
        fc.integer({ min: 1, max: 25 }),
        async (lines, trailing, offset, limit) => {
          const text = lines.join('\n') + (trailing && lines.length > 0 ? '\n' : '');
          writeFileSync(t.file('u8.txt'), text);
          writeFileSync(t.file('w.txt'), Buffer.from([...text].map((char) => cp1252[char] as number)));
          const streamed = ok(await t.wb.call('read_file', { path: 'u8.txt', offset, limit }));
          const named = ok(await t.wb.call('read_file', { path: 'w.txt', offset, limit, encoding: 'windows-1252' }));
          // Files differ in name, bytes and so version token; the window and its counts must not.
          const { encoding: _a, path: _b, version: _e, ...expected } = streamed;
          const { encoding: _c, path: _d, version: _f, ...actual } = named;
          expect(actual).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('write_file writes the named encoding: a new file, a replacement, and a conversion to UTF-8', async () => {
    const t = bench();
    ok(await t.wb.call('write_file', { path: 'new-sj.txt', content: '日本語\n', encoding: 'shift_jis' }));
    expect(readFileSync(t.file('new-sj.txt'))).toEqual(bytes([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea], '\n'));
    expect(code(await t.wb.call('write_file', { path: 'new-l1.txt', content: '日本\n', encoding: 'latin1' }))).toBe(
      'FS_ENCODING',
    );
    t.write('l1.txt', bytes('caf', [0xe9], '\r\n'));
    ok(await t.wb.call('read_file', { path: 'l1.txt', encoding: 'latin1' }));
    ok(await t.wb.call('write_file', { path: 'l1.txt', content: 'th\u00e9\n', encoding: 'latin1' }));
    expect(readFileSync(t.file('l1.txt'))).toEqual(bytes('th', [0xe9], '\r\n'));
    const converted = ok(await t.wb.call('write_file', { path: 'l1.txt', content: 'thé\n', encoding: 'utf-8' }));
    expect(converted).toMatchObject({ encoding: 'utf-8', eol: 'crlf' });
    expect(readFileSync(t.file('l1.txt'), 'utf8')).toBe('thé\r\n');
  });
});

describe('binary files', () => {
  it('read_file refuses NUL bytes with FS_BINARY, with or without an encoding', async () => {
    const t = bench();
    t.write('img.bin', bytes([0x89], 'PNG\r\n', [0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d], 'IHDR'));
    t.write('nul.txt', bytes('plain text\n', [0x00], 'more\n'));
    for (const args of [
      { path: 'img.bin' },
      { path: 'nul.txt' },
      { path: 'nul.txt', encoding: 'latin1' },
      { path: 'img.bin', encoding: 'shift_jis' },
    ]) {
      expect(await t.wb.call('read_file', args), JSON.stringify(args)).toMatchObject({
        ok: false,
        code: 'FS_BINARY',
        message: expect.stringContaining('binary'),
      });
    }
    expect(code(await t.wb.call('edit_file', { path: 'nul.txt', old_string: 'more', new_string: 'less' }))).toBe(
      'FS_NOT_OBSERVED',
    );
  });

  it('every text tool refuses a file that became binary through write_file, leaving it untouched', async () => {
    const t = bench();
    const files = { 'b.txt': 'a\0b\nline\n', 'b.js': 'function f() {}\0\n', 'b.ipynb': '{"cells": [], "x": "\0"}\n' };
    for (const [path, content] of Object.entries(files)) ok(await t.wb.call('write_file', { path, content }));
    const calls: Array<[string, Record<string, unknown>]> = [
      ['edit_file', { path: 'b.txt', old_string: 'line', new_string: 'x' }],
      ['multi_edit', { path: 'b.txt', edits: [{ old_string: 'line', new_string: 'x' }] }],
      ['delete_range', { path: 'b.txt', start_line: 2, end_line: 2 }],
      ['delete_range', { path: 'b.txt', start_line: 2, end_line: 2, encoding: 'latin1' }],
      ['write_file', { path: 'b.txt', content: 'text\n' }],
      ['delete_symbol', { path: 'b.js', symbol: 'f' }],
      ['notebook_edit', { path: 'b.ipynb', edit_mode: 'insert', cell_type: 'code', new_source: 'x' }],
      ['read_file', { path: 'b.txt' }],
    ];
    for (const [tool, args] of calls) expect(code(await t.wb.call(tool, args)), tool).toBe('FS_BINARY');
    for (const [path, content] of Object.entries(files)) expect(t.text(path)).toBe(content);
  });
});
