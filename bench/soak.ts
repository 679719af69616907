// The soak (issue 29, item 5): one long-lived bridge server through many calls, and workbench
// servers through many edits, sampled every SOAK_EVERY calls or edits for RSS, open descriptors
// and the longest MCP ping round trip (the servers' event-loop stall, seen from outside). Checks:
// after warm-up RSS and descriptors within 10% of the first warm sample, no round trip over 50 ms,
// every call settled exactly once in the ledger, every file holding exactly its accepted edits.
// `npm run bench:soak` (scale: SOAK_CALLS, SOAK_EDITS, SOAK_CONCURRENCY, SOAK_CLIENTS, SOAK_FILES);
// it writes bench/results/soak.json and soak.md and exits 1 when a check fails. Not in `npm test`
// (test/bench/soak.test.ts runs it at a tiny scale for its correctness checks only).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { soakBridge, type BridgeOutcome } from './soak-bridge.js';
import { soakEdits, type EditsOutcome } from './soak-edits.js';
import { machine, markdown } from './soak-report.js';
import { growth, trend, type Sample } from './soak-probe.js';

export interface SoakOptions {
  calls: number;
  concurrency: number;
  edits: number;
  files: number;
  clients: number;
  every: number;
  /** `dist`: serve the built package (run `npm run build:ts` first); `src` (default): src/ through tsx. */
  serve?: 'src' | 'dist';
}

export interface SoakReport {
  options: SoakOptions;
  bridge: BridgeOutcome;
  edits: EditsOutcome;
  checks: { name: string; ok: boolean; value: string }[];
  /** Where warm-up ended in each half: the index of the first sample counted as warm. */
  warmup: { bridge: number; edits: number };
  /** Wall-clock seconds of each half, and the machine's load averages before, between and after. */
  seconds: { bridge: number; edits: number };
  load: { before: number[]; between: number[]; after: number[] };
}

const STALL_LIMIT_MS = 50;
const FLAT_LIMIT = 0.1;

/**
 * Where warm-up ends: at the first sample at which the servers' kept lock files (the one bounded
 * cache that fills during the run; src/fs/locks.ts) reached the most they reach, and never before
 * a tenth of the run (modules loaded on first use, the JIT, the heap's first growth).
 */
export function warmupOf(samples: readonly Sample[]): number {
  const full = Math.max(0, ...samples.map((s) => s.keptLockFiles));
  const filled = samples.findIndex((s) => s.keptLockFiles >= full);
  return Math.min(samples.length, Math.max(Math.ceil(samples.length / 10), filled + 1));
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function timingChecks(part: string, samples: Sample[]): SoakReport['checks'] {
  const warmup = warmupOf(samples);
  const checks: SoakReport['checks'] = [];
  for (const key of ['rssMiB', 'fds'] as const) {
    const line = trend(samples, key, warmup);
    const peak = growth(samples, key, warmup);
    checks.push({
      name: `${part}: ${key === 'rssMiB' ? 'RSS' : 'descriptors'} flat after warm-up (trend ≤ 10%)`,
      ok: line !== null && line <= FLAT_LIMIT,
      value:
        line === null || peak === null
          ? 'too few samples'
          : `trend ${percent(line)}, peak ${percent(peak)} over the first warm sample`,
    });
  }
  const warm = samples.slice(warmup);
  const most = (pick: (s: Sample) => number) => Math.max(0, ...warm.map(pick));
  const stall = most((s) => s.serverStallMs);
  checks.push({
    name: `${part}: no stall of a server's event loop over 50 ms after warm-up`,
    ok: stall <= STALL_LIMIT_MS,
    value:
      `${stall.toFixed(1)} ms (MCP ping round trip up to ${most((s) => s.maxPingMs).toFixed(0)} ms; ` +
      `the bench's own loop up to ${most((s) => s.clientLoopMs).toFixed(0)} ms)`,
  });
  const own = warm.some((s) => s.serverOwnStallMs === null) ? null : most((s) => s.serverOwnStallMs!);
  checks.push({
    name: `${part}: the same, less the time the server waited for a CPU in that turn`,
    ok: own !== null && own <= STALL_LIMIT_MS,
    value:
      own === null
        ? 'not measured (Linux only)'
        : `${own.toFixed(1)} ms (the servers waited for a CPU up to ` +
          `${most((s) => s.serverRunQueueMs ?? 0).toFixed(0)} ms per sample)`,
  });
  return checks;
}

/** Runs both halves in a temp folder of their own; `timing: false` leaves out the timing checks. */
export async function runSoak(options: SoakOptions, timing = true): Promise<SoakReport> {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-soak-')));
  try {
    const env = {
      PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'),
      PEER_BRIDGE_CACHE_DIR: path.join(dir, 'cache'),
      // The servers answer peer-bridge/diagnostics: their own event loop's stall, from inside.
      PEER_BRIDGE_DIAGNOSTICS: 'on',
    };
    for (const sub of ['bridge-ws', 'edits-ws']) mkdirSync(path.join(dir, sub));
    const before = os.loadavg();
    const started = performance.now();
    const built = options.serve === 'dist' ? { dir } : undefined;
    const bridge = await soakBridge({ workspace: path.join(dir, 'bridge-ws'), env, ...options, built });
    const between = os.loadavg();
    const middle = performance.now();
    const edits = await soakEdits({ workspace: path.join(dir, 'edits-ws'), env, ...options, built });
    const seconds = { bridge: (middle - started) / 1000, edits: (performance.now() - middle) / 1000 };
    const load = { before, between, after: os.loadavg() };
    const warmup = { bridge: warmupOf(bridge.samples), edits: warmupOf(edits.samples) };
    const checks: SoakReport['checks'] = [
      {
        name: 'bridge: every call settled exactly once in the ledger',
        ok: bridge.ledger.settledOnce === options.calls && bridge.ledger.runIds === options.calls,
        value: `${bridge.ledger.settledOnce}/${options.calls}`,
      },
      {
        name: 'edits: every file holds exactly its accepted edits',
        ok: edits.files.matching === edits.files.checked && edits.accepted === options.edits,
        value: `${edits.files.matching}/${edits.files.checked} files, ${edits.accepted} edits`,
      },
    ];
    if (timing) checks.push(...timingChecks('bridge', bridge.samples), ...timingChecks('edits', edits.samples));
    return { options, bridge, edits, checks, warmup, seconds, load };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function serveFrom(value: string | undefined): 'src' | 'dist' {
  if (value === undefined || value === '' || value === 'src' || value === 'dist')
    return value === 'dist' ? 'dist' : 'src';
  throw new Error(`SOAK_SERVE must be src or dist, got ${JSON.stringify(value)}`);
}

const int = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options: SoakOptions = {
    calls: int('SOAK_CALLS', 2000),
    concurrency: int('SOAK_CONCURRENCY', 8),
    edits: int('SOAK_EDITS', 20_000),
    files: int('SOAK_FILES', 50),
    clients: int('SOAK_CLIENTS', 4),
    every: int('SOAK_EVERY', 100),
    serve: serveFrom(process.env.SOAK_SERVE),
  };
  const report = await runSoak(options);
  const date = new Date().toISOString();
  const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  writeFileSync(
    path.join(results, 'soak.json'),
    `${JSON.stringify({ date, machine: machine(), ...report }, null, 2)}\n`,
  );
  const md = markdown(report, date);
  writeFileSync(path.join(results, 'soak.md'), md);
  console.log(md);
  process.exit(report.checks.every((c) => c.ok) ? 0 : 1);
}
