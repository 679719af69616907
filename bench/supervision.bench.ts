// What supervising a child's process tree costs per call, against baselines in the same run:
// a bare child_process.spawn of `/bin/true`; spawnChild through the Linux reaper (the tree is
// found through the kernel's parent links); spawnChild without it (PEER_BRIDGE_REAPER=off: the
// process group, then a marker sweep that reads every process on the machine). Each is measured
// as the machine is, then again with 300 extra idle processes: only the sweep should grow.
// Then the abort path: a tree of three that obeys SIGTERM, from abort to gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reaperPath } from '../src/supervisor/reaper.js';
import { spawnChild } from '../src/supervisor/spawn.js';
import { record } from './record.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const cwd = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-'));
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
const limits = { maxOutputBytes: 1 << 24, maxLineBytes: 1 << 20 };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function bare(): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/bin/true', [], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', () => resolve(performance.now() - start));
  });
}

function withReaper(setting: string | undefined, fn: () => Promise<number>): () => Promise<number> {
  return async () => {
    if (setting === undefined) delete process.env.PEER_BRIDGE_REAPER;
    else process.env.PEER_BRIDGE_REAPER = setting;
    return fn();
  };
}

async function hosted(): Promise<number> {
  const start = performance.now();
  await spawnChild('/bin/true', [], { cwd, env, signal: new AbortController().signal, limits, onLine: () => {} });
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

// Rounds interleave the variants, so load drift hits each alike.
async function compare(variants: [string, () => Promise<number>][]): Promise<Map<string, number>> {
  for (const [, fn] of variants) await fn();
  const samples = new Map(variants.map(([name]) => [name, [] as number[]]));
  for (let i = 0; i < ROUNDS; i++) for (const [name, fn] of variants) samples.get(name)!.push(await fn());
  return new Map([...samples].map(([name, xs]) => [name, median(xs)]));
}

function print(title: string, results: Map<string, number>, baseline: string): void {
  console.log(title);
  const section = title.replace(/\s+/g, ' ').trim();
  const base = results.get(baseline)!;
  for (const [name, ms] of results) {
    console.log(
      `  ${name.padEnd(46)} ${ms.toFixed(2).padStart(8)} ms  ratio ${(ms / base).toFixed(2)}  (+${(ms - base).toFixed(2)} ms)`,
    );
    record({
      name: `${section}: ${name}`,
      unit: 'ms',
      median: ms,
      samples: ROUNDS,
      ...(name === baseline ? {} : { baseline: { name: `${section}: ${baseline}`, median: base } }),
    });
  }
}

const processes = () => readdirSync('/proc').filter((n) => /^\d+$/.test(n)).length;
const variants: [string, () => Promise<number>][] = [
  ['bare spawn /bin/true (baseline)', bare],
  ['spawnChild, reaper (subreaper, no /proc scan)', withReaper(undefined, hosted)],
  ['spawnChild, no reaper (group + /proc marker sweep)', withReaper('off', hosted)],
];
if (process.platform !== 'linux' || !reaperPath()) {
  console.log('the reaper is Linux-only and must be built (npm run build): nothing to compare here');
} else {
  print(
    `one call, ${processes()} processes on the machine (median of ${ROUNDS})`,
    await compare(variants),
    variants[0]![0],
  );
  const idle: ChildProcess[] = Array.from({ length: 300 }, () => spawn('sleep', ['300'], { stdio: 'ignore' }));
  try {
    print(`\none call, ${processes()} processes on the machine`, await compare(variants), variants[0]![0]);
  } finally {
    for (const child of idle) child.kill('SIGKILL');
  }
  const abort = await compare([
    ['abort → tree of 3 gone, reaper', withReaper(undefined, abortTree)],
    ['abort → tree of 3 gone, no reaper', withReaper('off', abortTree)],
  ]);
  print('\nabort → tree of 3 gone (SIGTERM obeyed; grace 2000 ms)', abort, 'abort → tree of 3 gone, no reaper');
}
