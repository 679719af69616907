// Nothing a child starts outlives its call: after a normal exit, every process of the child's
// tree is killed, whichever way it left the process group or dropped the spawn marker (env -u,
// env -i, setsid, a double fork); for the host's spawn, a plugin runner and the Claude runner.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRunner } from '../../src/runners/index.js';
import { reaperPath } from '../../src/supervisor/reaper.js';
import { spawnChild } from '../../src/supervisor/spawn.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import { waitFor } from '../mcp/wait.js';
import {
  alive,
  claudeEnv,
  collector,
  ESCAPE_ROUTES,
  escapedPid,
  request,
  root,
  setEnv,
  spawnOptions,
  tempDir,
  validCore,
} from './helpers.js';

const limits = { maxOutputBytes: 1 << 20, maxLineBytes: 1 << 16 };
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const routes = Object.entries(ESCAPE_ROUTES);
const linux = process.platform === 'linux';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

// A failing test must not leave its sleeper behind.
function reap(pid: number) {
  cleanups.push(() => alive(pid) && process.kill(pid, 'SIGKILL'));
}

async function gone(pid: number) {
  reap(pid);
  await waitFor(() => !alive(pid), `the escaped process ${pid} to be killed`, 10_000);
}

describe.skipIf(!linux)('process supervision', () => {
  it('has the reaper built on Linux (a missing one would silently fall back to scanning /proc)', () => {
    expect(reaperPath()).toMatch(/peer-bridge-reaper$/);
  });

  describe('the host spawn, after a normal exit', () => {
    it.each(routes)('kills a process that escaped by %s', async (_, line) => {
      const ws = await tempDir('ws');
      const result = await spawnChild('/bin/sh', ['-c', line], spawnOptions(ws, { graceMs: 500 }));
      expect(result.exitCode).toBe(0);
      await gone(await escapedPid(ws));
      expect(result.leftovers).toBe(1);
    });

    it('kills an escaped process on abort, while the child still runs', async () => {
      const ws = await tempDir('ws');
      const controller = new AbortController();
      let escaped!: () => void;
      const ready = new Promise<void>((resolve) => (escaped = resolve));
      const script = `${ESCAPE_ROUTES['double fork (re-parented, no marker)']!}; echo escaped; exec sleep 300`;
      const running = spawnChild('/bin/sh', ['-c', script], {
        cwd: ws,
        env,
        signal: controller.signal,
        limits,
        onLine: (l) => l === 'escaped' && escaped(),
        graceMs: 500,
      });
      await ready;
      const pid = await escapedPid(ws);
      expect(alive(pid)).toBe(true);
      controller.abort();
      expect(await running).toMatchObject({ aborted: true, signal: 'SIGTERM', leftovers: 0 });
      await gone(pid);
    });

    it('SIGKILLs a leftover that ignores SIGTERM once the grace period is over', async () => {
      const ws = await tempDir('ws');
      const script = `env -i ${process.execPath} -e "process.on('SIGTERM', () => {}); require('fs').writeFileSync('escape.pid', String(process.pid)); setInterval(() => {}, 1000)" >/dev/null 2>&1 &
        while [ ! -s escape.pid ]; do sleep 0.01; done`;
      const result = await spawnChild('/bin/sh', ['-c', script], spawnOptions(ws, { graceMs: 200 }));
      expect(result).toMatchObject({ exitCode: 0, leftovers: 1, stuck: [] });
      await gone(await escapedPid(ws));
    });

    it("reports the child's own exit code and signal, not the reaper's", async () => {
      const ws = await tempDir('ws');
      const base = spawnOptions(ws);
      expect(await spawnChild('/bin/sh', ['-c', 'exit 7'], base)).toMatchObject({
        exitCode: 7,
        signal: null,
        leftovers: 0,
      });
      expect(await spawnChild('/bin/sh', ['-c', 'kill -USR1 $$'], base)).toMatchObject({
        exitCode: null,
        signal: 'SIGUSR1',
      });
      const lines: string[] = [];
      const pid = await spawnChild('/bin/sh', ['-c', 'echo $$'], { ...base, onLine: (l) => lines.push(l) });
      expect(pid.pid).toBe(Number(lines[0]));
    });

    it('kills escaped processes of a host that was killed with SIGKILL', async () => {
      const ws = await tempDir('ws');
      const orphanParent = path.join(root, 'test', 'supervisor', 'fixtures', 'orphan-parent.ts');
      const escape = ESCAPE_ROUTES['env -i (an empty environment)']!;
      const host = spawn(process.execPath, ['--import', 'tsx', orphanParent, ws, escape], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      cleanups.push(() => host.kill('SIGKILL'));
      const lines = createInterface({ input: host.stdout });
      await new Promise<void>((resolve, reject) => {
        host.once('exit', () => reject(new Error('the host exited before its child started')));
        lines.on('line', (line) => line === 'escaped' && resolve());
      });
      const pid = await escapedPid(ws);
      expect(alive(pid)).toBe(true);
      host.kill('SIGKILL');
      await gone(pid);
    });
  });

  describe('a plugin runner', () => {
    const plugin = path.join(root, 'test', 'runners', 'fixtures', 'shell-runner.ts');

    it.each(routes)('leaves no process that escaped by %s', async (_, line) => {
      const folder = await tempDir('config');
      const configPath = path.join(folder, 'peer-bridge.config.json');
      const { writeFile } = await import('node:fs/promises');
      await writeFile(
        configPath,
        JSON.stringify({
          runners: { [plugin]: { grant: { run: ['sh'], env: [], read: ['${workspace}'], write: ['${workspace}'] } } },
        }),
      );
      const workspace = await tempDir('ws');
      const runner = await loadRunner(plugin, { workspace, configPath });
      const events = collector();
      const result = await runner.run(request('implement', workspace, events.onEvent, { prompt: line }));
      expect(result.exitCode).toBe(0);
      await gone(await escapedPid(workspace));
      // Noticed, not only killed: the transcript gets a warning.
      expect(events.events).toContainEqual(
        expect.objectContaining({ type: 'error', fatal: false, cause: 'leftover-processes' }),
      );
    });
  });

  describe('the Claude runner', () => {
    it.each(routes)('leaves no process that a tool command started by %s', async (_, line) => {
      const double = await startMessagesDouble([
        { kind: 'tool', command: line },
        { kind: 'answer', answer: validCore() },
      ]);
      cleanups.push(() => double.close());
      cleanups.push(setEnv(await claudeEnv(double.origin, true)));
      const workspace = await tempDir('ws');
      const runner = await loadRunner('claude', { workspace });
      const events = collector();
      const result = await runner.run(request('implement', workspace, events.onEvent));
      expect(result.exitCode).toBe(0);
      expect(events.events.some((e) => e.type === 'final')).toBe(true);
      await gone(await escapedPid(workspace));
    });
  });
});
