// Whether the workspace's run state can take this call. A peer may have broken .peer-bridge/ (it
// can write in the workspace): such a call gets a state-unusable envelope naming the path and the
// fix, never a raw error. A run_id the workspace has used is bad input.
import { describeStateProblems, stateFailureCause, stateProblems } from '../../state/health.js';
import type { Ledger } from '../../state/ledger.js';
import { runIdTaken } from './input.js';
import type { CallSettings } from './types.js';

/** What makes the state unusable (the refusal's cause), or null. */
export async function unusableState(settings: CallSettings, ledger: Ledger): Promise<string | null> {
  const { workspace, runId } = settings;
  const problems = await stateProblems(workspace);
  let unusable = problems.length > 0 ? describeStateProblems(problems) : null;
  if (!unusable && settings.options.run_id !== undefined) {
    const taken = await ledger.has(runId).catch(async (error: unknown) => {
      unusable = await stateFailureCause(workspace, error);
      if (!unusable) throw error;
      return false;
    });
    if (taken) throw runIdTaken(runId);
  }
  return unusable;
}
