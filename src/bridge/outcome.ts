// From what a child run produced to the public envelope: a valid answer is assembled, everything
// else becomes a harness-built envelope whose fault names what happened.
import { extractCoreAnswer, type PublicEnvelope, type RunMeta } from '../envelope/index.js';
import { assembleEnvelope, harnessEnvelope } from './record-envelope.js';
import type { ChildOutcome } from './run-child.js';

export interface OutcomeContext {
  budgetSeconds: number;
  cutoffMs: number;
  maxOutputBytes: number;
}

const UNREACHABLE_ADVICE =
  "Check the network, the proxy (HTTPS_PROXY, pass more with PEER_BRIDGE_PASS_ENV) and the provider's base URL; " +
  '`peer-bridge doctor --live` tries one call.';

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}

// A child stopped by the harness often said why it was stuck (no network, no credentials, a
// retry loop): the caller should see that next to "timeout", not only in the transcript.
function lastChildError(outcome: ChildOutcome): string {
  const said = outcome.errors.filter((error) => error.cause !== 'aborted').at(-1);
  return said ? `; the child's last error: ${said.message.replace(/\s+/g, ' ').trim().slice(0, 240)}` : '';
}

function unreachableCause({ errors, seconds, lastError }: NonNullable<ChildOutcome['unreachable']>): string {
  return (
    `model-unreachable: the peer failed to reach its model ${errors} times in ${seconds} s with no model ` +
    "output; the process tree was killed. The child's last error: " +
    `${lastError.replace(/\s+/g, ' ').trim().slice(0, 240)}. ${UNREACHABLE_ADVICE}`
  );
}

// A CLI that retries on its own and reports only when it gives up (OpenCode): one fatal error says it.
function gaveUpEnvelope(outcome: ChildOutcome, meta: RunMeta): Promise<PublicEnvelope> | null {
  const gaveUp = outcome.errors.find((error) => error.fatal && error.cause === 'model-unreachable');
  if (!gaveUp) return null;
  const lastError = gaveUp.message.replace(/\s+/g, ' ').trim().slice(0, 240);
  return harnessEnvelope({
    fault: 'model-unreachable',
    cause:
      'model-unreachable: the peer could not reach its model and gave up with no model output. ' +
      `The child's last error: ${lastError}. ${UNREACHABLE_ADVICE}`,
    meta,
  });
}

/** Builds the envelope of one finished child run. Never throws for child failures. */
export async function envelopeForOutcome(
  outcome: ChildOutcome,
  meta: RunMeta,
  ctx: OutcomeContext,
): Promise<PublicEnvelope> {
  const result = outcome.result;
  const seconds = Math.round(outcome.durationMs / 100) / 10;
  // Checked first: the harness stopped the child for it, so a later cutoff or cancel is not the cause.
  if (outcome.unreachable) {
    return harnessEnvelope({ fault: 'model-unreachable', cause: unreachableCause(outcome.unreachable), meta });
  }
  if (outcome.timedOut) {
    return harnessEnvelope({
      fault: 'timeout',
      cause:
        `timeout: no answer within the ${ctx.budgetSeconds} s budget; the process tree was killed at the hard ` +
        `cutoff (${ctx.cutoffMs / 1000} s)${lastChildError(outcome)}`,
      meta,
    });
  }
  if (outcome.cancelled) {
    return harnessEnvelope({
      fault: 'cancelled',
      cause:
        `cancelled: the caller cancelled the call after ${seconds} s; the process tree was killed` +
        lastChildError(outcome),
      meta,
    });
  }
  if (result?.outputLimitHit) {
    return harnessEnvelope({
      fault: 'output-limit',
      cause: `output-limit: the child wrote more than ${ctx.maxOutputBytes} bytes of output and was stopped`,
      meta,
      partialOutput: result.lastAgentMessage,
    });
  }
  if (!result) {
    const message = outcome.failure?.message ?? 'the runner failed without a result';
    const started = outcome.sessionId !== null || outcome.final !== null;
    return harnessEnvelope({
      fault: started ? 'child-exit' : 'spawn',
      cause: `${started ? 'child-exit' : 'spawn'}: ${message}`,
      meta,
    });
  }
  if (outcome.final) {
    const { answer, text } = outcome.final;
    if (answer !== null && answer !== undefined) return assembleEnvelope(answer, meta);
    if (text) {
      const extracted = extractCoreAnswer(text);
      if (extracted.ok) return assembleEnvelope(extracted.core, meta);
      return harnessEnvelope({
        fault: 'invalid-output',
        cause: `invalid-output: the final answer is not a valid envelope core: ${extracted.reason}`,
        meta,
        problems: extracted.problems,
      });
    }
  }
  const spawnError = outcome.errors.find((error) => error.cause === 'spawn');
  if (spawnError) return harnessEnvelope({ fault: 'spawn', cause: `spawn: ${spawnError.message}`, meta });
  const gaveUp = gaveUpEnvelope(outcome, meta);
  if (gaveUp) return gaveUp;
  const fatal = outcome.errors.filter((error) => error.fatal).map((error) => error.message);
  const exit = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
  const detail = fatal.length > 0 ? fatal.join('; ') : lastLine(result.stderrTail);
  return harnessEnvelope({
    fault: 'child-exit',
    cause: `child-exit: the child ${exit} without an answer${detail ? `: ${detail}` : ''}`,
    meta,
  });
}
