// The soak's bridge half: one `peer-bridge serve` process (the real CLI over stdio, the MCP SDK
// client) takes N bridge calls, CONCURRENCY at a time, answered by the gate runner plugin (no CLI
// start-up, so the server's own cost is what is measured): advise, review and implement in turn;
// every 16th call is cancelled by the client, every 16th (offset) has a 1 s budget and a peer that
// never answers, so it times out. Every call has its own run_id, checked in the ledger afterwards.
import path from 'node:path';
import { build } from 'esbuild';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ledger } from '../src/state/ledger.js';
import { repoRoot, startServer, type Served } from '../test/helpers/serve-client.js';
import { pinger, sampler, type Sample } from './soak-probe.js';

const gateRunner = path.join(repoRoot, 'test', 'fixtures', 'runners', 'gate-runner.ts');
const VERBS = ['bridge_advise', 'bridge_review', 'bridge_implement'] as const;

export type Kind = 'answer' | 'cancel' | 'timeout';
export const kindOf = (i: number): Kind => (i % 16 === 5 ? 'cancel' : i % 16 === 11 ? 'timeout' : 'answer');

/**
 * The gate runner as plain JavaScript for a server run from dist/: bundled by esbuild, with its one
 * import of the project (defineRunner) taken from the built package, as a user's plugin would.
 */
async function builtGateRunner(dir: string): Promise<string> {
  const outfile = path.join(dir, 'gate-runner.mjs');
  const distIndex = path.join(repoRoot, 'dist', 'index.js');
  await build({
    entryPoints: [gateRunner],
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'error',
    plugins: [
      {
        name: 'built-package',
        setup: (b) => b.onResolve({ filter: /define-runner\.js$/ }, () => ({ path: distIndex, external: true })),
      },
    ],
  });
  return outfile;
}

/** A TCP server that accepts the gate runner's connections and never answers them. */
async function silentGate(): Promise<{ port: number; close: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

export interface BridgeOutcome {
  samples: Sample[];
  statuses: Record<string, number>;
  maxPeers: number | null;
  ledger: { runIds: number; settledOnce: number; problems: string[] };
}

/** One call of the soak; resolves with the status it ended in (or `cancelled` for an aborted one). */
async function oneCall(served: Served, i: number, port: number): Promise<string> {
  const kind = kindOf(i);
  const args: Record<string, unknown> = { task: `soak call ${i}`, run_id: `soak-${i}` };
  if (kind !== 'answer') args.task = `soak call ${i} gate:${port}`;
  if (kind === 'timeout') args.timeout_seconds = 1;
  const abort = new AbortController();
  if (kind === 'cancel') setTimeout(() => abort.abort(), (i * 7) % 40);
  try {
    const result = (await served.client.callTool(
      { name: VERBS[i % VERBS.length]!, arguments: args },
      CallToolResultSchema,
      { timeout: 600_000, signal: abort.signal },
    )) as CallToolResult;
    const body = result.structuredContent as { status?: string; code?: string } | undefined;
    return `${body?.status ?? 'none'}${body?.code ? `/${body.code}` : ''}`;
  } catch (error) {
    if (abort.signal.aborted) return 'cancelled by the client';
    throw error;
  }
}

/** Every run id: one start and one settle, or one result and no start; nothing else. */
export async function checkLedger(workspace: string, count: number): Promise<BridgeOutcome['ledger']> {
  const records = (await new Ledger(workspace).readAll()).records;
  const seen = new Map<string, { start: number; settle: number; result: number }>();
  for (const r of records) {
    if (r.type !== 'start' && r.type !== 'settle' && r.type !== 'result') continue;
    if (r.type === 'start' && r.carried_from) continue;
    const entry = seen.get(r.run_id ?? '') ?? { start: 0, settle: 0, result: 0 };
    entry[r.type] += 1;
    seen.set(r.run_id ?? '', entry);
  }
  const problems: string[] = [];
  let settledOnce = 0;
  for (let i = 0; i < count; i += 1) {
    const e = seen.get(`soak-${i}`);
    const once = e && ((e.start === 1 && e.settle === 1 && e.result === 0) || (e.start === 0 && e.result === 1));
    if (once) settledOnce += 1;
    else problems.push(`soak-${i}: ${JSON.stringify(e ?? 'absent')}`);
  }
  return { runIds: seen.size, settledOnce, problems: problems.slice(0, 20) };
}

export async function soakBridge(options: {
  workspace: string;
  env: Record<string, string>;
  /** Serve from dist/, with the gate runner built into `dir` (else src/ through tsx). */
  built?: { dir: string };
  calls: number;
  concurrency: number;
  every: number;
}): Promise<BridgeOutcome> {
  const gate = await silentGate();
  const runner = options.built ? await builtGateRunner(options.built.dir) : gateRunner;
  const served = await startServer({
    workspace: options.workspace,
    env: options.env,
    args: ['--runner', runner],
    source: options.built === undefined,
  });
  const pid = served.pid()!;
  const ping = pinger(served.client);
  const sample = sampler([pid], [served.client], [ping]);
  const taken: Promise<Sample>[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let settled = 0;
  try {
    const worker = async () => {
      while (next < options.calls) {
        const status = await oneCall(served, next++, gate.port);
        statuses[status] = (statuses[status] ?? 0) + 1;
        settled += 1;
        if (settled % options.every === 0) taken.push(sample(settled));
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    const samples = await Promise.all(taken);
    // Cancelled calls settle after the client stopped waiting: wait for the server to be idle.
    const status = async () =>
      (await served.client.callTool({ name: 'bridge_status', arguments: {} })).structuredContent as {
        calls?: { max_peers: number; running: unknown[]; queued: unknown[] };
      };
    let calls = (await status()).calls;
    while (calls && calls.running.length + calls.queued.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      calls = (await status()).calls;
    }
    await ping.stop();
    await served.close();
    gate.close();
    return {
      samples,
      statuses,
      maxPeers: calls?.max_peers ?? null,
      ledger: await checkLedger(options.workspace, options.calls),
    };
  } finally {
    await ping.stop();
    await served.close();
    gate.close();
  }
}
