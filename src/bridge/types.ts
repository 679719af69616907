// The public shape of one bridge call (runBridge's options) and its progress reports.
import type { Verb } from '../runners/types.js';

/** Options of one bridge call. Only `verb`, `task` and `workspace` are required. */
export interface RunBridgeOptions {
  verb: Verb;
  /** What the peer should do, in plain words. */
  task: string;
  /** The directory the peer works in (the child's cwd). */
  workspace: string;
  /** `codex` (the default), `claude`, or a runner plugin specifier. */
  runner?: string;
  model?: string;
  /** `minimal` … `max`; `none` and `trivial` mean minimal. */
  effort?: string;
  /** Levels the caller knows the model accepts: the highest at or below `effort` is applied. */
  supported_efforts?: string[];
  /** The budget the child is told; it is killed at 1.2 × this. Per-verb default otherwise. */
  timeout_seconds?: number;
  run_id?: string;
  /** Raises the bridge depth of this call; never lowers the inherited PEER_BRIDGE_DEPTH. */
  depth?: number;
  /** Aborting it kills the child tree; the call resolves to a `cancelled` envelope. */
  signal?: AbortSignal;
  onProgress?: (progress: BridgeProgress) => void;
}

/** What the child is doing, reported on its events and at least every few seconds while it works. */
export interface BridgeProgress {
  run_id: string;
  /** Events and heartbeats so far (monotonic). */
  count: number;
  elapsed_seconds: number;
  budget_seconds: number;
  /** One line, at most 200 characters. */
  message: string;
}

/** How the surface calling runBridge shapes it: the MCP server and the CLI set these. */
export interface BridgeContext {
  /** The caller's side of `direction` (MCP client name, `cli`, `api`). */
  caller?: string;
  /** The surface's budget ceiling per verb (the MCP maxima). */
  maxBudgetSeconds?: Readonly<Record<Verb, number>>;
  /** Runner plugin config file (grants). */
  configPath?: string;
  /** Environment read for depth and its limit (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** Reminder text for a repeated call, added to the envelope. */
  reminder?: string;
  /** Quiet time before a progress heartbeat, in ms (default PEER_BRIDGE_HEARTBEAT_MS, else 5000). */
  heartbeatMs?: number;
}
