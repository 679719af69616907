// The observation rules and the exact semantics of each tool.
import {
  chmodSync,
  chownSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  truncateSync,
} from 'node:fs';
import { SYNC_MAX_BYTES } from '../../src/fs/small-file.js';
import { MAX_TEXT_BYTES } from '../../src/fs/mutate.js';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';
import { mountTmpfs, remountReadOnly, requirePrivilege } from '../helpers/privileged.js';

describe('observation rules', () => {
  it('refuses to overwrite a file this session never read', async () => {
    const t = bench();
    t.write('f.txt', 'keep\n');
    expect(code(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'keep', new_string: 'x' }))).toBe(
      'FS_NOT_OBSERVED',
    );
    expect(code(await t.wb.call('write_file', { path: 'f.txt', content: 'x' }))).toBe('FS_NOT_OBSERVED');
    expect(code(await t.wb.call('delete_range', { path: 'f.txt', start_line: 1, end_line: 1 }))).toBe(
      'FS_NOT_OBSERVED',
    );
    expect(code(await t.wb.call('move_file', { path: 'f.txt', new_path: 'g.txt' }))).toBe('FS_NOT_OBSERVED');
    expect(t.text('f.txt')).toBe('keep\n');
  });

  it('records absence: read of a missing file → FS_NOT_FOUND, then a create is allowed', async () => {
    const t = bench();
    expect(code(await t.wb.call('read_file', { path: 'new/file.txt' }))).toBe('FS_NOT_FOUND');
    const created = ok(await t.wb.call('write_file', { path: 'new/file.txt', content: 'made\n' }));
    expect(created.created).toBe(true);
    ok(await t.wb.call('edit_file', { path: 'new/file.txt', old_string: 'made', new_string: 'edited' }));
    expect(t.text('new/file.txt')).toBe('edited\n');
  });

  it('a confirmed absence never overwrites a file created since', async () => {
    const t = bench();
    expect(code(await t.wb.call('read_file', { path: 'f.txt' }))).toBe('FS_NOT_FOUND');
    t.write('f.txt', 'theirs\n');
    expect(code(await t.wb.call('write_file', { path: 'f.txt', content: 'mine\n' }))).toBe('FS_EXISTS');
    expect(code(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'theirs', new_string: 'x' }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(t.text('f.txt')).toBe('theirs\n');
  });

  it('a write advances the observation; a fork carries it, then the two sessions diverge', async () => {
    const t = bench();
    t.write('f.txt', 'one\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const heir = t.wb.fork();
    ok(await heir.call('edit_file', { path: 'f.txt', old_string: 'one', new_string: 'two' }));
    expect(code(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'two', new_string: 'three' }))).toBe(
      'FS_STALE_VERSION',
    );
    ok(await heir.call('edit_file', { path: 'f.txt', old_string: 'two', new_string: 'three' }));
    expect(t.text('f.txt')).toBe('three\n');
    expect(() => JSON.stringify(heir)).toThrow(/never serialised/);
  });

  it('a fresh session knows nothing', async () => {
    const t = bench();
    t.write('f.txt', 'one\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    expect(code(await t.open().call('edit_file', { path: 'f.txt', old_string: 'one', new_string: 'x' }))).toBe(
      'FS_NOT_OBSERVED',
    );
  });

  it('a window read observes the whole file: no read debt before an edit elsewhere', async () => {
    const t = bench();
    t.write('f.txt', 'a\nb\nc\nd\n');
    const read = ok(await t.wb.call('read_file', { path: 'f.txt', offset: 1, limit: 1 }));
    expect(read).toMatchObject({ content: 'a\n', start_line: 1, end_line: 1, total_lines: 4 });
    ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'd', new_string: 'D' }));
  });
});

