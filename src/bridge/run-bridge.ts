// runBridge: one bridge call, start to envelope, as its phases (each in call/): settings → admit →
// start → execute → finish. Bad input is rejected before anything starts; refusals and child
// failures are envelopes, never rejections. The ledger start is on disk before the child is
// spawned and the settlement follows the envelope.
import type { PublicEnvelope } from '../envelope/index.js';
import { admitCall } from './call/admit.js';
import { executeCall } from './call/execute.js';
import { finishCall } from './call/finish.js';
import { callSettings } from './call/settings.js';
import { settled } from './call/settled.js';
import { startCall } from './call/start.js';
import type { BridgeContext, RunBridgeOptions } from './types.js';

export { DEFAULT_MAX_OUTPUT_BYTES, DEFAULT_UNREACHABLE_MS } from './call/child-limits.js';
export { DEFAULT_RUNNER, defaultRunner } from './call/default-runner.js';

/**
 * Runs one bridge call and resolves to the validated public envelope. Rejects only with a
 * `BridgeError` for bad input (unknown verb, empty task, bad effort or budget, missing workspace);
 * depth refusals, unavailable runners, timeouts, crashes, invalid answers and cancellation all
 * resolve to envelopes.
 */
export async function runBridge(options: RunBridgeOptions, context: BridgeContext = {}): Promise<PublicEnvelope> {
  const settings = callSettings(options, context);
  const admitted = await admitCall(settings);
  if ('answer' in admitted) return admitted.answer;
  // What the call holds once admitted (its writer turn, its peer slot) is given back however it ends.
  try {
    const started = await startCall(admitted.call);
    if ('answer' in started) return started.answer;
    return await finishCall(started.call, await settled(executeCall(started.call)));
  } finally {
    admitted.call.release();
  }
}
