// The call's transcript and what its envelopes will say of it, opened with the `bridge.call`
// record once the state is known to be usable or not (the direction and runner are provisional
// until the runner loads).
import type { RunMeta } from '../../envelope/index.js';
import { openTranscript } from '../../state/transcript.js';
import { direction as directionOf } from '../direction.js';
import { provisionalRunnerId } from './default-runner.js';
import type { CallSettings } from './types.js';

export function openCallRecord(settings: CallSettings): RunMeta {
  const { options, context, verb, budget, depth } = settings;
  const runner = provisionalRunnerId(settings.spec);
  const meta: RunMeta = {
    transcript: openTranscript({ workspace: settings.workspace, runId: settings.runId }),
    verb,
    direction: directionOf(settings.caller, runner),
    runner,
    depth: depth.depth,
    model: null,
    effort: null,
    ...(context.reminder ? { reminder: context.reminder } : {}),
    incident: { budget_seconds: budget.seconds, depth_limit: settings.depthLimit },
  };
  meta.transcript.write({
    type: 'bridge.call',
    verb,
    runner: settings.spec,
    model: options.model ?? null,
    effort: options.effort ?? null,
    budget_seconds: budget.seconds,
    depth: depth.depth,
    direction: meta.direction,
    task: settings.task,
  });
  return meta;
}
