// What one bridge call carries from phase to phase (run-bridge.ts): its settings, then what its
// admission opened (transcript, ledger, writer turn and peer slot), then what its start loaded.
import type { PublicEnvelope, RunMeta } from '../../envelope/index.js';
import type { LoadRunnerOptions } from '../../runners/load.js';
import type { PeerWorkbench, Runner } from '../../runners/types.js';
import type { Ledger } from '../../state/ledger.js';
import type { RetentionSettings } from '../../state/retention-settings.js';
import type { WorkspaceSnapshot } from '../../state/workspace-snapshot.js';
import type { Verb } from '../../vocabulary.js';
import type { QueueTime } from '../admission.js';
import type { Budget } from '../budget.js';
import type { DepthDecision } from '../depth.js';
import type { EffortDecision } from '../effort.js';
import type { BridgeContext, BridgeProgress, RunBridgeOptions } from '../types.js';
import type { Settled } from './settled.js';

/** Everything the call's arguments and environment decide, checked before anything is written. */
export interface CallSettings {
  options: RunBridgeOptions;
  context: BridgeContext;
  env: NodeJS.ProcessEnv;
  verb: Verb;
  task: string;
  /** The workspace's real path. */
  workspace: string;
  runId: string;
  budget: Budget;
  /** The workbench an implement peer may be handed (given only to the built-in runners). */
  offered: PeerWorkbench | null;
  depthLimit: number;
  depth: DepthDecision;
  maxWriters: number;
  retention: RetentionSettings;
  /** The runner specifier: built-in name or plugin. */
  spec: string;
  /** The caller's side of `direction`. */
  caller: string;
  loadOptions: LoadRunnerOptions;
  maxOutputBytes: number;
  heartbeatMs: number;
  unreachableMs: number;
}

/** A call that was admitted: its transcript is open and it holds its writer turn and peer slot. */
export interface AdmittedCall {
  settings: CallSettings;
  ledger: Ledger;
  meta: RunMeta;
  /** Null when the call did not have to wait. */
  waited: QueueTime | null;
  /** The peer's progress reports, counted on from the messages sent while the call waited. */
  peerProgress: ((progress: BridgeProgress) => void) | undefined;
  /** A built-in runner, loading since the settings were known. */
  loadingBuiltIn: Promise<Settled<Runner>> | undefined;
  /** Gives back the writer turn and the peer slot. */
  release: () => void;
}

/** A call whose ledger start is on disk: what its child is run with. */
export interface StartedCall extends AdmittedCall {
  runner: Runner;
  prompt: string;
  /** The workbench handed to the peer, if any. */
  workbench: PeerWorkbench | null;
  effort: EffortDecision;
  /** What the workspace held before the child ran. */
  before: WorkspaceSnapshot;
}

/** A phase either hands the call on or answers it (a refusal, a call that never started). */
export type PhaseResult<T> = { call: T } | { answer: PublicEnvelope };
