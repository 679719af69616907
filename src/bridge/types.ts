// The public shape of one bridge call (runBridge's options) and its progress reports.
import type { BridgeAdviseInput, BridgeImplementInput, BridgeReviewInput } from '../generated/mcp-tools.js';
import type { Verb } from '../vocabulary.js';
import type { PeerPool } from './peer-pool.js';

/**
 * The arguments of a bridge tool call (`task`, `model`, `effort`, `supported_efforts`,
 * `timeout_seconds`, `run_id`, `depth`), as generated from schemas/mcp-tools.schema.json; the three
 * verbs' tools take the same ones.
 */
export type BridgeToolArguments = BridgeImplementInput & BridgeAdviseInput & BridgeReviewInput;

/**
 * Options of one bridge call: a bridge tool's arguments plus what the host decides. Only `verb`,
 * `task` and `workspace` are required. The child is told `timeout_seconds` and killed at 1.2 × it.
 */
export interface RunBridgeOptions extends BridgeToolArguments {
  verb: Verb;
  /** The directory the peer works in (the child's cwd). */
  workspace: string;
  /** `codex` (the default), `claude`, or a runner plugin specifier. */
  runner?: string;
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
  /** The server's peer pool: the call waits in its line for a slot before its peer starts. */
  pool?: PeerPool;
}
