// The words every layer shares: the verbs, the effort levels and their order, the state folder's
// name and what a run id may look like. Types come from the schemas' generated types; the lists
// and the pattern repeat the schemas' enums and pattern, which test/vocabulary.test.ts keeps equal.
// Runners, the bridge, the envelope, the state and the CLI all import them from here.
import type { Effort, PublicEnvelope } from './generated/harness-envelope.js';

/** What the caller asked for. `implement` may write; `advise` and `review` are read-only. */
export type Verb = PublicEnvelope['verb'];

/** Reasoning effort levels (see EFFORTS for their order). */
export type { Effort };

/** Every verb, in the order the tools are listed. */
export const VERBS = ['implement', 'advise', 'review'] as const satisfies readonly Verb[];

/** All effort levels, lowest first. */
export const EFFORTS = ['minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const satisfies readonly Effort[];

// A level added to the schemas but not to a list above fails the type check here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsAreComplete: [Same<(typeof VERBS)[number], Verb>, Same<(typeof EFFORTS)[number], Effort>] = [true, true];
void listsAreComplete;

export function isVerb(value: unknown): value is Verb {
  return (VERBS as readonly unknown[]).includes(value);
}

export function isEffort(value: unknown): value is Effort {
  return (EFFORTS as readonly unknown[]).includes(value);
}

const rank = (effort: Effort): number => EFFORTS.indexOf(effort);

/**
 * The highest level in `supported` at or below `wanted`, else the lowest supported level; null
 * when `supported` is empty. How a level the model does not accept is substituted everywhere.
 */
export function closestSupported(wanted: Effort, supported: readonly Effort[]): Effort | null {
  const sorted = [...new Set(supported)].sort((a, b) => rank(a) - rank(b));
  return sorted.filter((level) => rank(level) <= rank(wanted)).at(-1) ?? sorted[0] ?? null;
}

/** The next level down from `effort` within `supported` (all levels when unknown), or null. */
export function oneLevelLower(effort: Effort, supported: readonly Effort[] | null): Effort | null {
  const pool = supported ?? EFFORTS;
  return (
    pool
      .filter((level) => rank(level) < rank(effort))
      .sort((a, b) => rank(a) - rank(b))
      .at(-1) ?? null
  );
}

/** The bridge's run-state folder at the workspace root (ledger, transcripts, incidents, owners). */
export const STATE_DIR = '.peer-bridge';

/** Same pattern as `run_id` in the schemas: safe as a file name on every platform. */
export const runIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** What a valid run id looks like, for error messages. */
export const runIdRule = 'use 1-128 letters, digits, ".", "_" or "-", starting with a letter or digit';

export function isRunId(runId: unknown): runId is string {
  return typeof runId === 'string' && runIdPattern.test(runId);
}

/** Why the harness, not the model, wrote an envelope. `invalid-envelope` is a peer-bridge bug. */
export type Fault =
  | 'timeout'
  | 'recursion'
  | 'unsafe-workspace'
  | 'output-limit'
  | 'invalid-output'
  | 'child-exit'
  | 'spawn'
  | 'cancelled'
  | 'model-unreachable'
  | 'invalid-envelope'
  /** The workspace's run state (`.peer-bridge/`) was tampered with; nothing was started. */
  | 'state-unusable';
