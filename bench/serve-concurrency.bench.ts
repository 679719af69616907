// Does the server stay responsive while it runs many calls? 16 concurrent bridge_advise calls
// through one MCP server (the real SDK client and server over an in-memory transport, real Codex
// children answered at once by the Responses double, which runs in a process of its own so that
// its HTTP work is not counted), with perf_hooks.monitorEventLoopDelay watching this process's
// event loop. Baseline: the same 16 `codex exec` children started directly from this process.
// Goal: no stall above 50 ms once the server is warm. Recorded: the largest stall of the warm
// rounds (and the median of the rounds' largest stalls), against the baseline's.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { buildPrompt } from '../src/bridge/prompt.js';
import { strictCoreSchema } from '../src/envelope/index.js';
import { createMcpServer } from '../src/mcp/server.js';
import { codexArgs } from '../src/runners/codex/args.js';
import { pidsWithMarker } from '../src/supervisor/process-table.js';
import { codexBin, codexEnv } from '../test/helpers/peers.js';
import { benchEnvironment, responsesDoubleProcess } from './child-timing.js';
import { median, record } from './record.js';

const CALLS = Number(process.env.BENCH_CONCURRENT ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

// Linux: how long this process's main thread ran and how long it waited, runnable, for a CPU
// (/proc/<pid>/task/<pid>/schedstat: ns on CPU, ns on the run queue). A stall spent on the run
// queue is the machine's scheduler, not work of ours blocking the loop.
const schedstat = `/proc/${process.pid}/task/${process.pid}/schedstat`;
function mainThreadTimes(): { cpuMs: number; waitMs: number } | null {
  try {
    const [cpu, wait] = readFileSync(schedstat, 'utf8').split(' ').map(Number);
    return { cpuMs: cpu! / 1e6, waitMs: wait! / 1e6 };
  } catch {
    return null;
  }
}

interface Watched {
  maxMs: number;
  p99Ms: number;
  wallMs: number;
  /** The longest gap between 5 ms ticks, split into the main thread's CPU time and run-queue wait. */
  worst: { gapMs: number; cpuMs: number; waitMs: number } | null;
  /**
   * The longest gap between ticks less the tick interval and the main thread's wait on the run
   * queue in it: what the loop itself held up (running, or blocked in a system call), without what
   * the scheduler added on top (Linux; null elsewhere).
   */
  maxOwnMs: number | null;
}

const TICK_MS = 5;

async function watched(work: () => Promise<void>): Promise<Watched> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  let worst: Watched['worst'] = null;
  let maxOwnMs: number | null = null;
  let lastTick = performance.now();
  let lastTimes = mainThreadTimes();
  const ticker = setInterval(() => {
    const now = performance.now();
    const times = mainThreadTimes();
    if (times && lastTimes && (!worst || now - lastTick > worst.gapMs))
      worst = { gapMs: now - lastTick, cpuMs: times.cpuMs - lastTimes.cpuMs, waitMs: times.waitMs - lastTimes.waitMs };
    if (times && lastTimes)
      maxOwnMs = Math.max(maxOwnMs ?? 0, now - lastTick - TICK_MS - (times.waitMs - lastTimes.waitMs));
    lastTick = now;
    lastTimes = times;
  }, TICK_MS);
  // The histogram counts a delay only from its second tick: let it tick first, or a side whose
  // stall comes at once (16 synchronous spawns in one turn) would not be counted at all.
  await delay(20);
  const start = performance.now();
  await work();
  const wallMs = performance.now() - start;
  clearInterval(ticker);
  histogram.disable();
  return { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6, wallMs, worst, maxOwnMs };
}

function runToExit(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });
}

