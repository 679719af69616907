// Generated from schemas/bridge-status.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * What bridge_status returns: the runners this machine has and which one calls use by default, the native backend, the limits, the calls running and waiting, the workspace's recent runs and incidents, and handoffs of calls a crash left unknown.
 */
export interface BridgeStatus {
  /**
   * Absolute path every call of this server is bound to.
   */
  workspace: string;
  /**
   * The runner a call uses: codex, claude, or a plugin specifier (serve --runner, else codex when installed, else claude).
   */
  default_runner: string;
  runners: Runner[];
  /**
   * The strategy each native call uses on this machine.
   */
  native: {
    platform: string;
    [k: string]: string;
  };
  limits: {
    default_budget_seconds: PerVerb;
    max_budget_seconds: PerVerb;
    hard_cutoff_factor: number;
    /**
     * null when PEER_BRIDGE_DEPTH is unusable; problem says why.
     */
    depth: number | null;
    depth_limit: number | null;
    problem?: string;
  };
  /**
   * This server's calls now: those running a peer and those waiting for one, oldest first. An implement call first waits for its workspace's writer turn (one at a time across every server on the machine, PEER_BRIDGE_MAX_WRITERS), then every call for a slot in the server's peer pool (PEER_BRIDGE_MAX_PEERS).
   */
  calls: {
    /**
     * Peers this server runs at once; null when PEER_BRIDGE_MAX_PEERS is unusable (problem says why, and calls are refused until it is fixed).
     */
    max_peers: number | null;
    /**
     * Implement calls at once per workspace, across processes (0: no limit); null when PEER_BRIDGE_MAX_WRITERS is unusable.
     */
    max_writers: number | null;
    problem?: string;
    running: ActiveCall[];
    queued: WaitingCall[];
  };
  recent_runs: Run[];
  recent_incidents: Incident[];
  /**
   * The run state folder and what makes it unusable (every call is then refused until fixed).
   */
  state: {
    directory: string;
    usable: boolean;
    problems: {
      /**
       * Workspace-relative path.
       */
      path: string;
      problem: string;
      fix: string;
    }[];
  };
  /**
   * Where the file tools lock; processes that lock in different directories do not exclude each other.
   */
  file_locks: {
    dir: string;
    source: 'option' | 'PEER_BRIDGE_LOCK_DIR' | 'default';
    owner: null | {
      uid: number | null;
      user: string;
      source: 'option' | 'PEER_BRIDGE_LOCK_DIR' | 'default';
      created_at: string;
    };
  };
  /**
   * Calls settled unknown after the bridge process died mid-call, not yet carried into a later call's transcript (at most 3, newest first). Facts only: the outcome stays unknown whatever the files show now.
   */
  handoffs: Handoff[];
}
/**
 * This interface was referenced by `BridgeStatus`'s JSON-Schema
 * via the `definition` "runner".
 */
export interface Runner {
  id: 'codex' | 'claude';
  executable: string | null;
  /**
   * The override variable or PATH.
   */
  source: string | null;
  version: string | null;
  available: boolean;
  /**
   * Why it is unavailable, with the fix.
   */
  problem: string | null;
}
/**
 * This interface was referenced by `BridgeStatus`'s JSON-Schema
 * via the `definition` "perVerb".
 */
export interface PerVerb {
  [k: string]: number;
}
/**
 * This interface was referenced by `BridgeStatus`'s JSON-Schema
 * via the `definition` "activeCall".
 */
export interface ActiveCall {
  run_id: string;
  verb: 'implement' | 'advise' | 'review';
  /**
   * When its peer started (ISO 8601).
   */
  since: string;
}
/**
 * This interface was referenced by `BridgeStatus`'s JSON-Schema
 * via the `definition` "waitingCall".
 */
export interface WaitingCall {
  run_id: string;
  verb: 'implement' | 'advise' | 'review';
  /**
   * When it began to wait for this (ISO 8601).
   */
  since: string;
  /**
   * writer: the workspace's writer turn (another implement call runs); peer: a slot in this server's pool.
   */
  waiting_for: 'writer' | 'peer';
  /**
   * Calls ahead of it in the pool's line; null while it waits for the writer turn.
   */
  ahead: number | null;
}
/**
 * One call from the ledger, as peer-bridge runs shows it.
 *
 * This interface was referenced by `BridgeStatus`'s JSON-Schema
 * via the `definition` "run".
 */
export interface Run {
  run_id: string | null;
  verb: string;
  runner?: string | null;
  direction?: string | null;
  status: string;
  started_at: string;
  settled_at?: string | null;
  duration_seconds?: number | null;
  incident?: string | null;
  reason?: string | null;
  task_preview?: string | null;
  /**
   * When and why retention removed this call's transcript or incident (paths, workspace-relative); null while they are kept.
   */
  pruned?: null | {
    at: string;
    reason: string;
    paths: string[];
  };
}
/**
 * This interface was referenced by `BridgeStatus`'s JSON-Schema
 * via the `definition` "incident".
 */
export interface Incident {
  path: string;
  fault: string | null;
  reason: string | null;
  run_id: string | null;
  at: string;
}
/**
 * One bounded, factual handoff for an interrupted call.
 *
 * This interface was referenced by `BridgeStatus`'s JSON-Schema
 * via the `definition` "handoff".
 */
export interface Handoff {
  run_id: string;
  verb: string;
  runner: string;
  /**
   * The task's first line, cut short (null in older ledgers).
   */
  task_head: string | null;
  started_at: string;
  /**
   * When a restarted server settled it as unknown.
   */
  recovered_at: string;
  outcome: 'unknown';
  note: string;
  /**
   * What changed in the workspace between the call's start snapshot and recovery (by anyone), at most 20 paths per list.
   */
  workspace_change: null | {
    since: string;
    head_before: string | null;
    head_after: string | null;
    added: string[];
    modified: string[];
    deleted: string[];
    truncated: boolean;
  };
  workspace_change_unavailable: string | null;
}