describe('tool semantics', () => {
  it('edit_file: no match and ambiguous match are distinct; replace_all replaces each', async () => {
    const t = bench();
    t.write('f.txt', 'x y x\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    expect(code(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'z', new_string: 'q' }))).toBe('FS_NO_MATCH');
    const ambiguous = await t.wb.call('edit_file', { path: 'f.txt', old_string: 'x', new_string: 'q' });
    expect(code(ambiguous)).toBe('FS_AMBIGUOUS_MATCH');
    expect(ambiguous.ok ? '' : ambiguous.message).toMatch(/2 times/);
    expect(
      ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'x', new_string: 'q', replace_all: true }))
        .replacements,
    ).toBe(2);
    expect(t.text('f.txt')).toBe('q y q\n');
  });

  it('edit_file: an old_string found at two overlapping places is ambiguous, not silently the first', async () => {
    const t = bench();
    t.write('f.txt', 'end\nend\nend\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    // "end\nend\n" is at lines 1-2 and at lines 2-3: which one is meant cannot be told.
    const result = await t.wb.call('edit_file', { path: 'f.txt', old_string: 'end\nend\n', new_string: 'END\n' });
    expect(result).toMatchObject({
      ok: false,
      code: 'FS_AMBIGUOUS_MATCH',
      message: expect.stringMatching(/lines 1, 2/),
    });
    expect(t.text('f.txt')).toBe('end\nend\nend\n');
    // replace_all keeps its meaning: each non-overlapping occurrence, left to right.
    expect(
      ok(
        await t.wb.call('edit_file', {
          path: 'f.txt',
          old_string: 'end\nend\n',
          new_string: 'END\n',
          replace_all: true,
        }),
      ).replacements,
    ).toBe(1);
    expect(t.text('f.txt')).toBe('END\nend\n');
  });

  it('multi_edit is all or nothing', async () => {
    const t = bench();
    t.write('f.txt', 'a b c\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const failed = await t.wb.call('multi_edit', {
      path: 'f.txt',
      edits: [
        { old_string: 'a', new_string: 'A' },
        { old_string: 'nope', new_string: 'N' },
      ],
    });
    expect(code(failed)).toBe('FS_NO_MATCH');
    expect(failed.ok ? '' : failed.message).toMatch(/edit 2 of 2/);
    expect(t.text('f.txt')).toBe('a b c\n');
    ok(
      await t.wb.call('multi_edit', {
        path: 'f.txt',
        edits: [
          { old_string: 'a', new_string: 'A' },
          { old_string: 'A b', new_string: 'AB' },
        ],
      }),
    );
    expect(t.text('f.txt')).toBe('AB c\n');
  });

  it('delete_range deletes 1-based inclusive lines and checks bounds', async () => {
    const t = bench();
    t.write('f.txt', '1\n2\n3\n4');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    expect(code(await t.wb.call('delete_range', { path: 'f.txt', start_line: 3, end_line: 5 }))).toBe(
      'FS_INVALID_ARGUMENT',
    );
    expect(code(await t.wb.call('delete_range', { path: 'f.txt', start_line: 3, end_line: 2 }))).toBe(
      'FS_INVALID_ARGUMENT',
    );
    expect(ok(await t.wb.call('delete_range', { path: 'f.txt', start_line: 2, end_line: 3 })).total_lines).toBe(2);
    expect(t.text('f.txt')).toBe('1\n4');
  });

  it('move_file never replaces and leaves both files as they were', async () => {
    const t = bench();
    t.write('a.txt', 'a\n');
    t.write('b.txt', 'b\n');
    ok(await t.wb.call('read_file', { path: 'a.txt' }));
    expect(code(await t.wb.call('move_file', { path: 'a.txt', new_path: 'b.txt' }))).toBe('FS_EXISTS');
    expect([t.text('a.txt'), t.text('b.txt')]).toEqual(['a\n', 'b\n']);
  });

  it("move_file of a symlink is refused: it would move the link's target and leave the link dangling", async () => {
    const t = bench();
    t.write('real.txt', 'r\n');
    symlinkSync('real.txt', t.file('alias.txt'));
    ok(await t.wb.call('read_file', { path: 'alias.txt' }));
    const result = await t.wb.call('move_file', { path: 'alias.txt', new_path: 'moved.txt' });
    expect(result).toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT', message: expect.stringMatching(/symlink/) });
    expect(readdirSync(t.ws).sort()).toEqual(['alias.txt', 'real.txt']);
    expect(readlinkSync(t.file('alias.txt'))).toBe('real.txt');
    // A symlinked directory on the way is fine: the file itself is moved.
    mkdirSync(t.file('sub'));
    t.write('sub/f.txt', 'f\n');
    symlinkSync('sub', t.file('via'));
    ok(await t.wb.call('read_file', { path: 'via/f.txt' }));
    ok(await t.wb.call('move_file', { path: 'via/f.txt', new_path: 'g.txt' }));
    expect(t.text('g.txt')).toBe('f\n');
  });

  it('write_file keeps the mode of the file it replaces', async () => {
    const t = bench();
    const file = t.write('run.sh', '#!/bin/sh\n');
    chmodSync(file, 0o750);
    ok(await t.wb.call('read_file', { path: 'run.sh' }));
    ok(await t.wb.call('write_file', { path: 'run.sh', content: '#!/bin/sh\necho hi\n' }));
    expect(statSync(file).mode & 0o7777).toBe(0o750);
  });

  it('an edit keeps setuid and setgid bits (they are set after the bytes and owner, which clear them)', async () => {
    const t = bench();
    for (const [name, mode] of [
      ['suid.sh', 0o4755],
      ['sgid.sh', 0o2755],
    ] as const) {
      const file = t.write(name, 'echo a\n');
      chmodSync(file, mode);
      ok(await t.wb.call('read_file', { path: name }));
      ok(await t.wb.call('edit_file', { path: name, old_string: 'a', new_string: 'b' }));
      expect((statSync(file).mode & 0o7777).toString(8), name).toBe(mode.toString(8));
      expect(t.text(name)).toBe('echo b\n');
      // The observation recorded after publishing is of the kept mode: the next edit is not stale.
      ok(await t.wb.call('edit_file', { path: name, old_string: 'b', new_string: 'c' }));
    }
  });

  // Only root can give a file to another owner, so only root must keep it: the replacement is a new
  // file, created as root. Both publication paths: a small file and one past SYNC_MAX_BYTES.
  it('an edit by root keeps the owner and group of the file it replaces', async (context) => {
    requirePrivilege(context, process.getuid?.() === 0 ? undefined : 'needs root to give a file to another user');
    const t = bench();
    for (const [name, text] of [
      ['small.txt', 'owned a\n'],
      ['large.txt', 'owned a\n' + 'x'.repeat(SYNC_MAX_BYTES) + '\n'],
    ] as const) {
      const file = t.write(name, text);
      chownSync(file, 12345, 23456);
      ok(await t.wb.call('read_file', { path: name }));
      ok(await t.wb.call('edit_file', { path: name, old_string: 'owned a', new_string: 'owned b' }));
      expect(t.text(name).startsWith('owned b\n'), name).toBe(true);
      expect({ uid: statSync(file).uid, gid: statSync(file).gid }, name).toEqual({ uid: 12345, gid: 23456 });
      // Changed by someone else since (a metadata change the version allows): the edit keeps the new owner.
      chownSync(file, 34567, 45678);
      ok(await t.wb.call('edit_file', { path: name, old_string: 'owned b', new_string: 'owned c' }));
      expect({ uid: statSync(file).uid, gid: statSync(file).gid }, name).toEqual({ uid: 34567, gid: 45678 });
    }
  });

  it('a file too large to hold as text is refused before it is read into memory, and left as it was', async () => {
    const t = bench();
    const file = t.write('huge.log', '');
    truncateSync(file, MAX_TEXT_BYTES + 1); // sparse: no disk, and no bytes to read unless someone reads them
    for (const [tool, args] of [
      ['edit_file', { old_string: 'a', new_string: 'b' }],
      ['delete_range', { start_line: 1, end_line: 1 }],
    ] as const) {
      const result = await t.wb.call(tool, { path: 'huge.log', ...args });
      expect(result, tool).toMatchObject({
        ok: false,
        code: 'FS_FILE_TOO_LARGE',
        message: expect.stringMatching(/too large|more than a text edit/),
      });
    }
    expect(statSync(file).size).toBe(MAX_TEXT_BYTES + 1);
  });

  // Root writes through permission bits, so a read-only mount stands in for an unwritable directory.
  it('a directory it cannot write in: a clear error naming the file, and nothing lost', async (context) => {
    const t = bench();
    const unmount = mountTmpfs(context, t.file('ro'));
    try {
      t.write('ro/f.txt', 'keep\n');
      remountReadOnly(t.file('ro'));
      ok(await t.wb.call('read_file', { path: 'ro/f.txt' }));
      expect(code(await t.wb.call('read_file', { path: 'ro/new.txt' }))).toBe('FS_NOT_FOUND');
      for (const [tool, args] of [
        ['edit_file', { path: 'ro/f.txt', old_string: 'keep', new_string: 'x' }],
        ['write_file', { path: 'ro/new.txt', content: 'x' }],
      ] as const) {
        const result = await t.wb.call(tool, args);
        expect(result, tool).toMatchObject({
          ok: false,
          code: 'FS_IO_ERROR',
          message: expect.stringMatching(new RegExp(`^${args.path}: cannot write .*EROFS.*nothing was changed`)),
        });
        expect(result.ok ? '' : result.message).not.toContain(t.ws);
      }
      expect(t.text('ro/f.txt')).toBe('keep\n');
      expect(readdirSync(t.file('ro'))).toEqual(['f.txt']);
    } finally {
      unmount();
    }
  });

  it("a create or move into new directories makes each new directory entry durable, not only the file's", async () => {
    const t = bench();
    const synced: string[] = [];
    const wb = t.open({ ops: { fsyncDirectory: async (dir) => void synced.push(path.relative(t.ws, dir) || '.') } });
    ok(await wb.call('write_file', { path: 'a/b/c.txt', content: 'x\n' }));
    expect(new Set(synced)).toEqual(new Set(['a/b', 'a', '.']));
    synced.length = 0;
    ok(await wb.call('move_file', { path: 'a/b/c.txt', new_path: 'a/d/e/f.txt' }));
    expect(new Set(synced)).toEqual(new Set(['a/d/e', 'a/d', 'a', 'a/b']));
    synced.length = 0;
    ok(await wb.call('write_file', { path: 'a/b/g.txt', content: 'y\n' }));
    expect(synced).toEqual(['a/b']);
  });

  it('directories, unknown tools and bad arguments are clear errors', async () => {
    const t = bench();
    mkdirSync(t.file('dir'));
    expect(code(await t.wb.call('read_file', { path: 'dir' }))).toBe('FS_IS_DIRECTORY');
    expect(code(await t.wb.call('write_file', { path: 'dir', content: 'x' }))).toBe('FS_IS_DIRECTORY');
    const unknown = await t.wb.call('format_file', { path: 'x' });
    expect(unknown).toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
    expect(unknown.ok ? '' : unknown.message).toMatch(/read_file.*move_file/);
    expect(code(await t.wb.call('read_file', { path: 'f', offset: 0 }))).toBe('FS_INVALID_ARGUMENT');
    expect(code(await t.wb.call('edit_file', { path: 'f', old_string: '', new_string: 'x' }))).toBe(
      'FS_INVALID_ARGUMENT',
    );
    expect(code(await t.wb.call('read_file', null as never))).toBe('FS_INVALID_ARGUMENT');
    for (const name of ['__proto__', 'toString', 'constructor'])
      expect(code(await t.wb.call(name, {}))).toBe('FS_INVALID_ARGUMENT');
  });

  it('leaves no staged files behind after failures', async () => {
    const t = bench();
    t.write('f.txt', 'x\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    await t.wb.call('edit_file', { path: 'f.txt', old_string: 'nope', new_string: 'y' });
    t.write('f.txt', 'changed\n');
    await t.wb.call('edit_file', { path: 'f.txt', old_string: 'x', new_string: 'y' });
    expect(readdirSync(t.ws)).toEqual(['f.txt']);
  });
});

