// Encodings, BOMs and line endings survive edits byte for byte; what cannot be decoded is refused.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';

const utf16 = (text: string, order: 'le' | 'be'): Buffer => {
  const body = Buffer.from(text, 'utf16le');
  if (order === 'be') body.swap16();
  return Buffer.concat([Buffer.from(order === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]), body]);
};

describe('encodings', () => {
  it('keeps a UTF-8 BOM', async () => {
    const t = bench();
    t.write('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('héllo\n')]));
    expect(ok(await t.wb.call('read_file', { path: 'bom.txt' }))).toMatchObject({
      encoding: 'utf-8',
      bom: true,
      content: 'héllo\n',
    });
    ok(await t.wb.call('edit_file', { path: 'bom.txt', old_string: 'héllo', new_string: 'hé' }));
    expect(readFileSync(t.file('bom.txt'))).toEqual(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('hé\n')]),
    );
  });

  for (const order of ['le', 'be'] as const) {
    it(`round-trips UTF-16 ${order.toUpperCase()} with BOM, CRLF included`, async () => {
      const t = bench();
      t.write('u.txt', utf16('第一行\r\n第二行\r\n', order));
      const read = ok(await t.wb.call('read_file', { path: 'u.txt', offset: 2 }));
      expect(read).toMatchObject({
        encoding: `utf-16${order}`,
        bom: true,
        eol: 'crlf',
        content: '第二行\r\n',
        total_lines: 2,
      });
      ok(await t.wb.call('edit_file', { path: 'u.txt', old_string: '第二行\n', new_string: '第二行\n新行 🚀\n' }));
      expect(readFileSync(t.file('u.txt'))).toEqual(utf16('第一行\r\n第二行\r\n新行 🚀\r\n', order));
    });
  }

  it('refuses to read or edit bytes that are not UTF-8, and leaves them untouched', async () => {
    const t = bench();
    const bytes = Buffer.from([0x61, 0x62, 0xff, 0xfe, 0x0a, 0x63]);
    t.write('bin.dat', bytes);
    expect(await t.wb.call('read_file', { path: 'bin.dat' })).toMatchObject({
      ok: false,
      code: 'FS_ENCODING',
      message: expect.stringContaining('encoding'),
    });
    // Not observed by the refused read.
    expect(code(await t.wb.call('edit_file', { path: 'bin.dat', old_string: 'ab', new_string: 'x' }))).toBe(
      'FS_NOT_OBSERVED',
    );
    expect(readFileSync(t.file('bin.dat'))).toEqual(bytes);
  });

  it('refuses a UTF-16 file with an unpaired surrogate', async () => {
    const t = bench();
    const bytes = Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8, 0x42, 0x00]);
    t.write('bad16.txt', bytes);
    // read_file says what edits would find: not valid in the encoding its BOM announces.
    expect(await t.wb.call('read_file', { path: 'bad16.txt' })).toMatchObject({
      ok: false,
      code: 'FS_ENCODING',
      message: expect.stringContaining('utf-16le'),
    });
    expect(code(await t.wb.call('edit_file', { path: 'bad16.txt', old_string: 'A', new_string: 'x' }))).toBe(
      'FS_NOT_OBSERVED',
    );
    expect(readFileSync(t.file('bad16.txt'))).toEqual(bytes);
  });

  it('a UTF-16 file with an odd byte count is refused by read_file', async () => {
    const t = bench();
    for (const order of ['le', 'be'] as const) {
      const bytes = Buffer.concat([utf16('AB\n', order), Buffer.from([0x43])]);
      t.write(`odd-${order}.txt`, bytes);
      expect(code(await t.wb.call('read_file', { path: `odd-${order}.txt` }))).toBe('FS_ENCODING');
      expect(readFileSync(t.file(`odd-${order}.txt`))).toEqual(bytes);
    }
    // A surrogate pair split only by the end of a read chunk is still valid text.
    const pair = utf16(`${'a'.repeat((1 << 19) - 2)}🚀\n`, 'le');
    t.write('pair.txt', pair);
    expect(ok(await t.wb.call('read_file', { path: 'pair.txt', offset: 1, limit: 1 })).encoding).toBe('utf-16le');
  });

  it('write_file keeps the encoding, BOM and CRLF of the file it replaces', async () => {
    const t = bench();
    t.write('w.txt', utf16('old\r\n', 'le'));
    ok(await t.wb.call('read_file', { path: 'w.txt' }));
    ok(await t.wb.call('write_file', { path: 'w.txt', content: 'new\nlines\n' }));
    expect(readFileSync(t.file('w.txt'))).toEqual(utf16('new\r\nlines\r\n', 'le'));
  });

  it("write_file content that starts with a BOM of its own does not double the file's BOM", async () => {
    const t = bench();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    t.write('b8.txt', Buffer.concat([bom, Buffer.from('old\n')]));
    t.write('b16.txt', utf16('old\n', 'be'));
    ok(await t.wb.call('read_file', { path: 'b8.txt' }));
    ok(await t.wb.call('read_file', { path: 'b16.txt' }));
    ok(await t.wb.call('write_file', { path: 'b8.txt', content: '\uFEFFnew\n' }));
    ok(await t.wb.call('write_file', { path: 'b16.txt', content: '\uFEFFnew\n' }));
    expect(readFileSync(t.file('b8.txt'))).toEqual(Buffer.concat([bom, Buffer.from('new\n')]));
    expect(readFileSync(t.file('b16.txt'))).toEqual(utf16('new\n', 'be'));
  });

  it('refuses text with an unpaired surrogate instead of writing U+FFFD, in content, edits and paths', async () => {
    const t = bench();
    t.write('f.txt', 'keep\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const calls: Array<[string, Record<string, unknown>, RegExp]> = [
      ['write_file', { path: 'f.txt', content: 'a\ud800b' }, /content/],
      ['write_file', { path: 'new.txt', content: 'x\udc00' }, /content/],
      ['edit_file', { path: 'f.txt', old_string: 'keep', new_string: '\ud83d' }, /new_string/],
      [
        'multi_edit',
        {
          path: 'f.txt',
          edits: [
            { old_string: 'k', new_string: 'K' },
            { old_string: 'e', new_string: '\ude80' },
          ],
        },
        /edits\[1\]\.new_string/,
      ],
      ['write_file', { path: 'n\ud800.txt', content: 'x' }, /path/],
    ];
    for (const [tool, args, field] of calls) {
      const result = await t.wb.call(tool, args);
      expect(result, tool).toMatchObject({
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: expect.stringMatching(field),
      });
    }
    expect(readFileSync(t.file('f.txt'), 'utf8')).toBe('keep\n');
    expect(readdirSync(t.ws)).toEqual(['f.txt']);
    // A well-formed pair is fine.
    ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'keep', new_string: '🚀' }));
    expect(readFileSync(t.file('f.txt'), 'utf8')).toBe('🚀\n');
  });

  it('leaves mixed line endings exactly as they are', async () => {
    const t = bench();
    t.write('m.txt', 'a\r\nb\nc\r\n');
    expect(ok(await t.wb.call('read_file', { path: 'm.txt' })).eol).toBe('mixed');
    ok(await t.wb.call('edit_file', { path: 'm.txt', old_string: 'b', new_string: 'B' }));
    expect(t.text('m.txt')).toBe('a\r\nB\nc\r\n');
  });
});
