// Totals and series of the selected calls, computed once in Node so the page only draws them.
import type { ReportRun } from './collect.js';

export type Outcome = 'ok' | 'failed' | 'unknown';

export interface Totals {
  calls: number;
  by_status: Record<string, number>;
  ok: number;
  failed: number;
  /** Recovered `unknown` calls and calls still interrupted. */
  unknown: number;
  cost_usd: number;
  /** Calls whose cost was not known (counted as 0 in cost_usd). */
  cost_unknown: number;
  tokens: number;
  duration_seconds: number;
}

export interface Bucket {
  key: string;
  calls: Record<Outcome, number>;
  cost_usd: number;
  tokens: number;
}

export function outcomeOf(status: string): Outcome {
  if (status === 'complete' || status === 'partial' || status === 'running') return 'ok';
  if (status === 'unknown' || status === 'interrupted') return 'unknown';
  return 'failed';
}

export function totalsOf(runs: readonly ReportRun[]): Totals {
  const totals: Totals = {
    calls: runs.length,
    by_status: {},
    ok: 0,
    failed: 0,
    unknown: 0,
    cost_usd: 0,
    cost_unknown: 0,
    tokens: 0,
    duration_seconds: 0,
  };
  for (const run of runs) {
    totals.by_status[run.status] = (totals.by_status[run.status] ?? 0) + 1;
    totals[outcomeOf(run.status)] += 1;
    if (run.cost === null) totals.cost_unknown += 1;
    else totals.cost_usd += run.cost;
    totals.tokens += run.tokens_total;
    totals.duration_seconds += run.duration_seconds ?? 0;
  }
  return totals;
}

/** Calls, cost and tokens per key (a day, a model), in key order or by cost. O(n). */
export function bucketsBy(runs: readonly ReportRun[], keyOf: (run: ReportRun) => string): Bucket[] {
  const buckets = new Map<string, Bucket>();
  for (const run of runs) {
    const key = keyOf(run);
    let bucket = buckets.get(key);
    if (!bucket) buckets.set(key, (bucket = { key, calls: { ok: 0, failed: 0, unknown: 0 }, cost_usd: 0, tokens: 0 }));
    bucket.calls[outcomeOf(run.status)] += 1;
    bucket.cost_usd += run.cost ?? 0;
    bucket.tokens += run.tokens_total;
  }
  return [...buckets.values()];
}

export const dayOf = (run: ReportRun): string => run.started_at.slice(0, 10);
export const modelOf = (run: ReportRun): string => run.model ?? '(model unknown)';
