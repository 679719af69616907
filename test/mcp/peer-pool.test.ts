// The peer pool through whole calls: the MCP SDK client over real stdio, `peer-bridge serve`, and
// the real Codex CLI as the peer against the Responses double, whose gates hold each answer until
// the test lets it go. How many peers run at once is read from the double (requests in flight).
import { mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import type { ResultRecord, StartRecord } from '../../src/state/ledger-records.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Double } from '../doubles/serve.js';
import type { Turn } from '../doubles/script.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { repoRoot, startServer, type Served } from '../helpers/serve-client.js';
import { processesIn, waitFor } from './wait.js';

const tempDir = useTempDir('peer-bridge-pool-');
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A promise the test settles: a gate that holds one model answer back. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** `count` answers, each held by its own gate, in the order the requests arrive. */
function gatedAnswers(count: number) {
  const gates = Array.from({ length: count }, deferred);
  const turns = gates.map((gate, i): Turn => ({
    kind: 'gate',
    until: gate.promise,
    then: { kind: 'answer', answer: answer({ verdict: `answer ${i}` }) },
  }));
  // Whatever happens, no gate stays shut after the test.
  cleanup.push(() => gates.forEach((gate) => gate.resolve()));
  return { gates, turns };
}

async function setup(
  turns: Turn[],
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ served: Served; double: Double; workspace: string }> {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const double = await startResponsesDouble(turns);
  cleanup.push(() => double.close());
  const served = await startServer({
    workspace,
    env: { ...codexEnv(double.origin, dir), PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'), ...env },
    args,
  });
  cleanup.push(() => served.close());
  cleanup.push(() => waitFor(() => processesIn(workspace).length === 0, 'the peers to be gone').then(() => undefined));
  return { served, double, workspace };
}

function call(
  served: Served,
  name: string,
  args: Record<string, unknown>,
  extra: { onprogress?: (p: Progress) => void; signal?: AbortSignal } = {},
) {
  return served.client.callTool({ name, arguments: args }, CallToolResultSchema, {
    timeout: 120_000,
    ...extra,
  }) as Promise<CallToolResult>;
}

interface CallsStatus {
  max_peers: number;
  running: { run_id: string }[];
  queued: { run_id: string; ahead: number | null; waiting_for: string }[];
}
async function callsNow(served: Served): Promise<CallsStatus> {
  const result = await call(served, 'bridge_status', {});
  return (result.structuredContent as { calls: CallsStatus }).calls;
}

const gateRunner = path.join(repoRoot, 'test', 'fixtures', 'runners', 'gate-runner.ts');

/**
 * A TCP server the gate runner waits on: `connections(n)` resolves once n peers have reached it,
 * `open()` lets every peer waiting now answer.
 */
async function gateServer(): Promise<{ port: number; connections: (n: number) => Promise<void>; open: () => void }> {
  const sockets: Socket[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  let count = 0;
  const server = createServer((socket) => {
    sockets.push(socket);
    count += 1;
    for (const waiter of waiters) if (count >= waiter.n) waiter.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  return {
    port: (server.address() as AddressInfo).port,
    connections: (n) => new Promise<void>((resolve) => (count >= n ? resolve() : waiters.push({ n, resolve }))),
    open: () => sockets.splice(0).forEach((socket) => socket.end('go')),
  };
}

const QUEUED = /^queued: \d+ calls? ahead; this server runs at most \d+ peers? at once \(PEER_BRIDGE_MAX_PEERS\)$/;
const records = async (workspace: string) => (await new Ledger(workspace).read()).records;

describe('a server with PEER_BRIDGE_MAX_PEERS=2', () => {
  it('runs six concurrent calls two peers at a time, first come first served, with queue progress', async () => {
    const { gates, turns } = gatedAnswers(6);
    const { served, double, workspace } = await setup(turns, { PEER_BRIDGE_MAX_PEERS: '2' });
    const ids = [0, 1, 2, 3, 4, 5].map((i) => `call-${i}`);
    const progress = new Map<string, Progress[]>(ids.map((id) => [id, []]));
    const controllers = new Map(ids.map((id) => [id, new AbortController()]));
    const calls = ids.map((id, i) =>
      call(
        served,
        'bridge_advise',
        { task: `question ${i}`, run_id: id },
        {
          onprogress: (p) => progress.get(id)!.push(p),
          signal: controllers.get(id)!.signal,
        },
      ),
    );
    // Two peers reach the model; the other four wait in line, each told how many are ahead.
    await double.waitForRequests(2);
    const first = await waitFor(async () => {
      const now = await callsNow(served);
      return now.running.length === 2 && now.queued.length === 4 ? now : null;
    }, 'two running and four queued calls');
    expect(first.max_peers).toBe(2);
    expect(first.queued.map((q) => q.ahead)).toEqual([0, 1, 2, 3]);
    expect(first.queued.every((q) => q.waiting_for === 'peer')).toBe(true);
    const queuedIds = first.queued.map((q) => q.run_id);
    await waitFor(
      () => queuedIds.every((id) => progress.get(id)!.some((p) => QUEUED.test(p.message ?? ''))),
      'queue progress for every waiting call',
    );
    expect(double.requests).toHaveLength(2);
    expect(double.inFlight()).toBe(2);

    // The last in line is cancelled: it leaves at once, is answered as cancelled and never starts.
    const cancelledId = queuedIds.at(-1)!;
    const cancelledCall = calls[ids.indexOf(cancelledId)]!;
    controllers.get(cancelledId)!.abort('not needed after all');
    await expect(cancelledCall).rejects.toThrow();
    const result = await waitFor(
      async () =>
        (await records(workspace)).find((r): r is ResultRecord => r.type === 'result' && r.run_id === cancelledId),
      'the cancelled call to be recorded',
    );
    expect(result).toMatchObject({ status: 'blocked', code: 'cancelled', queued_seconds: expect.any(Number) });
    expect(JSON.parse(readFileSync(path.join(workspace, result.incident!), 'utf8'))).toMatchObject({
      fault: 'cancelled',
    });
    expect((await callsNow(served)).queued.map((q) => q.run_id)).toEqual(queuedIds.slice(0, -1));

    // Each answer let go frees a slot for the next call in line, and no more than two ever run.
    for (let k = 0; k < 5; k++) {
      gates[k]!.resolve();
      if (k + 3 <= 5) await double.waitForRequests(k + 3);
    }
    const answered = await Promise.all(calls.filter((c) => c !== cancelledCall));
    expect(answered.map((r) => (r.structuredContent as { status: string }).status)).toEqual(Array(5).fill('complete'));
    expect(double.peakInFlight()).toBe(2);
    expect(double.requests).toHaveLength(5);
    // The cancelled call's task never reached the model.
    expect(double.requests.some((r) => JSON.stringify(r.body).includes('question ' + ids.indexOf(cancelledId)))).toBe(
      false,
    );
    // The calls that waited: queue time in the ledger start and a transcript record, not in the envelope.
    const starts = (await records(workspace)).filter((r): r is StartRecord => r.type === 'start');
    expect(starts.map((s) => s.run_id).sort()).toEqual(ids.filter((id) => id !== cancelledId).sort());
    for (const id of queuedIds.slice(0, -1)) {
      expect(starts.find((s) => s.run_id === id)!.queued_seconds).toBeGreaterThan(0);
      const transcript = readFileSync(path.join(workspace, '.peer-bridge', 'transcripts', `${id}.jsonl`), 'utf8');
      expect(transcript).toMatch(
        /"type":"bridge\.queued","queued_seconds":[\d.]+,"writer_seconds":0,"peer_seconds":[\d.]+,"ahead":\d/,
      );
    }
    for (const r of answered)
      expect(Object.keys(r.structuredContent!).some((key) => key.startsWith('queue'))).toBe(false);
    // Progress keeps increasing from the queue into the peer's own reports.
    for (const id of ids) {
      const values = progress.get(id)!.map((p) => p.progress);
      expect(values).toEqual([...values].sort((a, b) => a - b));
      expect(new Set(values).size).toBe(values.length);
    }
  }, 120_000);

  it("starts a queued call's budget when its peer starts, not when it joins the line", async () => {
    // The gate runner needs no CLI start-up, so a 1 s budget is ample once the peer runs; the first
    // call holds the only slot until the test's gate server lets it go, then the second call's
    // peer waits at the gate too, so an expired budget would show as a timeout.
    const gate = await gateServer();
    const { served, workspace } = await setup(
      [],
      {
        PEER_BRIDGE_MAX_PEERS: '1',
        PEER_BRIDGE_HEARTBEAT_MS: '300',
      },
      ['--runner', gateRunner],
    );
    const holder = call(served, 'bridge_advise', { task: `gate:${gate.port}`, run_id: 'holder' });
    await gate.connections(1);
    const seen: Progress[] = [];
    const queued = call(
      served,
      'bridge_advise',
      { task: `gate:${gate.port} quick question`, run_id: 'short-budget', timeout_seconds: 1 },
      { onprogress: (p) => seen.push(p) },
    );
    // Queue heartbeats every 0.3 s: seven of them are past the 1.2 s hard cutoff of a 1 s budget.
    await waitFor(() => seen.filter((p) => QUEUED.test(p.message ?? '')).length >= 7, 'seven queue heartbeats');
    gate.open();
    expect((await holder).structuredContent).toMatchObject({ status: 'complete', verdict: 'answered after the gate' });
    await gate.connections(2);
    gate.open();
    expect((await queued).structuredContent).toMatchObject({ status: 'complete', verdict: 'answered after the gate' });
    const start = (await records(workspace)).find(
      (r): r is StartRecord => r.type === 'start' && r.run_id === 'short-budget',
    )!;
    expect(start.queued_seconds).toBeGreaterThan(1.2);
  });

  it('a server that stops cancels its waiting calls at once, and no peer starts for them', async () => {
    const gate = await gateServer();
    const { served, workspace } = await setup([], { PEER_BRIDGE_MAX_PEERS: '1' }, ['--runner', gateRunner]);
    void call(served, 'bridge_advise', { task: `gate:${gate.port}`, run_id: 'running' }).catch(() => undefined);
    await gate.connections(1);
    const seen: Progress[] = [];
    void call(
      served,
      'bridge_review',
      { task: 'waits in line', run_id: 'waiting' },
      { onprogress: (p) => seen.push(p) },
    ).catch(() => undefined);
    await waitFor(() => seen.some((p) => QUEUED.test(p.message ?? '')), 'the second call to wait in line');
    await served.close();
    const ended = await waitFor(async () => {
      const all = await records(workspace);
      const waiting = all.find((r): r is ResultRecord => r.type === 'result' && r.run_id === 'waiting');
      const running = all.find((r) => r.type === 'settle' && r.run_id === 'running');
      return waiting && running ? { waiting, running } : null;
    }, 'both calls to be settled');
    expect(ended.waiting).toMatchObject({ status: 'blocked', code: 'cancelled' });
    expect(ended.running).toMatchObject({ status: 'blocked' });
    expect((await records(workspace)).some((r) => r.type === 'start' && r.run_id === 'waiting')).toBe(false);
  });
});

describe('a bad PEER_BRIDGE_MAX_PEERS', () => {
  it('refuses every call with invalid_environment naming the variable, and bridge_status says why', async () => {
    const { served, double } = await setup([], { PEER_BRIDGE_MAX_PEERS: 'lots' });
    const result = await call(served, 'bridge_advise', { task: 'anything' });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({
      code: 'invalid_environment',
      message: expect.stringMatching(/^PEER_BRIDGE_MAX_PEERS must be a whole number from 1 to 1024 .*got "lots"/),
    });
    const status = (await call(served, 'bridge_status', {})).structuredContent as { calls: Record<string, unknown> };
    expect(status.calls).toMatchObject({
      max_peers: null,
      max_writers: 1,
      problem: expect.stringContaining('PEER_BRIDGE_MAX_PEERS'),
      running: [],
      queued: [],
    });
    expect(double.requests).toHaveLength(0);
  });
});
