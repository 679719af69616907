// Locks: one global order (no deadlock), lock files outside the user's tree, and a replacement
// made by a mutation holding the lock never slips past a waiting one.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LockSet } from '../../src/fs/locks.js';
import { bench, code, ok, tempDir } from './helpers.js';

describe('locks', () => {
  it('takes overlapping key sets in one sorted order, so opposite requests never deadlock', async () => {
    const locks = new LockSet(tempDir('pb-locks-'));
    const order: string[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const release = await locks.acquire(i % 2 === 0 ? ['path:b', 'path:a', 'id:1'] : ['id:1', 'path:a', 'path:b']);
        order.push(`in ${i}`);
        await Promise.resolve();
        order.push(`out ${i}`);
        release();
      }),
    );
    // Strictly one holder at a time.
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]?.replace('in', 'out'));
  });

  it('keeps lock files out of the workspace, with hashed names for non-ASCII paths', async () => {
    const t = bench();
    t.write('目录/文件.txt', 'x\n');
    ok(await t.wb.call('read_file', { path: '目录/文件.txt' }));
    ok(await t.wb.call('edit_file', { path: '目录/文件.txt', old_string: 'x', new_string: 'y' }));
    expect(readdirSync(t.ws, { recursive: true }).sort()).toEqual(['目录', '目录/文件.txt']);
    const lockFiles = readdirSync(t.lockDir);
    expect(lockFiles.length).toBeGreaterThanOrEqual(2);
    for (const name of lockFiles) expect(name).toMatch(/^[0-9a-f]{40}\.lock$/);
  });

  it('a mutation waiting for the lock sees the replacement made by the holder as stale', async () => {
    const t = bench();
    t.write('f.txt', 'base\n');
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    let reachedStaged!: () => void;
    const staged = new Promise<void>((resolve) => (reachedStaged = resolve));
    const a = t.open({
      hooks: {
        async onStep(step) {
          if (step !== 'staged') return;
          reachedStaged();
          await paused;
        },
      },
    });
    const b = t.open();
    ok(await a.call('read_file', { path: 'f.txt' }));
    ok(await b.call('read_file', { path: 'f.txt' }));
    const first = a.call('edit_file', { path: 'f.txt', old_string: 'base', new_string: 'A' });
    await staged; // A holds the locks, its bytes staged, not yet published
    const second = b.call('edit_file', { path: 'f.txt', old_string: 'base', new_string: 'B' });
    resume();
    expect([code(await first), code(await second)]).toEqual(['ok', 'FS_STALE_VERSION']);
    expect(t.text('f.txt')).toBe('A\n');
  });
});
