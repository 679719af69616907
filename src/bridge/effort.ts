// Effort normalisation: aliases, the caller's supported_efforts, and what the runner knows of the
// model. Every change from what was asked is recorded, never applied silently.
import { EFFORTS, type Effort } from '../runners/types.js';
import { BridgeError } from './errors.js';

/** What a caller may write; `none` and `trivial` mean `minimal`. */
export type RequestedEffort = Effort | 'none' | 'trivial';

export interface EffortSubstitution {
  requested: string;
  applied: Effort;
  reason: string;
}

export interface EffortDecision {
  /** The level to hand the runner; undefined = the runner's default. */
  applied: Effort | undefined;
  substituted: EffortSubstitution | null;
}

const ALIASES: Readonly<Record<string, Effort>> = { none: 'minimal', trivial: 'minimal' };

/** Maps a requested level (or alias) to a level, or throws naming the bad value. */
export function normaliseEffort(value: string, field = 'effort'): Effort {
  const alias = ALIASES[value];
  if (alias) return alias;
  if ((EFFORTS as readonly string[]).includes(value)) return value as Effort;
  throw new BridgeError(
    'invalid_arguments',
    `${field} must be one of ${[...EFFORTS, ...Object.keys(ALIASES)].join(', ')}; got ${JSON.stringify(value)}`,
    { field },
  );
}

const rank = (effort: Effort): number => EFFORTS.indexOf(effort);

/** The highest supported level at or below `wanted`, else the lowest supported one. */
export function closestSupported(wanted: Effort, supported: readonly Effort[]): Effort {
  const sorted = [...new Set(supported)].sort((a, b) => rank(a) - rank(b));
  const atOrBelow = sorted.filter((level) => rank(level) <= rank(wanted));
  const pick = atOrBelow.at(-1) ?? sorted[0];
  if (pick === undefined) throw new BridgeError('invalid_arguments', 'supported_efforts must not be empty', { field: 'supported_efforts' });
  return pick;
}

/**
 * Decides the effort of one call. `callerSupported` (the caller's supported_efforts) wins over
 * `runnerSupported` (what the runner knows of the model); with neither, the request stands.
 */
export function decideEffort(
  requested: string | undefined,
  callerSupported: readonly string[] | undefined,
  runnerSupported: readonly Effort[] | null,
): EffortDecision {
  if (callerSupported !== undefined && !Array.isArray(callerSupported)) {
    throw new BridgeError('invalid_arguments', `supported_efforts must be a list of levels, got ${JSON.stringify(callerSupported)}`, { field: 'supported_efforts' });
  }
  const supported = callerSupported?.map((level) => normaliseEffort(level, 'supported_efforts'));
  if (requested === undefined) return { applied: undefined, substituted: null };
  const wanted = normaliseEffort(requested);
  const reasons: string[] = [];
  if (wanted !== requested) reasons.push(`"${requested}" means ${wanted}`);
  let applied = wanted;
  if (supported !== undefined) {
    applied = closestSupported(wanted, supported);
    if (applied !== wanted) reasons.push(`the caller's supported_efforts (${supported.join(', ')}) do not include ${wanted}`);
  } else if (runnerSupported !== null && runnerSupported.length > 0) {
    applied = closestSupported(wanted, runnerSupported);
    if (applied !== wanted) reasons.push(`the model accepts ${runnerSupported.join(', ')}, not ${wanted}`);
  }
  if (reasons.length === 0) return { applied, substituted: null };
  return { applied, substituted: { requested, applied, reason: `${reasons.join('; ')}: applied ${applied}` } };
}

/** Folds a substitution the runner made at run time (e.g. a retry one level lower) into ours. */
export function mergeSubstitution(
  ours: EffortSubstitution | null,
  runners: { requested: Effort; applied: Effort; reason: string } | null | undefined,
): EffortSubstitution | null {
  if (!runners || runners.applied === runners.requested) return ours;
  if (!ours) return { ...runners };
  return { requested: ours.requested, applied: runners.applied, reason: `${ours.reason}; then ${runners.reason}`.slice(0, 500) };
}
