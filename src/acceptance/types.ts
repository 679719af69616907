// The shapes of an acceptance run: sequences produce rows; a row is a pass, a fail or a fact this
// machine cannot show (never counted as a pass).

export type RowResult = 'pass' | 'fail' | 'not-verifiable-here';

export interface AcceptanceRow {
  /** Stable id, e.g. `cycle-chinese-path`; `--only` takes these. */
  id: string;
  /** What the sequence does, in one line. */
  sequence: string;
  result: RowResult;
  /** What was observed: values, codes, commands; enough to judge the row without re-running it. */
  evidence: string;
  duration_ms: number;
}

export interface AcceptanceReport {
  version: string;
  platform: string;
  /** `native`, or `wine` when Windows code runs under Wine (some facts are then not verifiable). */
  host: 'native' | 'wine';
  node: string;
  workspace: string;
  started_at: string;
  rows: AcceptanceRow[];
  summary: Record<RowResult, number>;
}

/** What a sequence gets: its own empty folder, and facts about the machine. */
export interface SequenceContext {
  /** An empty directory inside the acceptance workspace, this sequence's own. */
  dir: string;
  host: Host;
}

export interface Host {
  platform: NodeJS.Platform;
  /** Windows code running under Wine: no NTFS, no ACLs, no FileRenameInfoEx. */
  wine: boolean;
}

/** A sequence's verdict; a thrown Error is a `fail` with its message as evidence. */
export interface Outcome {
  result: RowResult;
  evidence: string;
}

export interface Sequence {
  id: string;
  sequence: string;
  run(ctx: SequenceContext): Promise<Outcome>;
}

/** A failed expectation inside a sequence. */
export class AcceptanceFailure extends Error {
  override name = 'AcceptanceFailure';
}

/** Throws an AcceptanceFailure saying what was expected and what was seen. */
export function expectEqual(actual: unknown, expected: unknown, what: string): void {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new AcceptanceFailure(`${what}: expected ${e}, got ${a}`);
}

export function pass(evidence: string): Outcome {
  return { result: 'pass', evidence };
}

export function notVerifiable(reason: string): Outcome {
  return { result: 'not-verifiable-here', evidence: reason };
}