describe('a never-read path that does not exist', () => {
  it.each([
    ['edit_file', { path: 'm.txt', old_string: 'a', new_string: 'b' }],
    ['multi_edit', { path: 'm.txt', edits: [{ old_string: 'a', new_string: 'b' }] }],
    ['delete_range', { path: 'm.txt', start_line: 1, end_line: 1 }],
    ['delete_symbol', { path: 'm.ts', symbol: 'x' }],
    ['notebook_edit', { path: 'm.ipynb', edit_mode: 'delete', cell_id: 'c' }],
    ['move_file', { path: 'm.txt', new_path: 'n.txt' }],
  ] as const)('%s on it is FS_NOT_FOUND, not FS_NOT_OBSERVED', async (tool, args) => {
    const t = bench();
    expect(code(await t.wb.call(tool, args as never))).toBe('FS_NOT_FOUND');
    expect(readdirSync(t.ws)).toEqual([]);
  });
});

describe('the mode of a created file', () => {
  it.each([0o022, 0o077, 0o002])('is 0666 less the umask (umask %o)', async (mask) => {
    const t = bench();
    const before = process.umask(mask);
    try {
      ok(await t.wb.call('write_file', { path: 'new.txt', content: 'x\n' }));
    } finally {
      process.umask(before);
    }
    expect(statSync(t.file('new.txt')).mode & 0o777).toBe(0o666 & ~mask);
  });
});

