// The finish phase: what the child did goes into the call's metadata and incident (with what it
// changed in the workspace), the envelope is built, the ledger settles the call, and a retention
// pass is scheduled. A harness failure anywhere here still settles the call with an envelope.
import type { PublicEnvelope } from '../../envelope/index.js';
import { scheduleRetention } from '../../state/retention.js';
import { removeStartSnapshot } from '../../state/start-snapshot.js';
import { mergeSubstitution } from '../effort.js';
import type { ChildOutcome } from '../run-child.js';
import { recordChange } from '../workspace-watch.js';
import { envelopeBuilders, harnessEnvelope } from './envelope-builders.js';
import type { Settled } from './settled.js';
import type { StartedCall } from './types.js';

export async function finishCall(call: StartedCall, run: Settled<ChildOutcome>): Promise<PublicEnvelope> {
  const { settings, meta } = call;
  let envelope: PublicEnvelope;
  try {
    if ('error' in run) throw run.error;
    envelope = await envelopeFor(call, run.value);
  } catch (error) {
    // A harness bug must still settle the call and give the caller an envelope.
    envelope = await harnessEnvelope({
      fault: 'invalid-envelope',
      cause: `peer-bridge failed while finishing the call: ${(error as Error).message}`,
      meta,
    });
  }
  await settleInLedger(call, envelope);
  await removeStartSnapshot(settings.workspace, settings.runId);
  // Older transcripts and incidents past the limits go now, in the background: the caller has
  // what it needs, and the pass never touches a call still open.
  scheduleRetention(settings.workspace, settings.retention);
  return envelope;
}

// The child's outcome as the call's metadata, incident and envelope.
async function envelopeFor(call: StartedCall, outcome: ChildOutcome): Promise<PublicEnvelope> {
  const { settings, meta } = call;
  const { budget, maxOutputBytes } = settings;
  const result = outcome.result;
  meta.model = result?.model ?? outcome.model ?? null; // as the runner reported it, never the request
  meta.session_id = result?.sessionId ?? outcome.sessionId;
  if (result?.effortApplied) meta.effort = result.effortApplied;
  meta.effort_substituted = mergeSubstitution(call.effort.substituted, result?.effortSubstitution);
  meta.cost = outcome.usage?.cost_usd ?? null;
  meta.tokens = outcome.usage?.tokens ?? {};
  meta.duration_seconds = Math.round(outcome.durationMs) / 1000;
  const change = await recordChange(settings.workspace, call.before, outcome.final?.answer, meta.transcript);
  meta.incident = {
    ...meta.incident,
    exit_code: result?.exitCode ?? null,
    signal: result?.signal ?? null,
    stderr_tail: result?.stderrTail ?? outcome.failure?.stack ?? null,
    output_limit_bytes: result?.outputLimitHit ? maxOutputBytes : null,
    workspace_change: change,
  };
  const { envelopeForOutcome } = await envelopeBuilders();
  return envelopeForOutcome(outcome, meta, {
    budgetSeconds: budget.seconds,
    cutoffMs: budget.cutoffMs,
    maxOutputBytes,
  });
}

// The caller gets its envelope even if the settlement cannot be written; the next server start
// then settles the call as unknown.
async function settleInLedger(call: StartedCall, envelope: PublicEnvelope): Promise<void> {
  const runId = call.settings.runId;
  await call.ledger
    .settle({
      run_id: runId,
      status: envelope.status,
      incident: envelope.incident,
      duration_seconds: envelope.duration_seconds,
      // What the run history (`peer-bridge runs --html`) totals without opening every transcript.
      model: envelope.model,
      effort: envelope.effort,
      effort_substituted: envelope.effort_substituted,
      cost: envelope.cost,
      tokens: envelope.tokens,
    })
    .catch((error: unknown) =>
      process.emitWarning(`peer-bridge: could not settle run ${runId} in the ledger: ${String(error)}`),
    );
}
