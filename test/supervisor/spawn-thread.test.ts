// The spawn thread (src/supervisor/spawn-thread.ts) on real processes: every byte of a flood
// arrives in order while the host reads slowly (the thread holds the child back instead of
// buffering without bound), 'close' comes only after all output, kill() reaches the child, and a
// start that fails is reported as node reports it. spawn.test.ts runs the supervisor's own cases
// through the thread as well.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_FLIGHT_LIMIT } from '../../src/supervisor/spawn-thread-protocol.js';
import { startProcess } from '../../src/supervisor/start-process.js';
import { tempDir } from '../runners/helpers.js';

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

describe.skipIf(process.platform === 'win32')('the spawn thread', () => {
  const before = process.env.PEER_BRIDGE_SPAWN_THREAD;
  beforeAll(() => {
    process.env.PEER_BRIDGE_SPAWN_THREAD = 'on';
  });
  afterAll(() => {
    if (before === undefined) delete process.env.PEER_BRIDGE_SPAWN_THREAD;
    else process.env.PEER_BRIDGE_SPAWN_THREAD = before;
  });

  it('delivers a 16 MiB flood whole and in order to a slow reader, holding the child back', async () => {
    // Block i is 64 KiB of the digit i % 10, so order and loss both show.
    const script = `
      const block = (i) => Buffer.alloc(65536, 48 + (i % 10));
      let i = 0;
      const next = () => { if (i < 256) process.stdout.write(block(i++), next); };
      next();`;
    const child = await startProcess(process.execPath, ['-e', script], {
      cwd: await tempDir('ws'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const expected = createHash('sha256');
    for (let i = 0; i < 256; i++) expected.update(Buffer.alloc(65536, 48 + (i % 10)));
    const got = createHash('sha256');
    let read = 0;
    let mostWaiting = 0;
    // A slow reader: much more work per chunk than the child's (hashing it 20 times), and a turn
    // of the event loop, where the thread's messages arrive, between chunks.
    const stdout = child.stdout!;
    stdout.on('data', (chunk: Buffer) => {
      stdout.pause();
      for (let k = 0; k < 20; k++) createHash('sha256').update(chunk).digest();
      got.update(chunk);
      read += chunk.length;
      setImmediate(() => {
        mostWaiting = Math.max(mostWaiting, stdout.readableLength);
        stdout.resume();
      });
    });
    await once(stdout, 'end');
    expect(read).toBe(16 * 1024 * 1024);
    expect(got.digest('hex')).toBe(expected.digest('hex'));
    // Held back: what waits in the host is at most what the thread may have in flight (it holds a
    // chunk that would exceed the limit) plus what the host stream took and acknowledged at once,
    // which is below its high-water mark (16 KiB on Node 20, 64 KiB from Node 22). Without the
    // hold the whole flood piles up here.
    expect(mostWaiting).toBeLessThanOrEqual(IN_FLIGHT_LIMIT + stdout.readableHighWaterMark);
    expect(mostWaiting).toBeGreaterThan(0);
  });

  // The child's output ends (EOF) while the thread still holds chunks that did not fit in flight:
  // those chunks, and only then the end, still reach the host. Each size fits in the pipe's own
  // 64 KiB once the limit is in flight, so the child can exit while the host reads nothing.
  it.each([1, 16_384, 40_000, 65_536])(
    'delivers all of a child that exits while %i bytes over the limit wait',
    async (over) => {
      const total = IN_FLIGHT_LIMIT + over;
      const child = await startProcess(process.execPath, ['-e', `process.stdout.write(Buffer.alloc(${total}, 97))`], {
        cwd: await tempDir('ws'),
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let read = 0;
      const stdout = child.stdout!;
      stdout.on('data', (chunk: Buffer) => (read += chunk.length));
      stdout.pause();
      await once(child, 'exit');
      stdout.resume();
      await once(child, 'close');
      expect(read).toBe(total);
    },
  );

  it("emits 'close' after the last output of a child that writes and exits at once", async () => {
    const child = await startProcess('/bin/sh', ['-c', 'head -c 3000000 /dev/zero; echo end >&2; exit 3'], {
      cwd: await tempDir('ws'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = 0;
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.length));
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const [exit] = (await once(child, 'exit')) as [number];
    const [code] = (await once(child, 'close')) as [number];
    expect({ exit, code, out, err }).toEqual({ exit: 3, code: 3, out: 3000000, err: 'end\n' });
  });

  it('kills the child it started, and reports the signal', async () => {
    const child = await startProcess('/bin/sleep', ['300'], {
      cwd: await tempDir('ws'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(child.pid).toBeGreaterThan(0);
    expect(child.kill('SIGTERM')).toBe(true);
    const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('reports a program that cannot start as node does: no pid, an error, then close', async () => {
    const child = await startProcess('/nonexistent/program', [], {
      cwd: await tempDir('ws'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(child.pid).toBeUndefined();
    const [error] = (await once(child, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ENOENT');
    await once(child, 'close');
  });
});
