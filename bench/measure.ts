// Small shared helpers for benchmarks: a timed loop and a ratio against a baseline in the same run.
import { median, record } from './record.js';

export interface Sample {
  name: string;
  /** Median nanoseconds per op over the rounds. */
  nsPerOp: number;
  opsPerSecond: number;
  /** The fastest round's nanoseconds per op. */
  bestNsPerOp: number;
  rounds: number;
}

// Nanoseconds per op of each of `rounds` rounds, each running `batch` (which returns how many ops
// it did) until at least `minMs` has passed.
async function timedRounds(rounds: number, minMs: number, batch: () => number | Promise<number>): Promise<number[]> {
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let ops = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < BigInt(minMs) * 1_000_000n) {
      ops += await batch();
      elapsed = process.hrtime.bigint() - start;
    }
    perRound.push(Number(elapsed) / ops);
  }
  return perRound;
}

const sample = (name: string, perRound: number[]): Sample => {
  const nsPerOp = median(perRound);
  return { name, nsPerOp, opsPerSecond: 1e9 / nsPerOp, bestNsPerOp: Math.min(...perRound), rounds: perRound.length };
};

/** Runs `fn` in rounds of at least `minMs`, after a warm-up, and reports the median round. */
export async function measure(name: string, fn: () => void, { rounds = 7, minMs = 200 } = {}): Promise<Sample> {
  for (let i = 0; i < 1000; i++) fn();
  // Synchronous ops go in batches of 100, so the clock and the await cost little per op.
  return sample(
    name,
    await timedRounds(rounds, minMs, () => {
      for (let i = 0; i < 100; i++) fn();
      return 100;
    }),
  );
}

/** The async form of measure(): the median of several rounds of at least `minMs` each. */
export async function measureAsync(
  name: string,
  fn: () => Promise<void>,
  { rounds = 5, minMs = 300, warmup = 50 } = {},
): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await fn();
  return sample(
    name,
    await timedRounds(rounds, minMs, async () => {
      await fn();
      return 1;
    }),
  );
}

/** Prints each sample with its ratio to `baseline`, and records them for bench/results/. */
export function report(samples: Sample[], baseline: Sample, goals: Record<string, string> = {}): void {
  for (const s of samples) {
    const ratio = s.nsPerOp / baseline.nsPerOp;
    console.log(
      `${s.name.padEnd(44)} ${s.nsPerOp.toFixed(0).padStart(8)} ns/op  ` +
        `${Math.round(s.opsPerSecond).toString().padStart(10)} op/s  ratio ${ratio.toFixed(2)}`,
    );
    const goal = goals[s.name];
    record({
      name: s.name,
      unit: 'ns/op',
      median: s.nsPerOp,
      samples: s.rounds,
      ...(s === baseline ? {} : { baseline: { name: baseline.name, median: baseline.nsPerOp } }),
      ...(goal ? { goal } : {}),
    });
  }
}
