// The peer pool on its own: slots, the first-come-first-served line, positions told to waiters,
// cancellation of a waiting call, and the size setting. No child processes.
import { describe, expect, it } from 'vitest';
import { defaultMaxPeers, maxPeers, PeerPool, type PoolSlot } from '../../src/bridge/peer-pool.js';

const ticket = (run_id: string, extra: { signal?: AbortSignal; onWait?: (ahead: number) => void } = {}) => ({
  run_id,
  verb: 'advise' as const,
  ...extra,
});

// Which of `promises` have settled, without waiting for the others.
async function settledNow(promises: Promise<unknown>[]): Promise<boolean[]> {
  const marks = promises.map((p) => {
    const mark = { done: false };
    p.then(
      () => (mark.done = true),
      () => (mark.done = true),
    );
    return mark;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return marks.map((m) => m.done);
}

describe('PeerPool', () => {
  it('gives free slots at once and makes the next calls wait in order, each told its place', async () => {
    const pool = new PeerPool(2);
    const told: Record<string, number[]> = { c: [], d: [], e: [] };
    const a = await pool.acquire(ticket('a'));
    const b = await pool.acquire(ticket('b'));
    expect([a.waitedMs, b.waitedMs]).toEqual([0, 0]);
    const waiting = ['c', 'd', 'e'].map((id) => pool.acquire(ticket(id, { onWait: (n) => told[id]!.push(n) })));
    expect(told).toEqual({ c: [0], d: [1], e: [2] });
    expect(await settledNow(waiting)).toEqual([false, false, false]);
    expect(pool.snapshot()).toMatchObject({
      running: [{ run_id: 'a' }, { run_id: 'b' }],
      queued: [
        { run_id: 'c', ahead: 0 },
        { run_id: 'd', ahead: 1 },
        { run_id: 'e', ahead: 2 },
      ],
    });

    b.release();
    const c = await waiting[0]!;
    expect(await settledNow(waiting.slice(1))).toEqual([false, false]);
    expect(told).toEqual({ c: [0], d: [1, 0], e: [2, 1] });
    expect(pool.snapshot().running.map((r) => r.run_id)).toEqual(['a', 'c']);

    a.release();
    a.release(); // a second release gives nothing away twice
    await waiting[1];
    expect(await settledNow(waiting.slice(2))).toEqual([false]);
    c.release();
    const e = await waiting[2]!;
    expect(e.waitedMs).toBeGreaterThanOrEqual(0);
    expect(pool.snapshot()).toMatchObject({ running: [{ run_id: 'd' }, { run_id: 'e' }], queued: [] });
  });

  it('a waiting call that is cancelled leaves the line at once, with the reason, and never gets a slot', async () => {
    const pool = new PeerPool(1);
    const first = await pool.acquire(ticket('first'));
    const controller = new AbortController();
    const told: number[] = [];
    const cancelled = pool.acquire(ticket('cancelled', { signal: controller.signal }));
    const behind = pool.acquire(ticket('behind', { onWait: (n) => told.push(n) }));
    expect(told).toEqual([1]);
    controller.abort(new Error('caller gave up'));
    await expect(cancelled).rejects.toThrow('caller gave up');
    expect(told).toEqual([1, 0]);
    expect(pool.snapshot().queued.map((q) => q.run_id)).toEqual(['behind']);
    first.release();
    const slot: PoolSlot = await behind;
    expect(pool.snapshot().running.map((r) => r.run_id)).toEqual(['behind']);
    slot.release();
    expect(pool.snapshot()).toEqual({ running: [], queued: [] });
  });

  it('refuses a call whose signal is already aborted, even with a free slot', async () => {
    const pool = new PeerPool(1);
    await expect(pool.acquire(ticket('late', { signal: AbortSignal.abort(new Error('too late')) }))).rejects.toThrow(
      'too late',
    );
    expect(pool.snapshot()).toEqual({ running: [], queued: [] });
  });

  it('never lets a later call take a slot freed while others wait', async () => {
    const pool = new PeerPool(1);
    const first = await pool.acquire(ticket('first'));
    const second = pool.acquire(ticket('second'));
    first.release();
    // The freed slot went to the call in line, so a newcomer waits behind it.
    const told: number[] = [];
    const third = pool.acquire(ticket('third', { onWait: (n) => told.push(n) }));
    expect(told).toEqual([0]);
    (await second).release();
    (await third).release();
  });
});

describe('PEER_BRIDGE_MAX_PEERS', () => {
  it('defaults to one peer per core, at least 2 and at most 8', () => {
    expect([1, 2, 3, 4, 8, 16, 64].map((cores) => defaultMaxPeers(cores))).toEqual([2, 2, 3, 4, 8, 8, 8]);
    expect(maxPeers({})).toBe(defaultMaxPeers());
    expect(maxPeers({ PEER_BRIDGE_MAX_PEERS: ' ' })).toBe(defaultMaxPeers());
  });

  it('takes a whole number from 1 to 1024', () => {
    expect(maxPeers({ PEER_BRIDGE_MAX_PEERS: '1' })).toBe(1);
    expect(maxPeers({ PEER_BRIDGE_MAX_PEERS: '12' })).toBe(12);
  });

  it.each(['0', '-1', '2.5', 'two', '1025'])('refuses %j with invalid_environment naming the variable', (value) => {
    expect(() => maxPeers({ PEER_BRIDGE_MAX_PEERS: value })).toThrow(
      expect.objectContaining({
        code: 'invalid_environment',
        message: expect.stringMatching(/^PEER_BRIDGE_MAX_PEERS must be a whole number from 1 to 1024.*unset it/),
      }),
    );
  });
});
