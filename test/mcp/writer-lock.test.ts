// One writer per workspace through whole calls: two `peer-bridge serve` processes on one
// workspace (two sessions in one repository), each with the MCP SDK client over real stdio and the
// real Codex CLI as the peer against one Responses double whose gates hold answers back.
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Double } from '../doubles/serve.js';
import type { Turn } from '../doubles/script.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { startServer, type Served } from '../helpers/serve-client.js';
import { processesIn, waitFor } from './wait.js';

const tempDir = useTempDir('peer-bridge-writer-');
const cleanup: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

interface Setup {
  workspace: string;
  double: Double;
  /** A second, third… server on the same workspace, lock directory and double. */
  serve: () => Promise<Served>;
}

async function setup(turns: Turn[]): Promise<Setup> {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const double = await startResponsesDouble(turns);
  cleanup.push(() => double.close());
  cleanup.push(() => waitFor(() => processesIn(workspace).length === 0, 'the peers to be gone'));
  let servers = 0;
  const serve = async () => {
    // Each server's peers get their own Codex home, as two sessions would.
    const home = path.join(dir, `server-${++servers}`);
    mkdirSync(home);
    const served = await startServer({
      workspace,
      env: {
        ...codexEnv(double.origin, home),
        PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'),
        // The writer turn is the bridge's, whatever the peer edits with: keep the peers light.
        PEER_BRIDGE_PEER_WORKBENCH: 'off',
      },
    });
    cleanup.push(() => served.close());
    return served;
  };
  return { workspace, double, serve };
}

function call(
  served: Served,
  name: string,
  args: Record<string, unknown>,
  extra: { onprogress?: (p: Progress) => void } = {},
) {
  return served.client.callTool({ name, arguments: args }, CallToolResultSchema, {
    timeout: 120_000,
    ...extra,
  }) as Promise<CallToolResult>;
}

const WRITER = /^waiting for the workspace's writer turn: another implement call is running in this workspace/;
const statusOf = (result: CallToolResult) => (result.structuredContent as { status: string }).status;

describe('one implement call at a time per workspace, across server processes', () => {
  it('a second server waits for the first one to finish its implement call before it starts its peer', async () => {
    const gate = deferred();
    cleanup.push(gate.resolve);
    const { workspace, double, serve } = await setup([
      { kind: 'gate', until: gate.promise, then: { kind: 'answer', answer: answer({ verdict: 'first' }) } },
      { kind: 'answer', answer: answer({ verdict: 'second' }) },
    ]);
    const [one, two] = await Promise.all([serve(), serve()]);
    const first = call(one, 'bridge_implement', { task: 'first change', run_id: 'impl-1' });
    await double.waitForRequests(1);
    const seen: Progress[] = [];
    const second = call(
      two,
      'bridge_implement',
      { task: 'second change', run_id: 'impl-2' },
      {
        onprogress: (p) => seen.push(p),
      },
    );
    await waitFor(() => seen.some((p) => WRITER.test(p.message ?? '')), 'the second call to wait for the writer');
    const status = (await call(two, 'bridge_status', {})).structuredContent as {
      calls: { max_writers: number; queued: unknown[]; running: unknown[] };
    };
    expect(status.calls).toMatchObject({
      max_writers: 1,
      running: [],
      queued: [{ run_id: 'impl-2', verb: 'implement', waiting_for: 'writer', ahead: null }],
    });
    expect(double.requests).toHaveLength(1);

    gate.resolve();
    expect((await first).structuredContent).toMatchObject({ status: 'complete', verdict: 'first' });
    expect((await second).structuredContent).toMatchObject({ status: 'complete', verdict: 'second' });
    // The model never saw two implement peers at once, and the ledger shows the second call
    // starting only after the first settled.
    expect(double.peakInFlight()).toBe(1);
    const order = (await new Ledger(workspace).read()).records
      .filter((r) => r.type === 'start' || r.type === 'settle')
      .map((r) => `${r.type} ${(r as { run_id: string }).run_id}`);
    expect(order).toEqual(['start impl-1', 'settle impl-1', 'start impl-2', 'settle impl-2']);
    const start = (await new Ledger(workspace).read()).records.find((r) => r.type === 'start' && r.run_id === 'impl-2');
    expect(start).toMatchObject({ queued_seconds: expect.any(Number) });
  }, 120_000);

  it('advise and review are not held by the writer turn', async () => {
    const gate = deferred();
    cleanup.push(gate.resolve);
    const { double, serve } = await setup([
      { kind: 'gate', until: gate.promise, then: { kind: 'answer', answer: answer({ verdict: 'implemented' }) } },
      { kind: 'answer', answer: answer({ verdict: 'advised' }) },
      { kind: 'answer', answer: answer({ verdict: 'reviewed' }) },
    ]);
    const [one, two] = await Promise.all([serve(), serve()]);
    const implement = call(one, 'bridge_implement', { task: 'a long change' });
    await double.waitForRequests(1);
    // While the implement peer holds the workspace's writer turn, the other server answers both.
    expect((await call(two, 'bridge_advise', { task: 'a question' })).structuredContent).toMatchObject({
      verdict: 'advised',
    });
    expect((await call(two, 'bridge_review', { task: 'a review' })).structuredContent).toMatchObject({
      verdict: 'reviewed',
    });
    expect(double.inFlight()).toBe(1);
    gate.resolve();
    expect(statusOf(await implement)).toBe('complete');
  }, 120_000);

  it('a server killed with SIGKILL while its implement call runs does not block the next one', async () => {
    const never = deferred();
    cleanup.push(never.resolve);
    const { double, serve } = await setup([
      { kind: 'gate', until: never.promise, then: { kind: 'answer', answer: answer({ verdict: 'too late' }) } },
      { kind: 'answer', answer: answer({ verdict: 'after the crash' }) },
    ]);
    const [doomed, next] = await Promise.all([serve(), serve()]);
    void call(doomed, 'bridge_implement', { task: 'a change that never ends' }).catch(() => undefined);
    await double.waitForRequests(1);
    const seen: Progress[] = [];
    const waiting = call(next, 'bridge_implement', { task: 'the next change' }, { onprogress: (p) => seen.push(p) });
    await waitFor(() => seen.some((p) => WRITER.test(p.message ?? '')), 'the next call to wait for the writer');
    process.kill(doomed.pid()!, 'SIGKILL');
    expect((await waiting).structuredContent).toMatchObject({ status: 'complete', verdict: 'after the crash' });
  }, 120_000);
});
