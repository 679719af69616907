// Confinement: nothing outside the workspace is read or written, however the path is spelled.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  readFileSync,
} from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, code, ok, pauseAtStaged, tempDir } from './helpers.js';

describe('workspace confinement', () => {
  it('refuses .., outside absolute paths and symlinks that escape', async () => {
    const t = bench();
    const outside = tempDir('pb-outside-');
    writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
    symlinkSync(outside, t.file('escape-dir'));
    symlinkSync(path.join(outside, 'secret.txt'), t.file('escape-file'));
    symlinkSync(path.join(outside, 'missing.txt'), t.file('escape-dangling'));
    for (const p of [
      '../x.txt',
      'a/../../x.txt',
      path.join(outside, 'secret.txt'),
      'escape-dir/secret.txt',
      'escape-file',
    ]) {
      expect(code(await t.wb.call('read_file', { path: p })), p).toBe('FS_OUTSIDE_WORKSPACE');
    }
    expect(code(await t.wb.call('write_file', { path: 'escape-dir/new.txt', content: 'x' }))).toBe(
      'FS_OUTSIDE_WORKSPACE',
    );
    t.write('in.txt', 'in\n');
    ok(await t.wb.call('read_file', { path: 'in.txt' }));
    expect(code(await t.wb.call('move_file', { path: 'in.txt', new_path: '../out.txt' }))).toBe('FS_OUTSIDE_WORKSPACE');
    expect(code(await t.wb.call('move_file', { path: 'in.txt', new_path: 'escape-dir/in.txt' }))).toBe(
      'FS_OUTSIDE_WORKSPACE',
    );
    // A dangling link is never followed out of the workspace, nor replaced.
    expect(code(await t.wb.call('write_file', { path: 'escape-dangling', content: 'x' }))).toBe('FS_OUTSIDE_WORKSPACE');
    expect(code(await t.wb.call('read_file', { path: 'escape-dangling' }))).toBe('FS_OUTSIDE_WORKSPACE');
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
  });

  it('a call that waited its turn resolves its path again: a directory link swapped meanwhile is seen', async () => {
    const t = bench();
    const outside = tempDir('pb-outside-');
    writeFileSync(path.join(outside, 'a.txt'), 'outside\n');
    t.write('real/a.txt', 'inside\n');
    symlinkSync('real', t.file('d'));
    const { hooks, staged, resume } = pauseAtStaged();
    const wb = t.open({ hooks });
    ok(await wb.call('read_file', { path: 'd/a.txt' }));
    const first = wb.call('edit_file', { path: 'd/a.txt', old_string: 'inside', new_string: 'edited' });
    await staged;
    // Queued behind the first call on the same file, resolved (to real/a.txt) before it waits.
    const second = wb.call('read_file', { path: 'd/a.txt' });
    rmSync(t.file('d'));
    symlinkSync(outside, t.file('d'));
    resume();
    ok(await first);
    expect(code(await second)).toBe('FS_OUTSIDE_WORKSPACE');
    expect(t.text('real/a.txt')).toBe('edited\n');
  });

  it('accepts absolute paths inside the workspace and symlinks that stay inside', async () => {
    const t = bench();
    t.write('sub/f.txt', 'x\n');
    symlinkSync('sub', t.file('link'));
    ok(await t.wb.call('read_file', { path: t.file('sub/f.txt') }));
    ok(await t.wb.call('edit_file', { path: 'link/f.txt', old_string: 'x', new_string: 'y' }));
    expect(t.text('sub/f.txt')).toBe('y\n');
  });

  it('a dangling or looping symlink inside: a clear error that does not ask to read it again', async () => {
    const t = bench();
    symlinkSync('nowhere.txt', t.file('dangling.txt'));
    symlinkSync('loop.txt', t.file('loop.txt'));
    for (const p of ['dangling.txt', 'loop.txt']) {
      const read = await t.wb.call('read_file', { path: p });
      expect(read, p).toMatchObject({ ok: false, code: 'FS_NOT_FOUND', message: expect.stringMatching(/symlink/) });
      const write = await t.wb.call('write_file', { path: p, content: 'x' });
      expect(write, p).toMatchObject({ ok: false, code: 'FS_EXISTS', message: expect.stringMatching(/symlink/) });
    }
    expect(readdirSync(t.ws).sort()).toEqual(['dangling.txt', 'loop.txt']);
    expect(readlinkSync(t.file('dangling.txt'))).toBe('nowhere.txt');
  });

  it('paths that cannot name a file to write get clear errors and create nothing', async () => {
    const t = bench();
    t.write('a.txt', 'a\n');
    t.write('plain', 'p\n');
    execFileSync('mkfifo', [t.file('fifo')]);
    // A trailing slash names a directory: never a file called "notes".
    for (const p of ['notes/', 'a.txt/']) {
      expect(await t.wb.call('write_file', { path: p, content: 'x' }), p).toMatchObject({
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: expect.stringMatching(/directory/),
      });
    }
    expect(code(await t.wb.call('read_file', { path: 'a.txt/' }))).toBe('FS_INVALID_ARGUMENT');
    expect(await t.wb.call('write_file', { path: 'fifo', content: 'x' })).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/regular file/),
    });
    ok(await t.wb.call('read_file', { path: 'a.txt' }));
    // A destination under a file: says so, about the destination, without this machine's paths.
    const move = await t.wb.call('move_file', { path: 'a.txt', new_path: 'plain/b.txt' });
    expect(move).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/^plain\/b\.txt: cannot create its directory/),
    });
    expect(move.ok ? '' : move.message).not.toContain(t.ws);
    expect(readdirSync(t.ws).sort()).toEqual(['a.txt', 'fifo', 'plain']);
  });

  it('works with non-ASCII names in every position', async () => {
    const t = bench();
    mkdirSync(t.file('données/日本語'), { recursive: true });
    const result = ok(await t.wb.call('write_file', { path: 'données/日本語/файл 😀.txt', content: 'ok\n' }));
    expect(result.path).toBe('données/日本語/файл 😀.txt');
    ok(await t.wb.call('move_file', { path: 'données/日本語/файл 😀.txt', new_path: '目录/新文件.txt' }));
    expect(t.text('目录/新文件.txt')).toBe('ok\n');
  });
});

describe('names the tools never create', () => {
  it('write_file and move_file refuse the staged-file prefix, so no later session deletes the file as a leftover', async () => {
    const t = bench();
    const reserved = await t.wb.call('write_file', { path: 'sub/.peer-bridge-stage.x.1.abc', content: 'data' });
    expect(reserved).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/reserved for staged files/),
    });
    expect(existsSync(t.file('sub/.peer-bridge-stage.x.1.abc'))).toBe(false);
    t.write('a.txt', 'a\n');
    ok(await t.wb.call('read_file', { path: 'a.txt' }));
    const moved = await t.wb.call('move_file', { path: 'a.txt', new_path: '.peer-bridge-stage.h.2.def' });
    expect(moved).toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
    expect(t.text('a.txt')).toBe('a\n');
  });

  it.each(['dir/.', 'dir/..', 'dir/sub/..', '.'])(
    'write_file("%s") is refused like a trailing slash, never a file named after the directory',
    async (name) => {
      const t = bench();
      const result = await t.wb.call('write_file', { path: name, content: 'x' });
      expect(result).toMatchObject({
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: expect.stringMatching(/names a directory/),
      });
      expect(readdirSync(t.ws)).toEqual([]);
    },
  );
});
