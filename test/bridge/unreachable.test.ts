// A peer that cannot reach its model ends the call early (fault model-unreachable) instead of
// retrying until the hard cutoff: the real Codex and Claude Code CLIs against a port that refuses
// connections, with the bound set low through PEER_BRIDGE_UNREACHABLE_MS.
import { readFileSync, mkdirSync, realpathSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBridge } from '../../src/index.js';
import { watchUnreachable } from '../../src/bridge/run-child.js';
import type { RunnerEvent } from '../../src/runners/types.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { processesIn, waitFor } from '../mcp/wait.js';
import { claudeEnv, codexEnv } from '../helpers/peers.js';

const tempDir = useTempDir('peer-bridge-unreachable-');
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(() => {
  process.env = saved;
  vi.useRealTimers();
});

/** An origin on 127.0.0.1 whose port was just freed: connections to it are refused. */
async function refusingOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

function workspace(): { dir: string; ws: string } {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  return { dir, ws };
}

describe.each(['codex', 'claude'] as const)('%s peer with an unreachable model', (runner) => {
  it('is blocked with fault model-unreachable, names the last error, and its process tree is gone', async () => {
    const { dir, ws } = workspace();
    const origin = await refusingOrigin();
    Object.assign(process.env, runner === 'codex' ? codexEnv(origin, dir) : claudeEnv(origin, dir), {
      PEER_BRIDGE_UNREACHABLE_MS: '300',
      // Let Claude Code retry as it does for users (the test environment turns retries off).
      CLAUDE_CODE_MAX_RETRIES: '10',
    });
    const envelope = await runBridge({ verb: 'advise', task: 'Check parse().', workspace: ws, runner });
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^model-unreachable: the peer failed to reach its model \d+ times/);
    expect(envelope.blockers[0]).toMatch(
      runner === 'codex' ? /last error: Reconnecting/ : /last error: cannot connect to the model API/,
    );
    const incident = JSON.parse(readFileSync(path.join(ws, envelope.incident!), 'utf8')) as { fault: string };
    expect(incident.fault).toBe('model-unreachable');
    await waitFor(() => processesIn(ws).length === 0, 'the peer process tree to be gone');
  });
});

describe('the unreachable-model watch', () => {
  const unreachable = (n: number): RunnerEvent => ({
    type: 'error',
    message: `connection failed ${n}`,
    fatal: false,
    cause: 'model-unreachable',
  });

  it('gives up once the bound has passed with at least two connection errors and no model output', () => {
    vi.useFakeTimers();
    const giveUp = vi.fn();
    const watch = watchUnreachable(1000, giveUp);
    watch.see(unreachable(1));
    watch.see(unreachable(2));
    vi.advanceTimersByTime(999);
    expect(giveUp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(giveUp).toHaveBeenCalledWith(expect.objectContaining({ errors: 2, lastError: 'connection failed 2' }));
  });

  it('waits for a second error when the bound passes after only one', () => {
    vi.useFakeTimers();
    const giveUp = vi.fn();
    const watch = watchUnreachable(1000, giveUp);
    watch.see(unreachable(1));
    vi.advanceTimersByTime(5000);
    expect(giveUp).not.toHaveBeenCalled();
    watch.see(unreachable(2));
    expect(giveUp).toHaveBeenCalledTimes(1);
  });

  it('starts again when the model shows any sign of life, and ignores other errors', () => {
    vi.useFakeTimers();
    const giveUp = vi.fn();
    const watch = watchUnreachable(1000, giveUp);
    watch.see(unreachable(1));
    watch.see(unreachable(2));
    vi.advanceTimersByTime(600);
    watch.see({ type: 'message', text: 'thinking out loud' });
    watch.see({ type: 'error', message: 'HTTP 500', fatal: false, cause: 'http-error' });
    watch.see(unreachable(3));
    vi.advanceTimersByTime(900);
    expect(giveUp).not.toHaveBeenCalled();
    watch.see(unreachable(4));
    vi.advanceTimersByTime(100);
    expect(giveUp).toHaveBeenCalledWith(expect.objectContaining({ errors: 2 }));
  });

  it('never gives up when the bound is 0', () => {
    vi.useFakeTimers();
    const giveUp = vi.fn();
    const watch = watchUnreachable(0, giveUp);
    for (let i = 0; i < 10; i += 1) watch.see(unreachable(i));
    vi.advanceTimersByTime(1e6);
    expect(giveUp).not.toHaveBeenCalled();
  });
});
