// Time budgets: per-verb defaults, the MCP maxima, and the hard cutoff past which the child is killed.
import type { Verb } from '../vocabulary.js';
import { BridgeError } from './errors.js';

/** Default budget in seconds when the caller names none. */
export const DEFAULT_BUDGET_SECONDS: Readonly<Record<Verb, number>> = { implement: 600, advise: 120, review: 300 };

/** The largest budget an MCP caller may ask for. */
export const MCP_MAX_BUDGET_SECONDS: Readonly<Record<Verb, number>> = { implement: 700, advise: 350, review: 350 };

/** The child is told its budget; it is killed only at this multiple of it. */
export const HARD_CUTOFF_FACTOR = 1.2;

// The longest a Node timer waits (2^31 - 1 ms); a longer delay fires after 1 ms instead.
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The longest budget any surface accepts: its hard cutoff must fit in one timer (about 20 days). */
export const MAX_BUDGET_SECONDS = Math.floor(MAX_TIMER_MS / 1000 / HARD_CUTOFF_FACTOR);

export interface Budget {
  /** What the child is told. */
  seconds: number;
  /** When the harness kills the tree (1.2 × budget). */
  cutoffMs: number;
}

/**
 * Resolves the budget of one call. `maxSeconds` is the surface's ceiling (the MCP maxima);
 * a request above it is bad input, never silently shortened.
 */
export function resolveBudget(verb: Verb, requested: number | undefined, maxSeconds?: number): Budget {
  const seconds = requested ?? DEFAULT_BUDGET_SECONDS[verb];
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new BridgeError(
      'invalid_arguments',
      `timeout_seconds must be a positive number of seconds, got ${String(requested)}`,
      {
        field: 'timeout_seconds',
      },
    );
  }
  const ceiling = Math.min(maxSeconds ?? MAX_BUDGET_SECONDS, MAX_BUDGET_SECONDS);
  if (seconds > ceiling) {
    throw new BridgeError('invalid_arguments', `timeout_seconds for ${verb} is at most ${ceiling}, got ${seconds}`, {
      field: 'timeout_seconds',
    });
  }
  return { seconds, cutoffMs: Math.round(seconds * HARD_CUTOFF_FACTOR * 1000) };
}
