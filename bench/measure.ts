// Small shared helpers for benchmarks: a timed loop and a ratio against a baseline in the same run.

export interface Sample {
  name: string;
  opsPerSecond: number;
  nsPerOp: number;
}

// Best nanoseconds per op over `rounds` rounds, each running `batch` (which returns how many ops it
// did) until at least `minMs` has passed.
async function bestRound(rounds: number, minMs: number, batch: () => number | Promise<number>): Promise<number> {
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    let ops = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < BigInt(minMs) * 1_000_000n) {
      ops += await batch();
      elapsed = process.hrtime.bigint() - start;
    }
    best = Math.min(best, Number(elapsed) / ops);
  }
  return best;
}

const sample = (name: string, nsPerOp: number): Sample => ({ name, nsPerOp, opsPerSecond: 1e9 / nsPerOp });

/** Runs `fn` in rounds until `minMs` has passed, after a warm-up, and reports the best round. */
export async function measure(name: string, fn: () => void, { rounds = 7, minMs = 200 } = {}): Promise<Sample> {
  for (let i = 0; i < 1000; i++) fn();
  // Synchronous ops go in batches of 100, so the clock and the await cost little per op.
  return sample(name, await bestRound(rounds, minMs, () => {
    for (let i = 0; i < 100; i++) fn();
    return 100;
  }));
}

export function report(samples: Sample[], baseline: Sample): void {
  for (const s of samples) {
    const ratio = s.nsPerOp / baseline.nsPerOp;
    console.log(
      `${s.name.padEnd(44)} ${s.nsPerOp.toFixed(0).padStart(8)} ns/op  ` +
        `${Math.round(s.opsPerSecond).toString().padStart(10)} op/s  ratio ${ratio.toFixed(2)}`,
    );
  }
}

/** The async form of measure(): best of several rounds of at least `minMs` each. */
export async function measureAsync(
  name: string,
  fn: () => Promise<void>,
  { rounds = 5, minMs = 300, warmup = 50 } = {},
): Promise<Sample> {
  for (let i = 0; i < warmup; i++) await fn();
  return sample(name, await bestRound(rounds, minMs, async () => {
    await fn();
    return 1;
  }));
}
