// The runner host's own cost, against baselines measured in the same run:
// 1. spawnChild (scrubbed env, process group, capped line stream, leftover sweep after exit)
//    against a bare child_process.spawn of the same `node -e ''`;
// 2. abort → tree gone, for a tree that obeys SIGTERM (should be far below the 2 s grace);
// 3. LineSplitter against Buffer#toString().split('\n') on 16 MiB of JSON lines.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LineSplitter } from '../src/supervisor/line-stream.js';
import { pidsWithMarker } from '../src/supervisor/process-table.js';
import { spawnChild } from '../src/supervisor/spawn.js';
import { record } from './record.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const cwd = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-'));
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const limits = { maxOutputBytes: 1 << 24, maxLineBytes: 1 << 20 };

function bare(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['-e', ''], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - start));
  });
}

async function hosted(): Promise<number> {
  const start = performance.now();
  await spawnChild(process.execPath, ['-e', ''], {
    cwd,
    env,
    signal: new AbortController().signal,
    limits,
    onLine: () => {},
  });
  return performance.now() - start;
}

async function abortTree(): Promise<number> {
  const controller = new AbortController();
  let started!: () => void;
  const ready = new Promise<void>((r) => (started = r));
  const running = spawnChild('/bin/sh', ['-c', 'sleep 300 & sleep 300 & echo ready; wait'], {
    cwd,
    env,
    signal: controller.signal,
    limits,
    onLine: () => started(),
  });
  await ready;
  const start = performance.now();
  controller.abort();
  await running;
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function series(fn: () => Promise<number>): Promise<number> {
  await fn();
  const xs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) xs.push(await fn());
  return median(xs);
}

const base = await series(bare);
const host = await series(hosted);
console.log(`spawn node -e '' (bare child_process)      ${base.toFixed(1).padStart(7)} ms  ratio 1.00`);
console.log(
  `spawnChild node -e '' (host, with sweep)   ${host.toFixed(1).padStart(7)} ms  ratio ${(host / base).toFixed(2)}`,
);
const sweep = await series(async () => {
  const start = performance.now();
  await pidsWithMarker('PEER_BRIDGE_SPAWN_ID', 'none');
  return performance.now() - start;
});
console.log(`marker sweep of /proc alone                ${sweep.toFixed(1).padStart(7)} ms`);
if (process.platform !== 'win32') {
  const kill = await series(abortTree);
  console.log(`abort → tree of 3 gone (SIGTERM obeyed)    ${kill.toFixed(1).padStart(7)} ms  (grace 2000 ms)`);
}

const line = JSON.stringify({ type: 'item.completed', item: { type: 'agent_message', text: 'x'.repeat(200) } }) + '\n';
const data = Buffer.from(line.repeat(Math.floor((16 << 20) / line.length)));
const chunks = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) =>
  data.subarray(i * 65536, (i + 1) * 65536),
);
const time = (fn: () => void) => {
  fn();
  const xs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    fn();
    xs.push(performance.now() - start);
  }
  return median(xs);
};
const naive = time(() => {
  let n = 0;
  for (const l of data.toString('utf8').split('\n')) if (l) n++;
  if (n === 0) throw new Error('no lines');
});
const split = time(() => {
  let n = 0;
  const s = new LineSplitter(
    { maxOutputBytes: 1 << 30, maxLineBytes: 1 << 20 },
    () => n++,
    () => {},
  );
  for (const c of chunks) s.push(c);
  if (n === 0) throw new Error('no lines');
});
console.log(`16 MiB lines: toString().split('\\n')       ${naive.toFixed(1).padStart(7)} ms  ratio 1.00`);
console.log(
  `16 MiB lines: LineSplitter (64 KiB chunks)  ${split.toFixed(1).padStart(7)} ms  ratio ${(split / naive).toFixed(2)}`,
);
record({ name: "spawn node -e '' (bare child_process)", unit: 'ms', median: base, samples: ROUNDS });
record({
  name: "spawnChild node -e '' (host, with sweep)",
  unit: 'ms',
  median: host,
  samples: ROUNDS,
  baseline: { name: "spawn node -e '' (bare child_process)", median: base },
});
record({ name: "16 MiB lines: toString().split('\\n')", unit: 'ms', median: naive, samples: 5 });
record({
  name: '16 MiB lines: LineSplitter (64 KiB chunks)',
  unit: 'ms',
  median: split,
  samples: 5,
  baseline: { name: "16 MiB lines: toString().split('\\n')", median: naive },
});
