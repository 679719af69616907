// The ledger's cost per call must not grow with the ledger. Two workspaces in the same run: one
// with an empty ledger (the baseline), one with 100k records (50k calls). Measured, interleaved:
// 1. the ledger work of one call as runBridge does it with a caller-chosen run_id (has, start
//    fresh, settle), in a warm process. Two fsyncs a call make this device-bound and noisy, so it
//    takes three times the rounds of the others, in alternating order, reported in µs;
// 2. one whole bridge call (runBridge with a real Codex child answered at once by the double);
// 3. `runs` (20 newest) and a server start's recovery.
// The first look of a process at the big ledger (one read, then rotation) is reported on its own.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBridge } from '../src/bridge/run-bridge.js';
import { Ledger } from '../src/state/ledger.js';
import { answer, codexEnv } from '../test/helpers/peers.js';
import { startResponsesDouble } from '../test/doubles/openai-responses-server.js';
import type { Turn } from '../test/doubles/script.js';
import { record } from './record.js';

const RECORDS = Number(process.env.BENCH_LEDGER_RECORDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const OPS_PER_ROUND = 40;

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

// Prints one measure (samples in ms) and records it for bench/results/ (with its baseline, when it
// has one): in whole ms, or per operation in ns so the table shows µs when a measure is that small.
function line(
  name: string,
  samples: number[],
  baseline?: { name: string; samples: number[] },
  goal?: string,
  unit: 'ms' | 'ns/op' = 'ms',
): void {
  const ratio = baseline ? `  ratio ${(median(samples) / median(baseline.samples)).toFixed(2)}` : '';
  console.log(`${name.padEnd(52)} median ${median(samples).toFixed(3).padStart(9)} ms${ratio}`);
  const scale = unit === 'ms' ? 1 : 1e6;
  record({
    name,
    unit,
    median: median(samples) * scale,
    samples: samples.length,
    ...(baseline ? { baseline: { name: baseline.name, median: median(baseline.samples) * scale } } : {}),
    ...(goal ? { goal } : {}),
  });
}

// A ledger as 50k finished calls leave it (start + settle per call, realistic field sizes).
function bigLedger(workspace: string, records: number): void {
  mkdirSync(path.join(workspace, '.peer-bridge'), { recursive: true });
  const lines: string[] = [];
  for (let i = 0; i < records / 2; i++) {
    const run_id = `20261202T120000Z-${i.toString(16).padStart(8, '0')}`;
    const at = '2026-12-02T12:00:00.000Z';
    lines.push(
      JSON.stringify({
        type: 'start',
        run_id,
        verb: 'advise',
        runner: 'codex',
        direction: 'claude-code->codex',
        budget_seconds: 600,
        depth: 0,
        owner: '4242-0123456789ab',
        pid: 4242,
        at,
      }),
    );
    lines.push(
      JSON.stringify({ type: 'settle', run_id, status: 'complete', incident: null, duration_seconds: 12.5, at }),
    );
  }
  writeFileSync(path.join(workspace, '.peer-bridge', 'ledger.jsonl'), `${lines.join('\n')}\n`);
}

let counter = 0;
async function oneCallLedgerWork(workspace: string): Promise<void> {
  const ledger = new Ledger(workspace);
  const run_id = `bench-${process.pid}-${counter++}`;
  if (await ledger.has(run_id)) throw new Error('run id taken');
  await ledger.start(
    { run_id, verb: 'advise', runner: 'codex', direction: 'api->codex', budget_seconds: 120, depth: 0 },
    { fresh: true },
  );
  await ledger.settle({ run_id, status: 'complete', incident: null, duration_seconds: 1 });
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-bench-ledger-')));
try {
  const empty = path.join(dir, 'empty');
  const big = path.join(dir, 'big');
  mkdirSync(empty);
  mkdirSync(big);
  bigLedger(big, RECORDS);
  const bytes = statSync(path.join(big, '.peer-bridge', 'ledger.jsonl')).size;
  console.log(`ledger with ${RECORDS} records: ${(bytes / 1024 / 1024).toFixed(1)} MiB`);

  const firstEmpty = await timed(() => oneCallLedgerWork(empty));
  const firstBig = await timed(() => oneCallLedgerWork(big));
  console.log(
    `first call of a process (one look at the whole file, then rotation): empty ${firstEmpty.toFixed(1)} ms, big ${firstBig.toFixed(1)} ms (once)`,
  );

  const perCall = { empty: [] as number[], big: [] as number[] };
  const perCallRounds = ROUNDS * 3;
  for (let round = 0; round < perCallRounds; round++) {
    const pair = [
      ['empty', empty],
      ['big', big],
    ] as const;
    for (const [name, workspace] of round % 2 === 0 ? pair : [...pair].reverse()) {
      const ms = await timed(async () => {
        for (let i = 0; i < OPS_PER_ROUND; i++) await oneCallLedgerWork(workspace);
      });
      perCall[name].push(ms / OPS_PER_ROUND);
    }
  }
  console.log(
    `\nledger work of one call (has + start + settle, fsynced; ${perCallRounds} rounds of ${OPS_PER_ROUND}, alternating)`,
  );
  const perCallBase = { name: "one call's ledger work, empty ledger", samples: perCall.empty };
  line(perCallBase.name, perCall.empty, undefined, undefined, 'ns/op');
  line(`one call's ledger work, ${RECORDS} records`, perCall.big, perCallBase, 'ratio ≤ 1.1', 'ns/op');
  const paired = median(perCall.big.map((ms, round) => ms / perCall.empty[round]!));
  console.log(`  the same, as the median of each round's ratio: ${paired.toFixed(2)}`);

  const runs = { empty: [] as number[], big: [] as number[] };
  const recover = { empty: [] as number[], big: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, workspace] of [
      ['empty', empty],
      ['big', big],
    ] as const) {
      runs[name].push(await timed(() => new Ledger(workspace).runs(20)));
      recover[name].push(await timed(() => new Ledger(workspace).recover()));
    }
  }
  console.log('\nreaders');
  const runsBase = { name: 'runs(20), empty-ish ledger', samples: runs.empty };
  line(runsBase.name, runs.empty, undefined, undefined, 'ns/op');
  line(`runs(20), ${RECORDS} records`, runs.big, runsBase, undefined, 'ns/op');
  const recoverBase = { name: 'recover(), empty-ish ledger', samples: recover.empty };
  line(recoverBase.name, recover.empty, undefined, undefined, 'ns/op');
  line(`recover(), ${RECORDS} records`, recover.big, recoverBase, undefined, 'ns/op');

  // Whole calls through a real Codex child, alternating workspaces so drift hits both alike.
  const turns: Turn[] = Array.from({ length: ROUNDS * 2 + 2 }, () => ({ kind: 'answer', answer: answer() }));
  const double = await startResponsesDouble(turns);
  Object.assign(process.env, codexEnv(double.origin, dir));
  const whole = { empty: [] as number[], big: [] as number[] };
  for (const workspace of [empty, big]) await runBridge({ verb: 'advise', task: 'bench', workspace });
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, workspace] of [
      ['empty', empty],
      ['big', big],
    ] as const) {
      const run_id = `whole-${round}-${name}`;
      whole[name].push(
        await timed(async () => {
          const envelope = await runBridge({ verb: 'advise', task: 'bench', workspace, run_id });
          if (envelope.status !== 'complete')
            throw new Error(`bridge call ended ${envelope.status}: ${envelope.blockers.join('; ')}`);
        }),
      );
    }
  }
  await double.close();
  console.log(`\none whole bridge call with a caller-chosen run_id (${ROUNDS} rounds)`);
  const wholeBase = { name: 'one whole bridge call, empty ledger', samples: whole.empty };
  line(wholeBase.name, whole.empty);
  line(`one whole bridge call, ${RECORDS} records`, whole.big, wholeBase, 'ratio ≤ 1.1');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
