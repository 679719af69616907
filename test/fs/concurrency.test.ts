// Competing writers, in one process and across processes: exactly one wins, nobody's update is lost.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SYNC_MAX_BYTES } from '../../src/fs/small-file.js';
import { bench, code, ok } from './helpers.js';
import { lastJson, startWorker, waitForLine } from './processes.js';

describe('competing writers in one process', () => {
  it('two sessions editing from one version: one wins, the other is stale', async () => {
    const t = bench();
    t.write('f.txt', 'value = 0\n');
    const [a, b] = [t.open(), t.open()];
    ok(await a.call('read_file', { path: 'f.txt' }));
    ok(await b.call('read_file', { path: 'f.txt' }));
    const results = await Promise.all([
      a.call('edit_file', { path: 'f.txt', old_string: 'value = 0', new_string: 'value = A' }),
      b.call('edit_file', { path: 'f.txt', old_string: 'value = 0', new_string: 'value = B' }),
    ]);
    expect(results.map(code).sort()).toEqual(['FS_STALE_VERSION', 'ok']);
    const winner = results[0]?.ok ? 'A' : 'B';
    expect(t.text('f.txt')).toBe(`value = ${winner}\n`);
  });

  // Both publication paths: a small file (synchronous calls) and one past SYNC_MAX_BYTES (streamed).
  it.each([
    ['a small file', ''],
    ['a file past the synchronous size', 'x'.repeat(SYNC_MAX_BYTES) + '\n'],
  ])(
    'a writer that ignores the locks, after the stage is synced (%s): a changed byte makes the edit stale, the same bytes do not',
    async (_, padding) => {
      const t = bench();
      t.write('f.txt', `${padding}value = 0\n`);
      let write: (() => void) | undefined;
      const wb = t.open({
        hooks: {
          onStep(step) {
            if (step === 'staged') write?.();
          },
        },
      });
      ok(await wb.call('read_file', { path: 'f.txt', limit: 1 }));
      // Same size, one byte changed at the end: only the content check before the rename sees it.
      write = () => writeFileSync(t.file('f.txt'), `${padding}value = 9\n`);
      const stale = await wb.call('edit_file', { path: 'f.txt', old_string: 'value = 0', new_string: 'value = A' });
      expect(code(stale)).toBe('FS_STALE_VERSION');
      expect(t.text('f.txt')).toBe(`${padding}value = 9\n`);
      ok(await wb.call('read_file', { path: 'f.txt', limit: 1 }));
      // The same bytes written again in place (a save without changes): the edit goes through.
      write = () => writeFileSync(t.file('f.txt'), `${padding}value = 9\n`);
      ok(await wb.call('edit_file', { path: 'f.txt', old_string: 'value = 9', new_string: 'value = B' }));
      expect(t.text('f.txt')).toBe(`${padding}value = B\n`);
      // Shorter and longer than what was read: stale too.
      for (const other of [padding, `${padding}value = B\nmore\n`]) {
        ok(await wb.call('read_file', { path: 'f.txt', limit: 1 }));
        const before = t.text('f.txt');
        write = () => writeFileSync(t.file('f.txt'), other);
        expect(
          code(await wb.call('edit_file', { path: 'f.txt', old_string: 'value = B', new_string: 'value = C' })),
        ).toBe('FS_STALE_VERSION');
        expect(t.text('f.txt')).toBe(other);
        write = undefined;
        writeFileSync(t.file('f.txt'), before);
      }
    },
  );

  it('concurrent creates: exactly one is created and never overwritten', async () => {
    const t = bench();
    const sessions = Array.from({ length: 5 }, () => t.open());
    for (const s of sessions) expect(code(await s.call('read_file', { path: 'new.txt' }))).toBe('FS_NOT_FOUND');
    const results = await Promise.all(
      sessions.map((s, i) => s.call('write_file', { path: 'new.txt', content: `writer ${i}\n` })),
    );
    const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map(code)).toEqual(Array(4).fill('FS_EXISTS'));
    expect(t.text('new.txt')).toBe(`writer ${winners[0]}\n`);
  });
});

describe('competing writers in separate processes', () => {
  it('two processes editing from one version: one wins, the other is stale', async () => {
    const t = bench();
    t.write('f.txt', 'value = 0\n');
    const workers = ['A', 'B'].map((name) =>
      startWorker({
        mode: 'race',
        workspace: t.ws,
        lockDir: t.lockDir,
        path: 'f.txt',
        edit: { old_string: 'value = 0', new_string: `value = ${name}` },
      }),
    );
    await Promise.all(workers.map((w) => waitForLine(w, 'ready')));
    for (const w of workers) w.stdin.end('go\n');
    const results = await Promise.all(workers.map(lastJson));
    expect(results.map((r) => (r.ok ? 'ok' : r.code)).sort()).toEqual(['FS_STALE_VERSION', 'ok']);
    expect(t.text('f.txt')).toBe(`value = ${results[0]?.ok ? 'A' : 'B'}\n`);
  });

  it('three processes creating one file: the winner is never overwritten', async () => {
    const t = bench();
    const workers = [0, 1, 2].map((i) =>
      startWorker({ mode: 'race', workspace: t.ws, lockDir: t.lockDir, path: 'made.txt', create: `process ${i}\n` }),
    );
    await Promise.all(workers.map((w) => waitForLine(w, 'ready')));
    for (const w of workers) w.stdin.end('go\n');
    const results = await Promise.all(workers.map(lastJson));
    const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.code)).toEqual(['FS_EXISTS', 'FS_EXISTS']);
    expect(readFileSync(t.file('made.txt'), 'utf8')).toBe(`process ${winners[0]}\n`);
  });

  it('a multi-process counter (4 processes × 25 rounds of read → edit, retry on stale) ends at exactly 100', async () => {
    const t = bench();
    t.write('counter.txt', '0\n');
    const workers = [0, 1, 2, 3].map(() =>
      startWorker({ mode: 'counter', workspace: t.ws, lockDir: t.lockDir, path: 'counter.txt', rounds: 25 }),
    );
    const results = await Promise.all(workers.map(lastJson));
    expect(t.text('counter.txt')).toBe('100\n');
    expect(results.every((r) => typeof r.stale === 'number')).toBe(true);
  });
});
