// The invalidation matrix: every way a file can change behind a session's back makes its next
// mutation FS_STALE_VERSION, and metadata-only noise does not.
import { execa } from 'execa';
import {
  chmodSync,
  linkSync,
  renameSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';

const edit = { old_string: 'hello', new_string: 'HELLO' };

describe('a stale observation is caught', () => {
  it('same-size rewrite with the mtime restored', async () => {
    const t = bench();
    const file = t.write('f.txt', 'hello world\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'hello WORLD\n');
    utimesSync(file, atime, mtime);
    const result = await t.wb.call('edit_file', { path: 'f.txt', ...edit });
    expect(code(result)).toBe('FS_STALE_VERSION');
    expect(t.text('f.txt')).toBe('hello WORLD\n');
  });

  it('chmod', async () => {
    const t = bench();
    const file = t.write('f.txt', 'hello\n');
    chmodSync(file, 0o644);
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    chmodSync(file, 0o600);
    const result = await t.wb.call('edit_file', { path: 'f.txt', ...edit });
    expect(code(result)).toBe('FS_STALE_VERSION');
    expect(result.ok ? '' : result.message).toMatch(/mode/);
  });

  it('replacement by rename, even with identical bytes', async () => {
    const t = bench();
    const file = t.write('f.txt', 'hello\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const other = t.write('other.txt', 'hello\n');
    renameSync(other, file);
    expect(code(await t.wb.call('edit_file', { path: 'f.txt', ...edit }))).toBe('FS_STALE_VERSION');
  });

  it('a write through a symlink alias, by another session and by a command', async () => {
    const t = bench();
    t.write('real.txt', 'hello\n');
    symlinkSync('real.txt', t.file('alias.txt'));
    ok(await t.wb.call('read_file', { path: 'real.txt' }));
    const other = t.open();
    ok(await other.call('read_file', { path: 'alias.txt' }));
    ok(await other.call('edit_file', { path: 'alias.txt', old_string: 'hello', new_string: 'howdy' }));
    expect(code(await t.wb.call('edit_file', { path: 'real.txt', ...edit }))).toBe('FS_STALE_VERSION');
    // The edit went to the target; the alias is still a symlink.
    expect(t.text('real.txt')).toBe('howdy\n');
    ok(await other.call('read_file', { path: 'real.txt' }));
    await execa('sh', ['-c', 'printf "more\\n" >> alias.txt'], { cwd: t.ws });
    expect(code(await other.call('edit_file', { path: 'real.txt', old_string: 'howdy', new_string: 'x' }))).toBe(
      'FS_STALE_VERSION',
    );
  });

  it('an in-place write through a hard-link alias', async () => {
    const t = bench();
    t.write('a.txt', 'hello\n');
    linkSync(t.file('a.txt'), t.file('b.txt'));
    ok(await t.wb.call('read_file', { path: 'a.txt' }));
    await execa('sh', ['-c', 'printf "hellO\\n" > b.txt'], { cwd: t.ws });
    expect(code(await t.wb.call('edit_file', { path: 'a.txt', ...edit }))).toBe('FS_STALE_VERSION');
    expect(t.text('a.txt')).toBe('hellO\n');
  });

  it('delete, and delete then recreate', async () => {
    const t = bench();
    const file = t.write('f.txt', 'hello\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    unlinkSync(file);
    expect(code(await t.wb.call('edit_file', { path: 'f.txt', ...edit }))).toBe('FS_STALE_VERSION');
    writeFileSync(file, 'jello\n');
    expect(code(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'jello', new_string: 'x' }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(code(await t.wb.call('write_file', { path: 'f.txt', content: 'x' }))).toBe('FS_STALE_VERSION');
    expect(t.text('f.txt')).toBe('jello\n');
  });
});

describe('metadata-only noise is not stale', () => {
  it('a touch that moves mtime and ctime but not the bytes', async () => {
    const t = bench();
    const file = t.write('f.txt', 'hello\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    utimesSync(file, new Date(2001, 1, 1), new Date(2001, 1, 1));
    ok(await t.wb.call('edit_file', { path: 'f.txt', ...edit }));
    expect(t.text('f.txt')).toBe('HELLO\n');
  });
});

describe('hard-linked targets', () => {
  it('reports the split instead of hiding it; the other name keeps the old bytes', async () => {
    const t = bench();
    t.write('a.txt', 'hello\n');
    linkSync(t.file('a.txt'), t.file('b.txt'));
    ok(await t.wb.call('read_file', { path: 'b.txt' }));
    const result = ok(await t.wb.call('edit_file', { path: 'b.txt', ...edit }));
    expect(result.hard_links_split).toBe(1);
    expect(result.warnings).toEqual([expect.stringMatching(/other hard link/)]);
    expect(readFileSync(t.file('a.txt'), 'utf8')).toBe('hello\n');
    expect(t.text('b.txt')).toBe('HELLO\n');
  });
});
