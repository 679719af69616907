// `doctor --live`: one tiny real bridge call per runner, in a throw-away workspace, so the user
// sees that the peer reaches its model end to end (this spends a few tokens).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Check } from './doctor-check.js';

const TASK =
  'This is a connectivity check from `peer-bridge doctor --live`. Do not read, run or change anything. ' +
  'Answer at once: status "complete", verdict "ok", every list empty.';
const BUDGET_SECONDS = 90;

/** Makes one advise call with `runner` and reports how it went. */
export async function liveCheck(runner: string): Promise<Check> {
  const name = `${runner}-live`;
  const { runBridge } = await import('../bridge/run-bridge.js');
  const workspace = await mkdtemp(path.join(os.tmpdir(), 'peer-bridge-doctor-'));
  try {
    const envelope = await runBridge(
      { verb: 'advise', task: TASK, workspace, runner, timeout_seconds: BUDGET_SECONDS },
      { caller: 'doctor' },
    );
    const tokens = Object.values(envelope.tokens).reduce((sum, n) => sum + n, 0);
    const cost = envelope.cost !== null ? `, $${envelope.cost.toFixed(4)}` : '';
    const what = `${envelope.duration_seconds} s, model ${envelope.model ?? 'unknown'}, ${tokens} tokens${cost}`;
    if (envelope.status === 'complete' || envelope.status === 'partial') {
      return { name, level: 'ok', detail: `answered in ${what}` };
    }
    return {
      name,
      level: 'fail',
      detail: `${envelope.status} after ${what}: ${envelope.blockers[0] ?? envelope.verdict}`,
      fix: 'see the blocker above; `peer-bridge doctor` (without --live) lists the usual causes',
    };
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}
