// kill -9 in the middle of a publication: the target holds the old bytes or the new ones, never a
// mix, and the staged leftover is removed by the next session that touches the directory.
import { execa } from 'execa';
import { readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bench, code, ok, tempDir } from './helpers.js';
import { startWorker } from './processes.js';

const OLD = 'old content\n'.repeat(2000);
const NEW = 'new content, longer\n'.repeat(2000);

async function crashAt(
  pauseAt: string,
  existing: boolean,
): Promise<{ t: ReturnType<typeof bench>; leftovers: string[] }> {
  const t = bench();
  if (existing) t.write('target.txt', OLD);
  const fifos = tempDir('pb-fifo-');
  const ready = path.join(fifos, 'ready');
  const hold = path.join(fifos, 'hold');
  await execa('mkfifo', [ready, hold]);
  const job = { mode: 'crash', workspace: t.ws, lockDir: t.lockDir, path: 'target.txt', pauseAt, ready, hold };
  const worker = startWorker(
    existing ? { ...job, edit: { old_string: OLD, new_string: NEW } } : { ...job, create: NEW },
  );
  const reached = await Promise.race([readFile(ready, 'utf8'), worker.then((r) => `exited early: ${r.stderr}`)]);
  expect(reached).toBe(pauseAt);
  worker.kill('SIGKILL');
  const result = await worker;
  expect(result.signal).toBe('SIGKILL');
  return { t, leftovers: readdirSync(t.ws).filter((name) => name !== 'target.txt') };
}

describe('a crash mid-publication', () => {
  for (const [step, expected] of [
    ['staged-partial', OLD],
    ['staged', OLD],
    ['published', NEW],
  ] as const) {
    it(`at "${step}" leaves ${expected === OLD ? 'the old' : 'the new'} bytes whole, and no leftovers after the next read`, async () => {
      const { t, leftovers } = await crashAt(step, true);
      expect(t.text('target.txt')).toBe(expected);
      expect(leftovers).toHaveLength(step === 'published' ? 0 : 1);
      const next = t.open();
      ok(await next.call('read_file', { path: 'target.txt', limit: 1 }));
      expect(readdirSync(t.ws)).toEqual(['target.txt']);
      ok(await next.call('edit_file', { path: 'target.txt', old_string: expected, new_string: 'after\n' }));
      expect(t.text('target.txt')).toBe('after\n');
    });
  }

  it('during a create leaves no file at all, and the next session can create it', async () => {
    const { t, leftovers } = await crashAt('staged', false);
    expect(leftovers).toHaveLength(1);
    const next = t.open();
    expect(code(await next.call('read_file', { path: 'target.txt' }))).toBe('FS_NOT_FOUND');
    expect(readdirSync(t.ws)).toEqual([]);
    ok(await next.call('write_file', { path: 'target.txt', content: 'fresh\n' }));
  });

  it("removes the killed process's leftover and none of the user's near-miss names beside it", async () => {
    const { t, leftovers } = await crashAt('staged', true);
    expect(leftovers).toEqual([expect.stringMatching(/^\.peer-bridge-stage\./)]);
    const users = ['.peer-bridge-stage.notes', `${leftovers[0] as string}.bak`, `old${leftovers[0] as string}`];
    const twoHoursAgo = (Date.now() - 2 * 60 * 60 * 1000) / 1000;
    for (const name of users) {
      writeFileSync(t.file(name), 'mine\n');
      utimesSync(t.file(name), twoHoursAgo, twoHoursAgo);
    }
    ok(await t.open().call('read_file', { path: 'target.txt', limit: 1 }));
    expect(readdirSync(t.ws).sort()).toEqual([...users, 'target.txt'].sort());
    for (const name of users) expect(t.text(name)).toBe('mine\n');
  });
});
