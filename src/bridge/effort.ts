// Effort normalisation: aliases, the caller's supported_efforts, and what the runner knows of the
// model. Every change from what was asked is recorded, never applied silently.
import { closestSupported, EFFORTS, isEffort, type Effort } from '../vocabulary.js';
import { BridgeError } from './errors.js';

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
  if (isEffort(value)) return value;
  throw new BridgeError(
    'invalid_arguments',
    `${field} must be one of ${[...EFFORTS, ...Object.keys(ALIASES)].join(', ')}; got ${JSON.stringify(value)}`,
    { field },
  );
}

// The caller's supported_efforts come from plain JavaScript too, where the schema's minItems did not apply.
function closestOf(wanted: Effort, supported: readonly Effort[]): Effort {
  const pick = closestSupported(wanted, supported);
  if (pick === null) {
    throw new BridgeError('invalid_arguments', 'supported_efforts must not be empty', { field: 'supported_efforts' });
  }
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
    throw new BridgeError(
      'invalid_arguments',
      `supported_efforts must be a list of levels, got ${JSON.stringify(callerSupported)}`,
      { field: 'supported_efforts' },
    );
  }
  const supported = (callerSupported as readonly string[] | undefined)?.map((level) =>
    normaliseEffort(level, 'supported_efforts'),
  );
  if (requested === undefined) return { applied: undefined, substituted: null };
  const wanted = normaliseEffort(requested);
  const reasons: string[] = [];
  if (wanted !== requested) reasons.push(`"${requested}" means ${wanted}`);
  let applied = wanted;
  if (supported !== undefined) {
    applied = closestOf(wanted, supported);
    if (applied !== wanted)
      reasons.push(`the caller's supported_efforts (${supported.join(', ')}) do not include ${wanted}`);
  } else if (runnerSupported !== null && runnerSupported.length > 0) {
    applied = closestOf(wanted, runnerSupported);
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
  return {
    requested: ours.requested,
    applied: runners.applied,
    reason: `${ours.reason}; then ${runners.reason}`.slice(0, 500),
  };
}
