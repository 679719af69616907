// The execute phase: the child runs under the harness's clock, its events go to the transcript
// and its progress to the caller. What builds the envelope loads meanwhile.
import { runChild, type ChildOutcome } from '../run-child.js';
import { envelopeBuilders } from './envelope-builders.js';
import type { StartedCall } from './types.js';

const MAX_LINE_BYTES = 4 * 1024 * 1024;

export async function executeCall(call: StartedCall): Promise<ChildOutcome> {
  const { settings, meta, effort } = call;
  const { options, maxOutputBytes } = settings;
  return runChild({
    runner: call.runner,
    request: {
      verb: settings.verb,
      prompt: call.prompt,
      workspace: settings.workspace,
      ...(options.model ? { model: options.model } : {}),
      ...(effort.applied ? { effort: effort.applied } : {}),
      depth: settings.depth.childDepth,
      ...(call.workbench ? { workbench: call.workbench } : {}),
      limits: { maxOutputBytes, maxLineBytes: Math.min(MAX_LINE_BYTES, maxOutputBytes) },
    },
    runId: settings.runId,
    budgetSeconds: settings.budget.seconds,
    cutoffMs: settings.budget.cutoffMs,
    heartbeatMs: settings.heartbeatMs,
    unreachableMs: settings.unreachableMs,
    signal: options.signal,
    record: (event) => {
      meta.transcript.write(event);
      // A failed load is reported where the builders are awaited, after the child.
      envelopeBuilders().catch(() => undefined);
    },
    onProgress: call.peerProgress,
  });
}
