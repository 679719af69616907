// Envelopes the harness writes itself when there is no usable model answer: a timeout, a
// recursion or unsafe-workspace refusal, a flood of output, an invalid answer, a crash, a failed spawn, a
// cancellation, or an envelope that failed its own schema. Each one names its cause, has an
// incident file, and validates.
import type { EnvelopeStatus, PublicEnvelope } from '../generated/harness-envelope.js';
import { EnvelopeError } from './errors.js';
import { writeIncident } from '../state/incident.js';
import { safeMeta, type EnvelopeMeta, type Fault, type RunMeta } from './meta.js';
import { partialOutput as cutPartialOutput } from './partial-output.js';
import { describeError, joinProblems } from './problems.js';
import { validateHarnessSchema } from './schemas.js';
import { clampChars } from './text-cut.js';

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

function verdictFor(fault: Fault, meta: EnvelopeMeta, runner: string, budget: number | null | undefined): string {
  const child = `the ${runner} child`;
  switch (fault) {
    case 'timeout':
      return `Timed out: ${child} did not answer within ${budget != null ? `its ${budget} s budget` : 'its time budget'} and was stopped. No answer was produced.`;
    case 'recursion':
      return `Refused: this call is at bridge depth ${meta.depth}, which reaches the depth limit; a peer may not start another peer here.`;
    case 'unsafe-workspace':
      return 'Refused: a write-capable call is not run in the home directory or the filesystem root. Start the bridge in a project folder.';
    case 'output-limit':
      return `Blocked: ${child} wrote more output than the limit allows and was stopped. Its answer is unusable.`;
    case 'invalid-output':
      return `Blocked: ${child} finished, but its answer does not match the envelope schema, so it was not used.`;
    case 'child-exit':
      return `Blocked: ${child} exited before giving an answer.`;
    case 'spawn':
      return `Blocked: ${child} could not be started.`;
    case 'model-unreachable':
      return `Blocked: ${child} could not reach its model (repeated connection errors, no model output) and was stopped. No answer was produced.`;
    case 'cancelled':
      return `Cancelled by the caller: ${child} was stopped before it answered.`;
    case 'invalid-envelope':
      return 'Blocked: peer-bridge built an envelope that fails its own schema (a peer-bridge bug); the answer was withheld. See the incident.';
    case 'state-unusable':
      return 'Blocked: peer-bridge cannot use its run state in this workspace (.peer-bridge/ was changed); see blockers for the path and the fix.';
  }
}

function blockerFor(fault: Fault, cause: string): string {
  const text = cause.trim() === '' ? fault : cause.trim();
  // The refusal names its cause code so callers can match on it.
  const withCode = fault === 'recursion' && !text.includes('recursion-depth') ? `recursion-depth: ${text}` : text;
  return clampChars(withCode, 500);
}

/**
 * Builds, records and validates the envelope for a run without a usable model answer: status
 * `timeout` (timeout), `refused` (recursion), `blocked` (everything else); the verdict and empty
 * lists written by the harness, the cause in `blockers`, an incident file, the transcript closed.
 * Never rejects for a write failure: the envelope then says in `blockers` what could not be written.
 */
export async function harnessEnvelope(input: HarnessEnvelopeInput): Promise<PublicEnvelope> {
  const { fault, meta } = input;
  const transcript = meta.transcript;
  const { meta: safe, replaced } = safeMeta(meta);
  const blockers = [blockerFor(fault, input.cause)];
  const partial =
    fault === 'output-limit' && meta.runner === 'codex' ? cutPartialOutput(input.partialOutput) : undefined;

  transcript.write({ type: 'harness.fault', fault, cause: input.cause, problems: input.problems ?? [] });
  let transcriptPath: string | null = null;
  try {
    transcriptPath = await transcript.close();
  } catch (error) {
    blockers.push(clampChars(`the transcript could not be written: ${(error as Error).message}`, 500));
  }

  let incident: string | null = null;
  // With unusable state there is nowhere safe to write an incident: the cause says it all.
  if (fault !== 'state-unusable')
    try {
      incident = await writeIncident({
        ...meta.incident,
        workspace: transcript.workspace,
        run_id: transcript.runId,
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
      });
    } catch (error) {
      blockers.push(clampChars(`the incident could not be written: ${(error as Error).message}`, 500));
    }

  const envelope: PublicEnvelope = {
    status: statusForFault(fault),
    verdict: clampChars(verdictFor(fault, safe, meta.runner, meta.incident?.budget_seconds), 500),
    findings: [],
    files_touched: [],
    remaining: [],
    blockers,
    ...safe,
    run_id: transcript.runId,
    incident,
    transcript_path: transcriptPath ?? transcript.plannedPath,
    ...(partial ? { partial_output: partial } : {}),
  };
  if (!validateHarnessSchema(envelope)) {
    const problems = (validateHarnessSchema.errors ?? []).map((e) => describeError(e, envelope));
    throw new EnvelopeError('ENVELOPE_INTERNAL', `harness-built envelope fails its schema: ${joinProblems(problems)}`);
  }
  return envelope;
}
