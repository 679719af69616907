// Runs every bench/*.bench.ts in its own process, one after another, so each one's peak memory
// and timing are its own, then writes bench/results/latest.md and latest.json: the machine, Node,
// the load average, and every measure with its median and its ratio to the baseline measured in
// the same run. `npm run bench -- stat` runs only files whose name contains "stat" (and writes
// bench/results/partial.*, leaving the full table alone).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRecord } from './record.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();
if (files.length === 0) {
  console.error(`no benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-bench-results-'));
const resultsFile = path.join(scratch, 'results.jsonl');
writeFileSync(resultsFile, '');
const loadBefore = os.loadavg();
const started = new Date();
const failed: string[] = [];
for (const name of files) {
  process.stdout.write(`\n## ${name.replace(/\.bench\.ts$/, '')}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(here, name)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
  });
  if (result.status !== 0) failed.push(name);
}
const records = readFileSync(resultsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as BenchRecord);
rmSync(scratch, { recursive: true, force: true });

const commit = (() => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: here, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();
const cpus = os.cpus();
const report = {
  date: started.toISOString(),
  commit,
  machine: {
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memory_gib: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  },
  node: process.version,
  load_average: { before: loadBefore, after: os.loadavg() },
  failed,
  results: records,
};

const number = (value: number, unit: string) => {
  if (unit === 'ms') return `${value.toFixed(0)} ms`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)} ms/op`;
  return value >= 1e4 ? `${(value / 1e3).toFixed(1)} µs/op` : `${value.toFixed(0)} ns/op`;
};
// Per-operation overheads in µs: what a goal stated as an absolute cost reads against.
const overhead = (value: number, unit: string) => {
  const sign = value >= 0 ? '+' : '';
  if (unit === 'ms') return `${sign}${value.toFixed(0)} ms`;
  return `${sign}${(value / 1e3).toFixed(Math.abs(value) >= 1e4 ? 0 : 2)} µs/op`;
};
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' / ');
const rows = records.map((r) =>
  [
    r.bench,
    r.name,
    number(r.median, r.unit),
    r.baseline ? `${r.baseline.name}: ${number(r.baseline.median, r.unit)}` : '—',
    r.ratio !== undefined ? r.ratio.toFixed(2) : '—',
    r.overhead !== undefined ? overhead(r.overhead, r.unit) : '—',
    r.goal ?? '',
  ].join(' | '),
);
const markdown = `# Benchmarks

Written by \`npm run bench\`${commit ? ` at commit ${commit}` : ''}, ${report.date}. Medians of interleaved rounds;
every ratio is against a baseline measured in the same run on the same machine, so compare ratios,
not absolute times, across machines and loads.

- Machine: ${report.machine.cpu}, ${report.machine.cores} cores, ${report.machine.memory_gib} GiB, ${report.machine.platform}
- Node: ${report.node}
- Load average (1 / 5 / 15 min): ${load(loadBefore)} before, ${load(report.load_average.after)} after
${failed.length > 0 ? `- Failed (no numbers): ${failed.join(', ')}\n` : ''}
| benchmark | measure | median | baseline (median) | ratio | overhead | goal |
|---|---|---|---|---|---|---|
${rows.map((row) => `| ${row} |`).join('\n')}
`;

const out = path.join(here, 'results');
mkdirSync(out, { recursive: true });
const base = filters.length === 0 ? 'latest' : 'partial';
writeFileSync(path.join(out, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.join(out, `${base}.md`), markdown);
console.log(`\nwrote bench/results/${base}.md and ${base}.json (${records.length} measures)`);
process.exit(failed.length === 0 ? 0 : 1);
