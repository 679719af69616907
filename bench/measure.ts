// Small shared helpers for benchmarks: a timed loop and a ratio against a baseline in the same run.

export interface Sample {
  name: string;
  opsPerSecond: number;
  nsPerOp: number;
}

/** Runs `fn` in rounds until `minMs` has passed, after a warm-up, and reports the best round. */
export function measure(name: string, fn: () => void, { rounds = 7, minMs = 200 } = {}): Sample {
  for (let i = 0; i < 1000; i++) fn();
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    let ops = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < BigInt(minMs) * 1_000_000n) {
      for (let i = 0; i < 100; i++) fn();
      ops += 100;
      elapsed = process.hrtime.bigint() - start;
    }
    best = Math.min(best, Number(elapsed) / ops);
  }
  return { name, nsPerOp: best, opsPerSecond: 1e9 / best };
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
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    let ops = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < BigInt(minMs) * 1_000_000n) {
      await fn();
      ops++;
      elapsed = process.hrtime.bigint() - start;
    }
    best = Math.min(best, Number(elapsed) / ops);
  }
  return { name, nsPerOp: best, opsPerSecond: 1e9 / best };
}
