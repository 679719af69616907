// Calls that never start: an explicit envelope and a ledger result (the envelope goes out even
// when the result cannot be written); a call refused for unusable state records nothing at all.
import type { PublicEnvelope, RunMeta } from '../../envelope/index.js';
import type { Ledger } from '../../state/ledger.js';
import type { QueueTime } from '../admission.js';
import { taskPreview } from '../task-preview.js';
import { harnessEnvelope } from './envelope-builders.js';
import type { CallSettings } from './types.js';

export interface OpenCall {
  settings: CallSettings;
  ledger: Ledger;
  meta: RunMeta;
}

/** Answers the call with a harness envelope for `fault` and records it in the ledger as `code`. */
export async function neverStarted(
  call: OpenCall,
  never: { fault: Parameters<typeof harnessEnvelope>[0]['fault']; code: string; cause: string },
  waited?: QueueTime,
): Promise<PublicEnvelope> {
  const { settings, meta } = call;
  const envelope = await harnessEnvelope({ fault: never.fault, cause: never.cause, meta });
  await call.ledger
    .result({
      ...(waited ? { queued_seconds: waited.queued_seconds } : {}),
      run_id: settings.runId,
      tool: settings.verb,
      status: envelope.status,
      code: never.code,
      reason: never.cause.slice(0, 500),
      direction: envelope.direction,
      task_preview: taskPreview(settings.task),
      runner: meta.runner,
      incident: envelope.incident,
    })
    .catch((error: unknown) =>
      process.emitWarning(`peer-bridge: could not record run ${settings.runId} in the ledger: ${String(error)}`),
    );
  return envelope;
}

/** A peer broke `.peer-bridge/`: the call gets a state-unusable envelope and leaves no transcript. */
export async function stateRefusal(meta: RunMeta, cause: string): Promise<PublicEnvelope> {
  await meta.transcript.discard();
  return harnessEnvelope({ fault: 'state-unusable', cause, meta });
}
