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
import { KEPT_LOCK_FILES } from '../src/fs/locks.js';
import { soakBridge, type BridgeOutcome } from './soak-bridge.js';
import { soakEdits, type EditsOutcome } from './soak-edits.js';
import { growth, type Sample } from './soak-probe.js';

export interface SoakOptions {
  calls: number;
  concurrency: number;
  edits: number;
  files: number;
  clients: number;
  every: number;
}

export interface SoakReport {
  options: SoakOptions;
  bridge: BridgeOutcome;
  edits: EditsOutcome;
  checks: { name: string; ok: boolean; value: string }[];
}

const STALL_LIMIT_MS = 50;
const FLAT_LIMIT = 0.1;

function timingChecks(part: string, samples: Sample[]): SoakReport['checks'] {
  // Warm-up: the first fifth of the samples (at least one), while modules load and caches fill.
  const warmup = Math.max(1, Math.floor(samples.length / 5));
  const checks: SoakReport['checks'] = [];
  for (const key of ['rssMiB', 'fds'] as const) {
    const rise = growth(samples, key, warmup);
    checks.push({
      name: `${part}: ${key === 'rssMiB' ? 'RSS' : 'descriptors'} flat after warm-up (≤ 10%)`,
      ok: rise !== null && rise <= FLAT_LIMIT,
      value: rise === null ? 'too few samples' : `${(rise * 100).toFixed(1)}%`,
    });
  }
  const warm = samples.slice(warmup);
  const stall = Math.max(0, ...warm.map((s) => s.maxPingMs));
  const clientLoop = Math.max(0, ...warm.map((s) => s.clientLoopMs));
  const runQueue = Math.max(0, ...warm.map((s) => s.serverRunQueueMs ?? 0));
  checks.push({
    name: `${part}: no ping round trip over 50 ms after warm-up`,
    ok: stall <= STALL_LIMIT_MS,
    value:
      `${stall.toFixed(1)} ms (this process's own loop delay up to ${clientLoop.toFixed(0)} ms; ` +
      `the server waited for a CPU up to ${runQueue.toFixed(0)} ms per sample)`,
  });
  return checks;
}

/** Runs both halves in a temp folder of their own; `timing: false` leaves out the timing checks. */
export async function runSoak(options: SoakOptions, timing = true): Promise<SoakReport> {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-soak-')));
  try {
    const env = { PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'), PEER_BRIDGE_CACHE_DIR: path.join(dir, 'cache') };
    for (const sub of ['bridge-ws', 'edits-ws']) mkdirSync(path.join(dir, sub));
    const bridge = await soakBridge({ workspace: path.join(dir, 'bridge-ws'), env, ...options });
    const edits = await soakEdits({ workspace: path.join(dir, 'edits-ws'), env, ...options });
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
    return { options, bridge, edits, checks };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(report: SoakReport, date: string): string {
  const o = report.options;
  const loads = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  const lines = [
    `# Soak (${date}, ${os.cpus().length} cores, load ${loads})`,
    '',
    `${o.calls} bridge calls (${o.concurrency} at a time, peer pool of ${report.bridge.maxPeers}), ` +
      `${o.edits} edits over ${o.files} files from ${o.clients} clients (${report.edits.staleRetries} FS_STALE_VERSION retries); ` +
      `sampled every ${o.every}.`,
    '',
    '| check | value | ok |',
    '| --- | --- | --- |',
    ...report.checks.map((c) => `| ${c.name} | ${c.value} | ${c.ok ? 'yes' : '**no**'} |`),
    '',
    ...(o.calls < 2000 || o.edits < 20_000 ? ['Reduced scale (the default is 2,000 calls and 20,000 edits).', ''] : []),
    `Workbench descriptors are the sum over the ${o.clients} servers; each keeps up to ${KEPT_LOCK_FILES} lock files ` +
      `open between edits by design (src/fs/locks.ts), so they rise until that cache is full: ` +
      `${report.edits.samples.at(-1)?.fds ?? '?'} at the end.`,
    '',
    `Call outcomes: ${Object.entries(report.bridge.statuses)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
  ];
  return lines.join('\n');
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
  };
  const started = Date.now();
  const report = await runSoak(options);
  const date = new Date().toISOString();
  const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  const seconds = (Date.now() - started) / 1000;
  writeFileSync(
    path.join(results, 'soak.json'),
    `${JSON.stringify({ date, seconds, load: os.loadavg(), ...report }, null, 2)}\n`,
  );
  const md = markdown(report, date);
  writeFileSync(path.join(results, 'soak.md'), md);
  console.log(md);
  process.exit(report.checks.every((c) => c.ok) ? 0 : 1);
}
