// read_file's column: a window starts part-way into its first line, and a window that stopped
// inside a line (the library's 4 MiB) says where it goes on, so a line of any length can be read.
import { describe, expect, it } from 'vitest';
import { bench, ok } from './helpers.js';

describe('read_file columns', () => {
  it('starts the window at a column of its first line and reports start_column', async () => {
    const t = bench();
    t.write('a.txt', 'abc\ndefgh\nij\n');
    expect(ok(await t.wb.readFile({ path: 'a.txt', offset: 2, column: 3 }))).toMatchObject({
      content: 'fgh\nij\n',
      start_line: 2,
      start_column: 3,
      end_line: 3,
    });
    // Past the line's end (a CR of CRLF included) the window starts at its line break.
    t.write('b.txt', 'ab\r\ncd\r\n');
    expect(ok(await t.wb.readFile({ path: 'b.txt', column: 10 }))).toMatchObject({
      content: '\r\ncd\r\n',
      start_column: 3,
    });
    // Column 1 is the whole line: no start_column.
    expect(ok(await t.wb.readFile({ path: 'a.txt', column: 1 }))).not.toHaveProperty('start_column');
  });

  it('never starts inside a surrogate pair', async () => {
    const t = bench();
    t.write('e.txt', '😀x\n');
    const inside = ok(await t.wb.readFile({ path: 'e.txt', column: 2 }));
    expect(inside.content).toBe('😀x\n');
    expect(inside).not.toHaveProperty('start_column');
    expect(ok(await t.wb.readFile({ path: 'e.txt', column: 3 }))).toMatchObject({ content: 'x\n', start_column: 3 });
  });

  it('a line longer than the 4 MiB window is read in parts with next_offset and next_column', async () => {
    const t = bench();
    const long = 'a'.repeat(5 * 1024 * 1024);
    t.write('min.js', `${long}\nend\n`);
    const first = ok(await t.wb.readFile({ path: 'min.js' }));
    expect(first).toMatchObject({ start_line: 1, end_line: 1, truncated: true, next_offset: 1 });
    expect(first.content.length).toBe(4 * 1024 * 1024);
    expect(first.next_column).toBe(4 * 1024 * 1024 + 1);
    const rest = ok(await t.wb.readFile({ path: 'min.js', offset: 1, column: first.next_column! }));
    expect(rest).toMatchObject({ start_line: 1, start_column: first.next_column, end_line: 2 });
    expect(rest).not.toHaveProperty('next_offset');
    expect(first.content + rest.content).toBe(`${long}\nend\n`);
  });

  it('works the same on a file in a named encoding', async () => {
    const t = bench();
    t.write('l1.txt', Buffer.from('caf\xe9 au lait\n', 'latin1'));
    expect(ok(await t.wb.readFile({ path: 'l1.txt', encoding: 'latin1', column: 6 }))).toMatchObject({
      content: 'au lait\n',
      start_column: 6,
    });
  });
});
