// How a benchmark hands its numbers to `npm run bench` (bench/run.ts), which writes them to
// bench/results/latest.{md,json}: one JSON line per measure in the file named by BENCH_RESULTS_FILE.
// A benchmark run on its own (node --import tsx bench/x.bench.ts) only prints.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export interface BenchRecord {
  /** The benchmark file, e.g. `bridge`. */
  bench: string;
  /** What was measured. */
  name: string;
  unit: 'ms' | 'ns/op';
  median: number;
  /** The baseline measured in the same run, when this measure has one. */
  baseline?: { name: string; median: number };
  /** median / baseline median. */
  ratio?: number;
  /** median − baseline median, for overheads stated in the unit (e.g. "+37 ms"). */
  overhead?: number;
  /** The goal this measure is held to (from issue 12), in words. */
  goal?: string;
  samples: number;
}

const benchName = path.basename(process.argv[1] ?? 'bench').replace(/\.bench\.ts$/, '');

export function record(entry: Omit<BenchRecord, 'bench' | 'ratio' | 'overhead'>): BenchRecord {
  const full: BenchRecord = { bench: benchName, ...entry };
  if (entry.baseline) {
    full.ratio = entry.median / entry.baseline.median;
    full.overhead = entry.median - entry.baseline.median;
  }
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(full)}\n`);
  return full;
}

export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
