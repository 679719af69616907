// What the retention pass costs, the one a server runs after every call. Real files: a workspace
// holding 5,000 transcripts and 500 incidents of settled calls (the ledger knows them all), against
// an empty one (the baseline). Measured:
// 1. a process's first pass over the big workspace (every file stat'ed once), nothing to remove;
// 2. a pass after a call: one new transcript, nothing to remove (only new files are stat'ed);
// 3. a pass after a call at the size limit: one new transcript, the oldest one removed (retention
//    lock, ledger catch-up, the pruned record and its fsync, one unlink).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Ledger } from '../src/state/ledger.js';
import { pruneState } from '../src/state/retention.js';
import { DEFAULT_RETENTION, type RetentionSettings } from '../src/state/retention-settings.js';
import { median, record } from './record.js';

const TRANSCRIPTS = Number(process.env.BENCH_RETENTION_TRANSCRIPTS ?? 5000);
const INCIDENTS = Math.round(TRANSCRIPTS / 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const TRANSCRIPT_BYTES = 8 * 1024;

const made: string[] = [];
function workspace(): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'pb-retention-bench-')));
  made.push(dir);
  mkdirSync(path.join(dir, '.peer-bridge', 'transcripts'), { recursive: true });
  mkdirSync(path.join(dir, '.peer-bridge', 'incidents'), { recursive: true });
  return dir;
}

let written = 0;
// A transcript as a settled call leaves it, `ageMs` old.
function transcript(ws: string, ageMs = 0): void {
  const file = path.join(ws, '.peer-bridge', 'transcripts', `bench-${(written++).toString(16).padStart(8, '0')}.jsonl`);
  writeFileSync(file, 'x'.repeat(TRANSCRIPT_BYTES));
  const when = (Date.now() - ageMs) / 1000;
  utimesSync(file, when, when);
}

async function bigWorkspace(): Promise<string> {
  const ws = workspace();
  // The ledger of those calls, so the pass reads a real one (open calls: none).
  const ledger = new Ledger(ws);
  await ledger.start({
    run_id: 'seed',
    verb: 'advise',
    runner: 'codex',
    direction: 'a->b',
    budget_seconds: 1,
    depth: 0,
  });
  await ledger.settle({ run_id: 'seed', status: 'complete', incident: null, duration_seconds: 1 });
  for (let i = 0; i < TRANSCRIPTS; i++) transcript(ws, (TRANSCRIPTS - i) * 1000);
  for (let i = 0; i < INCIDENTS; i++) {
    const name = `20261101T000000.${String(i % 1000).padStart(3, '0')}Z-bench-${i}-timeout.json`;
    writeFileSync(path.join(ws, '.peer-bridge', 'incidents', name), '{"fault":"timeout"}\n'.repeat(50));
  }
  return ws;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function line(name: string, samples: number[], baseline?: { name: string; samples: number[] }): void {
  const ratio = baseline ? `  baseline ${median(baseline.samples).toFixed(2)} ms` : '';
  console.log(`${name.padEnd(64)} median ${median(samples).toFixed(2).padStart(8)} ms${ratio}`);
  record({
    name,
    unit: 'ms',
    median: median(samples),
    samples: samples.length,
    ...(baseline ? { baseline: { name: baseline.name, median: median(baseline.samples) } } : {}),
  });
}

try {
  const empty = workspace();
  const emptyPass: number[] = [];
  for (let i = 0; i < ROUNDS; i++) emptyPass.push(await timed(() => pruneState(empty, DEFAULT_RETENTION)));
  const baseline = { name: 'a pass over an empty workspace', samples: emptyPass };
  line(baseline.name, emptyPass);

  const first: number[] = [];
  const big: string[] = [];
  for (let i = 0; i < 3; i++) {
    const ws = await bigWorkspace();
    big.push(ws);
    first.push(await timed(() => pruneState(ws, DEFAULT_RETENTION)));
  }
  line(`a process's first pass, ${TRANSCRIPTS} transcripts + ${INCIDENTS} incidents`, first, baseline);

  const ws = big[0]!;
  const after: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    transcript(ws);
    after.push(await timed(() => pruneState(ws, DEFAULT_RETENTION)));
  }
  line(`a pass after a call, ${TRANSCRIPTS} transcripts, nothing to remove`, after, baseline);

  // At the limit: each new transcript pushes the oldest one out.
  const report = await pruneState(ws, { maxAgeMs: 0, maxBytes: 2 ** 40 });
  const atLimit: RetentionSettings = { maxAgeMs: 0, maxBytes: report.keptBytes };
  const removing: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    transcript(ws);
    removing.push(await timed(() => pruneState(ws, atLimit)));
  }
  line(`a pass after a call at the size limit (removes the oldest)`, removing, baseline);
} finally {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}
