// The admit phase: the state check, the call's transcript, its refusals, then admission (the
// writer turn for implement, a slot in the server's peer pool), with progress while it waits.
// The budget starts later, with the peer.
import { lockDirInfo } from '../../fs/lock-dir.js';
import { loadRunner } from '../../runners/load.js';
import { BUILT_IN_RUNNERS } from '../../runners/resolve.js';
import { Ledger } from '../../state/ledger.js';
import { admit, progressRelay } from '../admission.js';
import { openCallRecord } from './call-record.js';
import { neverStarted, stateRefusal } from './never-started.js';
import { refusalOf } from './refusals.js';
import { settled } from './settled.js';
import { unusableState } from './state-check.js';
import type { AdmittedCall, CallSettings, PhaseResult } from './types.js';

export async function admitCall(settings: CallSettings): Promise<PhaseResult<AdmittedCall>> {
  const { options, verb, runId, workspace, spec } = settings;
  const ledger = new Ledger(workspace);
  // A built-in runner loads while the state is checked (it touches nothing in the workspace); its
  // failure is reported at the start, after the refusals that come first. A plugin's code is
  // imported only once the call is known to start.
  const loadingBuiltIn = (BUILT_IN_RUNNERS as readonly string[]).includes(spec)
    ? settled(loadRunner(spec, settings.loadOptions))
    : undefined;
  const unusable = await unusableState(settings, ledger);
  const meta = openCallRecord(settings);
  if (unusable) return { answer: await stateRefusal(meta, unusable) };
  const open = { settings, ledger, meta };
  const refusal = refusalOf(settings);
  if (refusal) return { answer: await neverStarted(open, refusal) };

  const relay = progressRelay(options.onProgress, runId, settings.budget.seconds);
  const admission = await admit({
    verb,
    runId,
    workspace,
    pool: settings.context.pool,
    maxWriters: settings.maxWriters,
    lockDir: lockDirInfo(undefined, settings.env),
    signal: options.signal,
    heartbeatMs: settings.heartbeatMs,
    say: relay.say,
  }).catch(async (error: unknown) => {
    await meta.transcript.discard();
    throw error;
  });
  if (admission.waited) meta.transcript.write({ type: 'bridge.queued', ...admission.waited });
  if (!admission.admitted) {
    const waited = admission.waited.queued_seconds;
    const cause = `cancelled: the caller cancelled the call after ${waited} s in the queue; no peer was started`;
    return { answer: await neverStarted(open, { fault: 'cancelled', code: 'cancelled', cause }, admission.waited) };
  }
  return {
    call: {
      ...open,
      waited: admission.waited,
      peerProgress: relay.peer,
      loadingBuiltIn,
      release: admission.release,
    },
  };
}
