// The acceptance sequences: read → edit → external command → edit, on real files with real commands.
import { execa } from 'execa';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';

const harmless = async (cwd: string): Promise<void> => {
  await execa('git', ['--version'], { cwd });
  await execa('sh', ['-c', 'ls -la > /dev/null; cat ./* > /dev/null 2>&1 || true'], { cwd });
};

describe('read → edit → bash → edit', () => {
  it('runs three cycles on a Chinese path; harmless commands never invalidate', async () => {
    const t = bench();
    t.write('源码/模块.ts', 'const 名字 = 0;\n');
    const p = '源码/模块.ts';
    for (let round = 0; round < 3; round++) {
      ok(await t.wb.call('read_file', { path: p }));
      ok(
        await t.wb.call('edit_file', {
          path: p,
          old_string: `名字 = ${round * 2}`,
          new_string: `名字 = ${round * 2 + 1}`,
        }),
      );
      await harmless(t.ws);
      ok(
        await t.wb.call('edit_file', {
          path: p,
          old_string: `名字 = ${round * 2 + 1}`,
          new_string: `名字 = ${round * 2 + 2}`,
        }),
      );
    }
    expect(t.text(p)).toBe('const 名字 = 6;\n');
  });

  it('catches a command that does change the file between two edits', async () => {
    const t = bench();
    t.write('源码/模块.ts', 'a = 1\n');
    ok(await t.wb.call('read_file', { path: '源码/模块.ts' }));
    ok(await t.wb.call('edit_file', { path: '源码/模块.ts', old_string: 'a = 1', new_string: 'a = 2' }));
    await execa('sh', ['-c', 'printf "b = 9\\n" >> "$1"', 'sh', '源码/模块.ts'], { cwd: t.ws });
    expect(code(await t.wb.call('edit_file', { path: '源码/模块.ts', old_string: 'a = 2', new_string: 'a = 3' }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(t.text('源码/模块.ts')).toBe('a = 2\nb = 9\n');
  });

  it('keeps a CRLF file CRLF through three cycles, also in inserted lines', async () => {
    const t = bench();
    t.write('win.txt', 'one\r\ntwo\r\n');
    for (let round = 0; round < 3; round++) {
      const read = ok(await t.wb.call('read_file', { path: 'win.txt' }));
      expect(read.eol).toBe('crlf');
      ok(await t.wb.call('edit_file', { path: 'win.txt', old_string: 'two\n', new_string: `two\nadded ${round}\n` }));
      await harmless(t.ws);
      ok(await t.wb.call('edit_file', { path: 'win.txt', old_string: `added ${round}`, new_string: `line ${round}` }));
    }
    expect(t.text('win.txt')).toBe('one\r\ntwo\r\nline 2\r\nline 1\r\nline 0\r\n');
  });

  it('moves a file, runs a command, and edits it at its new path', async () => {
    const t = bench();
    t.write('old/名.txt', 'x\n');
    ok(await t.wb.call('read_file', { path: 'old/名.txt' }));
    ok(await t.wb.call('move_file', { path: 'old/名.txt', new_path: 'new/名.txt' }));
    await harmless(t.ws);
    ok(await t.wb.call('edit_file', { path: 'new/名.txt', old_string: 'x', new_string: 'y' }));
    expect(t.text('new/名.txt')).toBe('y\n');
    expect(code(await t.wb.call('edit_file', { path: 'old/名.txt', old_string: 'x', new_string: 'y' }))).toBe(
      'FS_NOT_FOUND',
    );
  });

  it('a command that deletes the file makes the next edit stale, and nothing is recreated', async () => {
    const t = bench();
    t.write('gone.txt', 'x\n');
    ok(await t.wb.call('read_file', { path: 'gone.txt' }));
    ok(await t.wb.call('edit_file', { path: 'gone.txt', old_string: 'x', new_string: 'y' }));
    await execa('rm', ['gone.txt'], { cwd: t.ws });
    expect(code(await t.wb.call('edit_file', { path: 'gone.txt', old_string: 'y', new_string: 'z' }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(code(await t.wb.call('write_file', { path: 'gone.txt', content: 'z' }))).toBe('FS_STALE_VERSION');
    await expect(execa('test', ['-e', 'gone.txt'], { cwd: t.ws })).rejects.toThrow();
  });

  it('reads one window of a large file, runs a command, then edits outside the window', async () => {
    const t = bench();
    const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i + 1}\n`);
    writeFileSync(t.file('big.log'), lines.join(''));
    const read = ok(await t.wb.call('read_file', { path: 'big.log', offset: 100_000, limit: 3 }));
    expect(read.content).toBe('line 100000\nline 100001\nline 100002\n');
    expect(read.total_lines).toBe(200_000);
    await harmless(t.ws);
    ok(await t.wb.call('edit_file', { path: 'big.log', old_string: 'line 199999\n', new_string: 'edited\n' }));
    expect(t.text('big.log').endsWith('edited\nline 200000\n')).toBe(true);
  });

  it('handles one batch of read → edit → edit → bash', async () => {
    const t = bench();
    t.write('batch.txt', 'alpha\nbeta\n');
    const results = [
      await t.wb.call('read_file', { path: 'batch.txt' }),
      await t.wb.call('edit_file', { path: 'batch.txt', old_string: 'alpha', new_string: 'ALPHA' }),
      await t.wb.call('edit_file', { path: 'batch.txt', old_string: 'beta', new_string: 'BETA' }),
    ];
    expect(results.map(code)).toEqual(['ok', 'ok', 'ok']);
    const { stdout } = await execa('cat', ['batch.txt'], { cwd: t.ws });
    expect(stdout).toBe('ALPHA\nBETA');
  });

  it('queues edits of one session issued together, each on top of the previous', async () => {
    const t = bench();
    t.write('batch.txt', 'a b c d\n');
    ok(await t.wb.call('read_file', { path: 'batch.txt' }));
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((letter) =>
        t.wb.call('edit_file', { path: 'batch.txt', old_string: letter, new_string: letter.toUpperCase() }),
      ),
    );
    expect(results.map(code)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(t.text('batch.txt')).toBe('A B C D\n');
  });
});
