// What the bridge tells the envelope module about a run, and how it becomes the metadata of a
// public envelope. Harness-built envelopes must validate whatever they are given, so `safeMeta`
// replaces anything out of contract and says what it replaced.
import type { Effort, EffortSubstitution, TokenCounters } from '../generated/harness-envelope.js';
import type { TranscriptWriter } from '../state/transcript.js';
import { isEffort, isVerb, type Fault, type Verb } from '../vocabulary.js';
import type { IncidentContext } from '../state/incident.js';
import { clampChars } from '../text-cut.js';

export type { Fault, IncidentContext, Verb };

/**
 * Everything the harness knows about a run. The workspace and run id come from `transcript`
 * (open it with `openTranscript({ workspace, runId })` when the call starts).
 */
export interface RunMeta {
  /** The run's transcript; assembly writes the answer's details to it and closes it. */
  transcript: TranscriptWriter;
  verb: Verb;
  /** Who handed work to whom, e.g. `claude-code->codex`. */
  direction: string;
  /** Runner id (`codex`, `claude`, or a plugin's manifest id); partial output is Codex-only. */
  runner: string;
  /** The bridge depth of this call. */
  depth: number;
  /** The model that actually ran, as the child reported it (null/absent: unknown). */
  model?: string | null;
  /** The effort that was applied (null/absent: none, e.g. no child ran). */
  effort?: Effort | null;
  effort_substituted?: EffortSubstitution | null;
  /** USD, null/absent when the child reported no cost (Codex never does). */
  cost?: number | null;
  tokens?: TokenCounters;
  duration_seconds?: number;
  /** Child thread or session id. */
  session_id?: string | null;
  /** Reminder for a repeated identical call. */
  reminder?: string;
  incident?: IncidentContext;
}

/** The metadata fields of a public envelope, ready to merge. */
export interface EnvelopeMeta {
  model: string | null;
  effort: Effort | null;
  effort_substituted: EffortSubstitution | null;
  cost: number | null;
  tokens: TokenCounters;
  duration_seconds: number;
  depth: number;
  session_id: string | null;
  verb: Verb;
  direction: string;
  reminder?: string;
}

const directionPattern = /^[^\s>]+->[^\s>]+$/;

/** The envelope metadata exactly as given (assembly validates it and reports a mismatch). */
export function envelopeMeta(meta: RunMeta): EnvelopeMeta {
  return {
    model: meta.model ?? null,
    effort: meta.effort ?? null,
    effort_substituted: meta.effort_substituted ?? null,
    cost: meta.cost ?? null,
    tokens: meta.tokens ?? {},
    duration_seconds: meta.duration_seconds ?? 0,
    depth: meta.depth,
    session_id: meta.session_id ?? null,
    verb: meta.verb,
    direction: meta.direction,
    ...(meta.reminder === undefined ? {} : { reminder: meta.reminder }),
  };
}

const isCount = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
const isAmount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** Envelope metadata that always validates, and a note for every value it had to replace. */
export function safeMeta(meta: RunMeta): { meta: EnvelopeMeta; replaced: string[] } {
  const given = envelopeMeta(meta);
  const replaced: string[] = [];
  const fix = <T>(field: string, ok: boolean, value: T, fallback: T): T => {
    if (ok) return value;
    replaced.push(`${field} ${JSON.stringify(value) ?? String(value)} was out of contract`);
    return fallback;
  };
  const text = (field: string, value: unknown, max: number): string | null => {
    if (value === null) return null;
    if (typeof value !== 'string') return fix(field, false, value, null) as null;
    const clamped = clampChars(value, max);
    if (clamped !== value) replaced.push(`${field} was longer than ${max} characters`);
    return clamped;
  };
  const sub = given.effort_substituted;
  const subOk =
    sub === null ||
    (typeof sub === 'object' &&
      typeof sub.requested === 'string' &&
      sub.requested.length <= 100 &&
      isEffort(sub.applied) &&
      typeof sub.reason === 'string' &&
      [...sub.reason].length <= 500 &&
      Object.keys(sub).length === 3);
  const tokens: TokenCounters = {};
  let tokensOk = given.tokens !== null && typeof given.tokens === 'object' && !Array.isArray(given.tokens);
  if (tokensOk) {
    for (const [key, value] of Object.entries(given.tokens)) {
      if (isCount(value)) tokens[key] = value;
      else tokensOk = false;
    }
  }
  if (!tokensOk) replaced.push('tokens had counters that are not non-negative integers');
  const out: EnvelopeMeta = {
    model: text('model', given.model, 200),
    effort: fix('effort', given.effort === null || isEffort(given.effort), given.effort, null),
    effort_substituted: fix('effort_substituted', subOk, sub, null),
    cost: fix('cost', given.cost === null || isAmount(given.cost), given.cost, null),
    tokens,
    duration_seconds: fix('duration_seconds', isAmount(given.duration_seconds), given.duration_seconds, 0),
    depth: fix('depth', isCount(given.depth), given.depth, 0),
    session_id: text('session_id', given.session_id, 200),
    // An unknown verb is a caller bug; the read-only verb is the least-privileged stand-in.
    verb: fix('verb', isVerb(given.verb), given.verb, 'advise'),
    direction: fix(
      'direction',
      typeof given.direction === 'string' && given.direction.length <= 100 && directionPattern.test(given.direction),
      given.direction,
      'unknown->unknown',
    ),
  };
  if (given.reminder !== undefined) {
    const reminder = text('reminder', given.reminder, 500);
    if (reminder !== null) out.reminder = reminder;
  }
  return { meta: out, replaced };
}
