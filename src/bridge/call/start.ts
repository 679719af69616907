// The start phase: the runner loads, the effort is decided with its levels, and the ledger start is
// on disk (with the workspace's start snapshot) before the child is spawned. A runner that cannot
// load is a spawn envelope; a ledger that cannot take the start is a state-unusable one.
import type { RunMeta } from '../../envelope/index.js';
import { loadRunner } from '../../runners/load.js';
import type { Runner } from '../../runners/types.js';
import { stateFailureCause } from '../../state/health.js';
import { RunIdTaken } from '../../state/ledger.js';
import { takeSnapshot } from '../../state/workspace-snapshot.js';
import { direction as directionOf } from '../direction.js';
import { decideEffort } from '../effort.js';
import { buildPrompt } from '../prompt.js';
import { taskPreview } from '../task-preview.js';
import { recordStart } from '../workspace-watch.js';
import { runIdTaken } from './input.js';
import { neverStarted, stateRefusal } from './never-started.js';
import { settled } from './settled.js';
import type { AdmittedCall, PhaseResult, StartedCall } from './types.js';

export async function startCall(call: AdmittedCall): Promise<PhaseResult<StartedCall>> {
  const { settings, ledger, meta } = call;
  const { options, workspace, spec } = settings;
  // From here on the call starts unless its runner cannot load. Before the runner is awaited,
  // what the workspace holds is snapshotted (read-only; it skips the state folder, which the ledger
  // writes meanwhile) and this process registers as an owner (the liveness lock its start record
  // names; a call whose runner then fails to load only leaves this process registered, as a
  // server is anyway and `peer-bridge run` retires at exit).
  const snapshotting = takeSnapshot(workspace);
  ledger.owner().catch(() => undefined); // a failure shows in ledger.start, which tries again
  const loaded = await (call.loadingBuiltIn ?? settled(loadRunner(spec, settings.loadOptions)));
  if ('error' in loaded) {
    await snapshotting; // no git child outlives the call
    const error = loaded.error as { message?: string; code?: string };
    const cause = `spawn: runner ${JSON.stringify(spec)} could not be loaded: ${error.message}`;
    return { answer: await neverStarted(call, { fault: 'spawn', code: error.code ?? 'runner_unavailable', cause }) };
  }
  const runner = loaded.value;
  meta.runner = runner.id;
  meta.direction = directionOf(settings.caller, runner.id);
  // Only a runner whose manifest says it hands the workbench to its CLI gets it; another's peer is not told of it.
  const workbench = settings.offered && runner.workbench ? settings.offered : null;
  const prompt = buildPrompt(settings.verb, settings.task, settings.budget.seconds, workbench !== null);

  const wantsRunnerLevels = options.effort !== undefined && options.supported_efforts === undefined;
  const runnerLevels = wantsRunnerLevels ? await runner.supportedEfforts(options.model).catch(() => null) : null;
  const effort = decideEffort(options.effort, options.supported_efforts, runnerLevels);
  meta.effort = effort.applied ?? null;
  meta.effort_substituted = effort.substituted;

  const refused = await startInLedger(call, runner, meta);
  if (refused !== null) return { answer: await stateRefusal(meta, refused) };
  const before = await recordStart(workspace, settings.runId, await snapshotting, meta.transcript);
  return { call: { ...call, runner, prompt, workbench, effort, before } };
}

// The ledger's start record, checked again under the ledger lock (a concurrent call may have taken
// the same run_id since). Resolves to null, or to why the state cannot take it.
function startInLedger(call: AdmittedCall, runner: Runner, meta: RunMeta): Promise<string | null> {
  const { settings } = call;
  return call.ledger
    .start(
      {
        run_id: settings.runId,
        verb: settings.verb,
        runner: runner.id,
        direction: meta.direction,
        budget_seconds: settings.budget.seconds,
        depth: settings.depth.depth,
        task_preview: taskPreview(settings.task),
        ...(call.waited ? { queued_seconds: call.waited.queued_seconds } : {}),
      },
      { fresh: settings.options.run_id !== undefined },
    )
    .then(
      () => null,
      async (error: unknown) => {
        // The call does not start: nothing of it may stay behind, not even its partial transcript.
        await meta.transcript.discard();
        if (error instanceof RunIdTaken) throw runIdTaken(settings.runId);
        const cause = await stateFailureCause(settings.workspace, error);
        if (!cause) throw error;
        return cause;
      },
    );
}