const show = (name: string, r: Watched) =>
  console.log(
    `  ${name.padEnd(40)} max stall ${r.maxMs.toFixed(1).padStart(6)} ms  p99 ${r.p99Ms.toFixed(1).padStart(6)} ms  wall ${r.wallMs.toFixed(0).padStart(6)} ms` +
      (r.worst
        ? `  (longest tick gap ${r.worst.gapMs.toFixed(0)} ms: ran ${r.worst.cpuMs.toFixed(0)} ms, waited for a CPU ${r.worst.waitMs.toFixed(0)} ms)`
        : '') +
      (r.maxOwnMs === null ? '' : `; longest stall less its wait for a CPU ${r.maxOwnMs.toFixed(0)} ms`),
  );

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-bench-')));
try {
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const double = await responsesDoubleProcess(CALLS * (ROUNDS * 2 + 2));
  benchEnvironment(codexEnv(double.origin, dir));
  const schemaFile = path.join(dir, 'core.schema.json');
  writeFileSync(schemaFile, JSON.stringify(strictCoreSchema()));
  const directArgs = codexArgs({
    verb: 'advise',
    prompt: buildPrompt('advise', 'bench', 120),
    schemaFile,
    serverOverrides: [],
  });
  const childEnv = { ...process.env };

  const bridge = createMcpServer({ workspace, version: 'bench' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await bridge.server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(clientSide);
  const batch = async () => {
    const results = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        client.callTool({ name: 'bridge_advise', arguments: { task: `bench ${i}` } }, undefined, { timeout: 600_000 }),
      ),
    );
    const bad = results.filter((r) => (r.structuredContent as { status?: string } | undefined)?.status !== 'complete');
    if (bad.length > 0)
      throw new Error(`${bad.length} calls did not complete: ${JSON.stringify(bad[0]).slice(0, 400)}`);
  };
  // The baseline's children get a marker, and what they leave running (Codex's login-shell
  // snapshot can leave the user's shell start-up, e.g. `pyenv rehash`, in sessions of their own)
  // is killed after each batch, as the bridge's reaper does for its peers: otherwise it would
  // compete, at full priority, with the rounds that follow.
  const BASELINE_MARKER = 'BENCH_BASELINE_CHILD';
  const direct = async () => {
    const marker = `${process.pid}-${performance.now()}`;
    const env = { ...childEnv, [BASELINE_MARKER]: marker };
    await Promise.all(Array.from({ length: CALLS }, () => runToExit(codexBin, directArgs, env, workspace)));
    for (const pid of await pidsWithMarker(BASELINE_MARKER, marker)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };

  console.log(`${CALLS} concurrent calls, event loop of this process (resolution 5 ms)`);
  show('first batch on a cold server', await watched(batch));
  const directMax: number[] = [];
  const directOwn: number[] = [];
  const bridgedOwn: number[] = [];
  const bridgedMax: number[] = [];
  const bridgedWorst: NonNullable<Watched['worst']>[] = [];
  const idleMax: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const d = await watched(direct);
    show(`codex exec directly (baseline) #${r + 1}`, d);
    directMax.push(d.maxMs);
    if (d.maxOwnMs !== null) directOwn.push(d.maxOwnMs);
    const b = await watched(batch);
    show(`bridge_advise through one server #${r + 1}`, b);
    bridgedMax.push(b.maxMs);
    if (b.maxOwnMs !== null) bridgedOwn.push(b.maxOwnMs);
    if (b.worst) bridgedWorst.push(b.worst);
    // What the machine alone does to an event loop with nothing to do, for as long as the batch took:
    // on a loaded machine the scheduler's pauses show up in every measure above.
    const idle = await watched(() => new Promise((resolve) => setTimeout(resolve, b.wallMs)));
    show(`idle, the same duration #${r + 1}`, idle);
    idleMax.push(idle.maxMs);
  }
  const baseline = { name: `${CALLS} codex exec started directly: largest stall`, median: Math.max(...directMax) };
  record({
    name: `${CALLS} concurrent bridge calls, one server: largest stall`,
    unit: 'ms',
    median: Math.max(...bridgedMax),
    baseline,
    goal: '≤ 50 ms',
    samples: ROUNDS,
  });
  record({
    name: `${CALLS} concurrent bridge calls: median round's largest stall`,
    unit: 'ms',
    median: median(bridgedMax),
    baseline: { name: `${CALLS} codex exec directly: median round's largest stall`, median: median(directMax) },
    samples: ROUNDS,
  });
  record({ name: baseline.name, unit: 'ms', median: baseline.median, samples: ROUNDS });
  const worst = bridgedWorst.sort((a, b) => b.gapMs - a.gapMs)[0];
  if (worst)
    record({
      name: `${CALLS} concurrent bridge calls: the longest stall's time waiting for a CPU (Linux run queue), not running`,
      unit: 'ms',
      median: worst.waitMs,
      baseline: { name: 'that stall', median: worst.gapMs },
      samples: 1,
    });
  // A stall is what the loop itself holds up plus any wait for a CPU; with 16 children on 2 cores
  // the wait can be most of it, and it moves from run to run. This is the loop's own part.
  if (bridgedOwn.length > 0 && directOwn.length > 0)
    record({
      name: `${CALLS} concurrent bridge calls: the longest stall less its wait for a CPU (Linux run queue)`,
      unit: 'ms',
      median: Math.max(...bridgedOwn),
      baseline: { name: `${CALLS} codex exec started directly: the same`, median: Math.max(...directOwn) },
      samples: ROUNDS,
    });
  record({
    name: 'an idle event loop on this machine, as long: largest stall',
    unit: 'ms',
    median: Math.max(...idleMax),
    samples: ROUNDS,
  });
  await client.close();
  await bridge.drain();
  await double.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
