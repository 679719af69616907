// The host's spawn on real processes: tree kill on abort (group, escaped session, SIGTERM-proof
// child), and leftovers swept after a normal exit. Every case runs twice: processes started
// directly, and through the spawn thread (PEER_BRIDGE_SPAWN_THREAD=on).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { spawnChild } from '../../src/supervisor/spawn.js';
import { alive, spawnOptions, tempDir } from '../runners/helpers.js';

const limits = { maxOutputBytes: 1 << 20, maxLineBytes: 1 << 16 };
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function watchForLine(pattern: RegExp) {
  let resolve!: (line: string) => void;
  const seen = new Promise<string>((r) => (resolve = r));
  return { seen, onLine: (line: string) => pattern.test(line) && resolve(line) };
}

describe.skipIf(process.platform !== 'linux').each(['off', 'on'])('PEER_BRIDGE_SPAWN_THREAD=%s', (setting) => {
  const before = process.env.PEER_BRIDGE_SPAWN_THREAD;
  beforeAll(() => {
    process.env.PEER_BRIDGE_SPAWN_THREAD = setting;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.PEER_BRIDGE_SPAWN_THREAD;
    else process.env.PEER_BRIDGE_SPAWN_THREAD = before;
  });

  describe('spawnChild', () => {
    it('kills the group and a grandchild that started its own session when aborted', async () => {
      const controller = new AbortController();
      const ready = watchForLine(/^pids /);
      const script = 'sleep 300 & a=$!; setsid sleep 300 & b=$!; echo "pids $a $b"; wait';
      const running = spawnChild('/bin/sh', ['-c', script], {
        cwd: await tempDir('ws'),
        env,
        signal: controller.signal,
        limits,
        onLine: ready.onLine,
        graceMs: 500,
      });
      const pids = (await ready.seen).split(' ').slice(1).map(Number);
      expect(pids.every(alive)).toBe(true);
      controller.abort();
      const result = await running;
      expect(result.aborted).toBe(true);
      expect(pids.filter(alive)).toEqual([]);
    });

    it('kills a child whose abort came while it was still starting', async () => {
      const controller = new AbortController();
      const running = spawnChild(
        '/bin/sh',
        ['-c', 'exec sleep 300'],
        spawnOptions(await tempDir('ws'), { signal: controller.signal, graceMs: 500 }),
      );
      controller.abort(); // spawnChild is now waiting for the start
      expect(await running).toMatchObject({ aborted: true });
    });

    it('escalates to SIGKILL for a child that ignores SIGTERM', async () => {
      const controller = new AbortController();
      const ready = watchForLine(/^ready$/);
      const script = "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000);";
      const running = spawnChild(process.execPath, ['-e', script], {
        cwd: await tempDir('ws'),
        env,
        signal: controller.signal,
        limits,
        onLine: ready.onLine,
        graceMs: 300,
      });
      await ready.seen;
      controller.abort();
      expect(await running).toMatchObject({ aborted: true, signal: 'SIGKILL' });
    });

    it('sweeps a background job left behind after a normal exit', async () => {
      const ws = await tempDir('ws');
      const result = await spawnChild(
        '/bin/sh',
        ['-c', 'sleep 300 >/dev/null 2>&1 & echo $! > bg.pid; echo done'],
        spawnOptions(ws, { graceMs: 500 }),
      );
      expect(result.exitCode).toBe(0);
      const bg = Number(await readFile(path.join(ws, 'bg.pid'), 'utf8'));
      expect(alive(bg)).toBe(false);
    });

    it('bounds the drain when an unmarked descendant keeps stdout open after the child exits (no reaper)', async () => {
      let pid = 0;
      // Without the reaper `env -i` wipes the marker, so nothing can find this one: the run must
      // still end (supervision.test.ts shows the reaper killing it).
      const before = process.env.PEER_BRIDGE_REAPER;
      process.env.PEER_BRIDGE_REAPER = 'off';
      onTestFinished(() => {
        if (before === undefined) delete process.env.PEER_BRIDGE_REAPER;
        else process.env.PEER_BRIDGE_REAPER = before;
      });
      const result = await spawnChild(
        '/bin/sh',
        ['-c', 'env -i /bin/sleep 300 & echo $!; exit 0'],
        spawnOptions(await tempDir('ws'), { drainMs: 200, onLine: (line) => (pid = Number(line)) }),
      );
      expect(result.exitCode).toBe(0);
      expect(alive(pid)).toBe(true);
      process.kill(pid, 'SIGKILL');
    });

    it('reports an executable that cannot start instead of throwing', async () => {
      const result = await spawnChild('/nonexistent/binary', [], spawnOptions(await tempDir('ws')));
      expect(result.spawnError).toMatchObject({ code: 'ENOENT' });
    });

    it('keeps only the tail of stderr', async () => {
      const script = "process.stderr.write('a'.repeat(20000) + 'END')";
      const result = await spawnChild(process.execPath, ['-e', script], spawnOptions(await tempDir('ws')));
      expect(result.stderrTail.length).toBe(8192);
      expect(result.stderrTail.endsWith('END')).toBe(true);
    });
  });

  describe('spawnChild with a failing line handler', () => {
    it("rejects with the handler's error after killing the tree, instead of crashing the host", async () => {
      // A mapper bug (a plugin's, or an event the harness cannot record) used to throw inside the
      // stdout 'data' listener: an uncaught exception that took the whole server down.
      let pid = 0;
      const running = spawnChild('/bin/sh', ['-c', 'echo "pid $$"; echo boom; exec sleep 300'], {
        cwd: await tempDir('ws'),
        env,
        signal: new AbortController().signal,
        limits,
        graceMs: 300,
        onLine: (line) => {
          if (line.startsWith('pid ')) pid = Number(line.slice(4));
          else throw new Error('mapper bug');
        },
      });
      await expect(running).rejects.toThrow('mapper bug');
      expect(pid).toBeGreaterThan(0);
      expect(alive(pid)).toBe(false);
    });
  });
});
