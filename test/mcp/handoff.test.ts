// After a crash: a call settled `unknown` gets one bounded, factual handoff, shown by bridge_status
// and carried into the next call's transcript exactly once. Real serve processes, kill -9, real files.
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { startServer, type Served } from '../helpers/serve-client.js';
import { processesIn, waitFor } from './wait.js';

const tempDir = useTempDir('peer-bridge-handoff-');
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const call = async (served: Served, name: string, args: Record<string, unknown> = {}) =>
  (
    (await served.client.callTool({ name, arguments: args }, CallToolResultSchema, {
      timeout: 120_000,
    })) as CallToolResult
  ).structuredContent as Record<string, unknown>;
const types = (ws: string, relative: string) =>
  readFileSync(path.join(ws, relative), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

it('a call killed mid-way gets one factual handoff in bridge_status and in the next call transcript', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  writeFileSync(path.join(workspace, 'a.txt'), 'before\n');
  const double = await startResponsesDouble([
    { kind: 'tool', command: 'echo "half done" > a.txt' },
    { kind: 'hang' },
    { kind: 'answer', answer: answer({ verdict: 'next call' }) },
    { kind: 'answer', answer: answer({ verdict: 'third call' }) },
  ]);
  cleanup.push(() => double.close());
  const env = { ...codexEnv(double.origin, dir), HOME: dir };
  const serve = async (): Promise<Served> => {
    const served = await startServer({ workspace, env });
    cleanup.push(() => served.close());
    return served;
  };

  const first = await serve();
  const interrupted = first.client.callTool(
    { name: 'bridge_implement', arguments: { task: 'Finish a.txt\nwith care' } },
    CallToolResultSchema,
    { timeout: 120_000 },
  );
  interrupted.catch(() => undefined);
  // The command ran and the peer waits on the model: the file is half done when the bridge dies.
  await waitFor(() => double.requests.length === 2, 'the peer to run its command');
  expect(readFileSync(path.join(workspace, 'a.txt'), 'utf8')).toBe('half done\n');
  process.kill(first.pid()!, 'SIGKILL');
  await expect(interrupted).rejects.toThrow();
  await waitFor(() => processesIn(workspace).length === 0, 'the watchdog to kill the orphaned child');
  const start = (await new Ledger(workspace).read()).records.find((r) => r.type === 'start')!;

  const second = await serve();
  const status = await call(second, 'bridge_status');
  expect(status.handoffs).toEqual([
    {
      run_id: start.run_id,
      verb: 'implement',
      runner: 'codex',
      task_head: expect.stringContaining('Finish a.txt'),
      started_at: (start as { at: string }).at,
      recovered_at: expect.any(String),
      outcome: 'unknown',
      note: expect.stringContaining('outcome is unknown'),
      workspace_change: expect.objectContaining({ added: [], modified: ['a.txt'], deleted: [], truncated: false }),
      workspace_change_unavailable: null,
    },
  ]);
  // Shown again until a call carries it: asking twice changes nothing.
  expect((await call(second, 'bridge_status')).handoffs).toEqual(status.handoffs);

  const next = await call(second, 'bridge_advise', { task: 'next job' });
  expect(next).toMatchObject({ status: 'complete', verdict: 'next call' });
  const carried = types(workspace, next.transcript_path as string).filter((r) => r.type === 'bridge.handoff');
  expect(carried).toEqual([expect.objectContaining({ run_id: start.run_id, outcome: 'unknown' })]);
  expect((await call(second, 'bridge_status')).handoffs).toEqual([]);

  const third = await call(second, 'bridge_advise', { task: 'third job' });
  expect(types(workspace, third.transcript_path as string).filter((r) => r.type === 'bridge.handoff')).toEqual([]);
  // Current contents never turn the interrupted call into a success.
  expect((await new Ledger(workspace).runs()).find((r) => r.run_id === start.run_id)?.status).toBe('unknown');
});
