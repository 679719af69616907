// Envelopes the harness writes itself when there is no usable model answer: a timeout, a
// recursion or unsafe-workspace refusal, a flood of output, an invalid answer, a crash, a failed spawn, a
// cancellation, or an envelope that failed its own schema. Each one names its cause and validates.
// Pure: this file says what to record (a transcript record, an incident draft) and builds the
// envelope from what was recorded; the bridge writes both (src/bridge/record-envelope.ts).
import type { EnvelopeStatus, PublicEnvelope } from '../generated/harness-envelope.js';
import type { IncidentInput } from '../state/incident.js';
import { EnvelopeError } from './errors.js';
import { safeMeta, type EnvelopeMeta, type Fault, type RunMeta } from './meta.js';
import { partialOutput as cutPartialOutput } from './partial-output.js';
import { describeError, joinProblems } from './problems.js';
import { validateHarnessSchema } from './schemas.js';
import { clampChars } from '../text-cut.js';

export interface HarnessEnvelopeInput {
  fault: Fault;
  /** The concrete cause, e.g. `exceeded the 120 s budget; killed the process tree`. */
  cause: string;
  meta: RunMeta;
  /**
   * Text of the last complete `item.completed` agent message of a Codex child, for
   * `output-limit` only; ignored for other faults and other runners.
   */
  partialOutput?: string | null;
  /** Validation problems behind an invalid-output or invalid-envelope fault. */
  problems?: string[];
}

/** The status each fault produces. */
export function statusForFault(fault: Fault): EnvelopeStatus {
  if (fault === 'timeout') return 'timeout';
  if (fault === 'recursion' || fault === 'unsafe-workspace') return 'refused';
  return 'blocked';
}

const NO_ANSWER = 'No answer was produced.';

function verdictFor(fault: Fault, meta: EnvelopeMeta, runner: string, budget: number | null | undefined): string {
  const child = `the ${runner} child`;
  switch (fault) {
    case 'timeout':
      return (
        `Timed out: ${child} did not answer within ${budget != null ? `its ${budget} s budget` : 'its time budget'} ` +
        `and was stopped. ${NO_ANSWER}`
      );
    case 'recursion':
      return (
        `Refused: this call is at bridge depth ${meta.depth}, which reaches the depth limit; ` +
        'a peer may not start another peer here.'
      );
    case 'unsafe-workspace':
      return (
        'Refused: a write-capable call is not run in the home directory or the filesystem root. ' +
        'Start the bridge in a project folder.'
      );
    case 'output-limit':
      return `Blocked: ${child} wrote more output than the limit allows and was stopped. Its answer is unusable.`;
    case 'invalid-output':
      return `Blocked: ${child} finished, but its answer does not match the envelope schema, so it was not used.`;
    case 'child-exit':
      return `Blocked: ${child} exited before giving an answer.`;
    case 'spawn':
      return `Blocked: ${child} could not be started.`;
    case 'model-unreachable':
      return (
        `Blocked: ${child} could not reach its model (repeated connection errors, no model output) ` +
        `and was stopped. ${NO_ANSWER}`
      );
    case 'cancelled':
      return `Cancelled by the caller: ${child} was stopped before it answered.`;
    case 'invalid-envelope':
      return (
        'Blocked: peer-bridge built an envelope that fails its own schema (a peer-bridge bug); ' +
        'the answer was withheld. See the incident.'
      );
    case 'state-unusable':
      return (
        'Blocked: peer-bridge cannot use its run state in this workspace (.peer-bridge/ was changed); ' +
        'see blockers for the path and the fix.'
      );
  }
}

function blockerFor(fault: Fault, cause: string): string {
  const text = cause.trim() === '' ? fault : cause.trim();
  // The refusal names its cause code so callers can match on it.
  const withCode = fault === 'recursion' && !text.includes('recursion-depth') ? `recursion-depth: ${text}` : text;
  return clampChars(withCode, 500);
}

function partialFor(input: HarnessEnvelopeInput) {
  return input.fault === 'output-limit' && input.meta.runner === 'codex'
    ? cutPartialOutput(input.partialOutput)
    : undefined;
}

/** The record the run's transcript gets before it is closed. */
export function harnessFaultRecord(input: HarnessEnvelopeInput): object {
  return { type: 'harness.fault', fault: input.fault, cause: input.cause, problems: input.problems ?? [] };
}

/**
 * The incident to write once the transcript is closed (its path, or null when it could not be
 * written); null when there is nowhere safe to write one (unusable state: the cause says it all).
 */
export function harnessIncidentDraft(input: HarnessEnvelopeInput, transcriptPath: string | null): IncidentInput | null {
  const { fault, meta } = input;
  if (fault === 'state-unusable') return null;
  const { meta: safe, replaced } = safeMeta(meta);
  const partial = partialFor(input);
  return {
    ...meta.incident,
    workspace: meta.transcript.workspace,
    run_id: meta.transcript.runId,
    fault,
    reason: input.cause,
    verb: safe.verb,
    runner: meta.runner,
    direction: safe.direction,
    depth: safe.depth,
    model: safe.model,
    effort: safe.effort,
    duration_seconds: safe.duration_seconds,
    transcript_path: transcriptPath,
    problems: [...(input.problems ?? []), ...replaced],
    ...(partial ? { partial_output: partial } : {}),
  };
}

/** What recording a harness-built envelope gave: the paths written, and what could not be written. */
export interface HarnessRecorded {
  transcriptPath: string | null;
  incident: string | null;
  /** One sentence per record that could not be written; they become blockers. */
  failures: string[];
}

/**
 * Builds and validates the envelope for a run without a usable model answer: status `timeout`
 * (timeout), `refused` (recursion, unsafe workspace), `blocked` (everything else); the verdict
 * and empty lists written by the harness, the cause and any failed write in `blockers`.
 */
export function buildHarnessEnvelope(input: HarnessEnvelopeInput, recorded: HarnessRecorded): PublicEnvelope {
  const { fault, meta } = input;
  const transcript = meta.transcript;
  const { meta: safe } = safeMeta(meta);
  const partial = partialFor(input);
  const envelope: PublicEnvelope = {
    status: statusForFault(fault),
    verdict: clampChars(verdictFor(fault, safe, meta.runner, meta.incident?.budget_seconds), 500),
    findings: [],
    files_touched: [],
    remaining: [],
    blockers: [blockerFor(fault, input.cause), ...recorded.failures.map((failure) => clampChars(failure, 500))],
    ...safe,
    run_id: transcript.runId,
    incident: recorded.incident,
    transcript_path: recorded.transcriptPath ?? transcript.plannedPath,
    ...(partial ? { partial_output: partial } : {}),
  };
  if (!validateHarnessSchema(envelope)) {
    const problems = (validateHarnessSchema.errors ?? []).map((e) => describeError(e, envelope));
    throw new EnvelopeError('ENVELOPE_INTERNAL', `harness-built envelope fails its schema: ${joinProblems(problems)}`);
  }
  return envelope;
}