describe('one session, calls issued together', () => {
  it('run in the order they were issued, each seeing the result of the one before', async () => {
    const t = bench();
    t.write('c.txt', '0\n');
    ok(await t.wb.call('read_file', { path: 'c.txt' }));
    // Each edit needs the text the edit before it wrote; a delete_range then removes the first line.
    const results = await Promise.all([
      t.wb.call('edit_file', { path: 'c.txt', old_string: '0\n', new_string: '0\n1\n' }),
      t.wb.call('edit_file', { path: 'c.txt', old_string: '1\n', new_string: '1\n2\n' }),
      t.wb.call('delete_range', { path: 'c.txt', start_line: 1, end_line: 1 }),
    ]);
    expect(results.map(code)).toEqual(['ok', 'ok', 'ok']);
    expect(t.text('c.txt')).toBe('1\n2\n');
  });

  it('two write_file calls to a new path: the first creates, the second replaces', async () => {
    const t = bench();
    const [first, second] = await Promise.all([
      t.wb.call('write_file', { path: 'n.txt', content: 'one\n' }),
      t.wb.call('write_file', { path: 'n.txt', content: 'two\n' }),
    ]);
    expect([ok(first).created, ok(second).created]).toEqual([true, false]);
    expect(t.text('n.txt')).toBe('two\n');
  });
});

describe('size limits are size errors, not I/O errors', () => {
  it('a replace_all whose result is longer than the longest string is FS_FILE_TOO_LARGE, with nothing changed', async () => {
    const t = bench();
    t.write('f.txt', 'x'.repeat(1000));
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const result = await t.wb.call('edit_file', {
      path: 'f.txt',
      old_string: 'x',
      new_string: 'y'.repeat(600_000),
      replace_all: true,
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'FS_FILE_TOO_LARGE',
      message: expect.stringMatching(/result would be 600000000 characters.*nothing was changed/),
    });
    expect(t.text('f.txt')).toBe('x'.repeat(1000));
    ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'x', new_string: 'y', replace_all: true }));
  });
});
