// The workspace writer lock on its own: turns in order within a process, a lock file held by
// another owner, a holder killed with SIGKILL, cancellation while waiting, and the setting.
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { takeWriterTurn, writerLockFile, writerWaits, type WriterTurnOptions } from '../../src/bridge/writer-lock.js';
import { maxWriters } from '../../src/bridge/writer-setting.js';
import { tryLock } from '../../src/native/index.js';
import { spawnTs, waitForExit, waitForLine } from '../helpers/run-ts.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-writer-');
const holder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'writer-holder.ts');

function options(extra: Partial<WriterTurnOptions> = {}): WriterTurnOptions {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'ws'), { recursive: true });
  return {
    workspace: path.join(dir, 'ws'),
    max: 1,
    lockDir: { dir: path.join(dir, 'locks'), source: 'PEER_BRIDGE_LOCK_DIR' },
    runId: 'run-1',
    ...extra,
  };
}

// Resolves with `true` once `promise` settles; `false` if it has not by the next turn of the loop.
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('takeWriterTurn', () => {
  it('gives turns one at a time within a process, in the order they were asked for', async () => {
    const order: string[] = [];
    const first = await takeWriterTurn(options({ runId: 'a' }));
    const waited: string[] = [];
    const later = ['b', 'c'].map((runId) =>
      takeWriterTurn(options({ runId, onWait: () => waited.push(runId) })).then((turn) => {
        order.push(runId);
        return turn;
      }),
    );
    expect(waited).toEqual(['b', 'c']);
    expect(writerWaits(options().workspace).map((w) => w.run_id)).toEqual(['b', 'c']);
    expect(await settledYet(later[0]!)).toBe(false);
    first.release();
    const b = await later[0]!;
    expect(await settledYet(later[1]!)).toBe(false);
    b.release();
    (await later[1]!).release();
    expect(order).toEqual(['b', 'c']);
    expect(writerWaits(options().workspace)).toEqual([]);
    expect(b.waitedMs).toBeGreaterThan(0);
  });

  it('waits while another owner holds the lock file, and takes it once it is given back', async () => {
    const opts = options();
    mkdirSync(opts.lockDir.dir, { recursive: true });
    // Another open file description conflicts as another process would (OFD locks, flock, LockFileEx).
    const other = tryLock(writerLockFile(opts.lockDir.dir, opts.workspace, 0));
    let told = 0;
    const turn = takeWriterTurn({ ...opts, onWait: () => (told += 1) });
    expect(await settledYet(turn)).toBe(false);
    expect(told).toBe(1);
    other.release();
    (await turn).release();
    expect(told).toBe(1);
  });

  it('gives two spellings of one folder one turn: the lock is named by the folder, not by its path', async () => {
    const opts = options();
    const alias = path.join(path.dirname(opts.workspace), 'alias');
    symlinkSync(opts.workspace, alias);
    const held = await takeWriterTurn(opts);
    const viaAlias = takeWriterTurn({ ...opts, workspace: alias, runId: 'alias' });
    expect(await settledYet(viaAlias)).toBe(false);
    held.release();
    (await viaAlias).release();
  });

  it('lets a second writer in when PEER_BRIDGE_MAX_WRITERS allows two, and a third waits', async () => {
    const opts = options({ max: 2 });
    const one = await takeWriterTurn({ ...opts, runId: 'one' });
    const two = await takeWriterTurn({ ...opts, runId: 'two' });
    const three = takeWriterTurn({ ...opts, runId: 'three' });
    expect(await settledYet(three)).toBe(false);
    expect(
      readdirSync(opts.lockDir.dir)
        .filter((n) => n.startsWith('writer-'))
        .sort(),
    ).toEqual([0, 1].map((slot) => path.basename(writerLockFile(opts.lockDir.dir, opts.workspace, slot))).sort());
    two.release();
    (await three).release();
    one.release();
  });

  it('takes no lock at all with PEER_BRIDGE_MAX_WRITERS=0', async () => {
    const opts = options({ max: 0 });
    const turns = await Promise.all([1, 2, 3].map((i) => takeWriterTurn({ ...opts, runId: `r${i}` })));
    expect(existsSync(opts.lockDir.dir)).toBe(false);
    for (const turn of turns) turn.release();
  });

  it('a cancelled waiter leaves at once, with the reason, and the next in line still gets its turn', async () => {
    const opts = options();
    const first = await takeWriterTurn({ ...opts, runId: 'first' });
    const controller = new AbortController();
    const cancelled = takeWriterTurn({ ...opts, runId: 'cancelled', signal: controller.signal });
    const next = takeWriterTurn({ ...opts, runId: 'next' });
    controller.abort(new Error('never mind'));
    await expect(cancelled).rejects.toThrow('never mind');
    expect(writerWaits(opts.workspace).map((w) => w.run_id)).toEqual(['next']);
    first.release();
    (await next).release();
  });

  it('a holder in another process blocks the turn until it is killed with SIGKILL, and never after', async () => {
    const opts = options();
    const child = spawnTs(holder, [opts.workspace, opts.lockDir.dir]);
    await waitForLine(child, (line) => line === 'held');
    let told = false;
    const turn = takeWriterTurn({ ...opts, onWait: () => (told = true) });
    // It waits on the other process's lock file (told only when the in-process line was empty).
    await expect.poll(() => told).toBe(true);
    expect(await settledYet(turn)).toBe(false);
    child.kill('SIGKILL');
    await waitForExit(child);
    (await turn).release();
  });

  it('makes the lock directory again when it was removed since the last turn (a temp cleaner)', async () => {
    const opts = options();
    (await takeWriterTurn(opts)).release();
    rmSync(opts.lockDir.dir, { recursive: true });
    (await takeWriterTurn(opts)).release();
    expect(readdirSync(opts.lockDir.dir)).toContain(path.basename(writerLockFile(opts.lockDir.dir, opts.workspace, 0)));
  });

  it('says what to do when the lock directory cannot be made, as invalid_environment', async () => {
    const opts = options();
    mkdirSync(path.dirname(opts.lockDir.dir), { recursive: true });
    writeFileSync(opts.lockDir.dir, 'a file where the directory should be');
    await expect(takeWriterTurn(opts)).rejects.toMatchObject({
      code: 'invalid_environment',
      message: expect.stringMatching(/lock directory .*PEER_BRIDGE_LOCK_DIR/),
    });
    expect(writerWaits(opts.workspace)).toEqual([]);
  });
});

describe('PEER_BRIDGE_MAX_WRITERS', () => {
  it('defaults to 1 and takes 0 (no limit) to 64', () => {
    expect(maxWriters({})).toBe(1);
    expect(maxWriters({ PEER_BRIDGE_MAX_WRITERS: '0' })).toBe(0);
    expect(maxWriters({ PEER_BRIDGE_MAX_WRITERS: '3' })).toBe(3);
  });

  it.each(['-1', '1.5', 'many', '65'])('refuses %j with invalid_environment naming the variable', (value) => {
    expect(() => maxWriters({ PEER_BRIDGE_MAX_WRITERS: value })).toThrow(
      expect.objectContaining({
        code: 'invalid_environment',
        message: expect.stringMatching(/^PEER_BRIDGE_MAX_WRITERS must be a whole number from 0 to 64/),
      }),
    );
  });
});
