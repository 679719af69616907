// bridge_status: what a caller (or a human) needs to know before handing work over.
import { stat } from 'node:fs/promises';
import { DEFAULT_BUDGET_SECONDS, HARD_CUTOFF_FACTOR, MCP_MAX_BUDGET_SECONDS } from '../bridge/budget.js';
import { depthLimit, inheritedDepth } from '../bridge/depth.js';
import { probeRunners } from '../bridge/probe.js';
import { maxPeers, type PeerPool } from '../bridge/peer-pool.js';
import { defaultRunner } from '../bridge/run-bridge.js';
import { writerWaits } from '../bridge/writer-lock.js';
import { maxWriters } from '../bridge/writer-setting.js';
import type { BridgeStatus, Incident } from '../generated/bridge-status.js';
import { backend } from '../native/index.js';
import { lockDirInfo, readLockDirOwner } from '../fs/lock-dir.js';
import { pendingHandoffs } from '../state/handoff.js';
import { recentIncidents as listIncidentSummaries } from '../state/incidents.js';
import { Ledger } from '../state/ledger.js';
import { stateProblems } from '../state/health.js';
import { resolveInWorkspace } from '../state/paths.js';
import { STATE_DIR, type Verb } from '../vocabulary.js';
import { hostEnv } from '../settings/env.js';

// The shape is schemas/bridge-status.schema.json, which is also the tool's outputSchema.
export type { BridgeStatus } from '../generated/bridge-status.js';

/** An incident as bridge_status lists it; `at` is when it was written. */
export type IncidentSummary = Incident;

/** The newest incidents, newest first (the state's one listing, with its write time). */
export async function recentIncidents(workspace: string, limit = 5): Promise<IncidentSummary[]> {
  return Promise.all(
    (await listIncidentSummaries(workspace, limit)).map(async ({ created_at, ...summary }) => ({
      ...summary,
      // An incident file without `created_at` (edited by hand) is dated by its modification time.
      at:
        created_at ??
        new Date(
          (await stat(resolveInWorkspace(workspace, summary.path)).catch(() => null))?.mtimeMs ?? 0,
        ).toISOString(),
    })),
  );
}

// A bad depth variable is reported, not thrown: status is where a caller learns what is wrong.
function depthSettings(env: NodeJS.ProcessEnv): Pick<BridgeStatus['limits'], 'depth' | 'depth_limit' | 'problem'> {
  const problems: string[] = [];
  const read = (fn: (env: NodeJS.ProcessEnv) => number): number | null => {
    try {
      return fn(env);
    } catch (error) {
      problems.push((error as Error).message);
      return null;
    }
  };
  const depth = read(inheritedDepth);
  const depth_limit = read(depthLimit);
  return { depth, depth_limit, ...(problems.length > 0 ? { problem: problems.join('; ') } : {}) };
}

function fileLocks(env: NodeJS.ProcessEnv): BridgeStatus['file_locks'] {
  const info = lockDirInfo(undefined, env);
  return { ...info, owner: readLockDirOwner(info.dir) };
}

/**
 * This server's calls: those running a peer and those waiting (for the workspace's writer turn,
 * then for a pool slot). A bad setting is reported, not thrown.
 */
export function callsStatus(
  pool: PeerPool | undefined,
  workspace: string,
  env: NodeJS.ProcessEnv,
): BridgeStatus['calls'] {
  const problems: string[] = [];
  const read = (fn: (env: NodeJS.ProcessEnv) => number): number | null => {
    try {
      return fn(env);
    } catch (error) {
      problems.push((error as Error).message);
      return null;
    }
  };
  const max_peers = pool ? pool.size : read(maxPeers);
  const max_writers = read(maxWriters);
  const { running, queued } = pool?.snapshot() ?? { running: [], queued: [] };
  return {
    max_peers,
    max_writers,
    ...(problems.length > 0 ? { problem: problems.join('; ') } : {}),
    running,
    queued: [
      ...writerWaits(workspace).map((wait) => ({
        ...wait,
        verb: 'implement' as const,
        waiting_for: 'writer' as const,
        ahead: null,
      })),
      ...queued.map((call) => ({ ...call, waiting_for: 'peer' as const })),
    ],
  };
}

/**
 * The status of a server bound to `workspace`; `runner` is its --runner and `defaultBudgets` its
 * --default-timeout, if it was given them, and `pool` its peer pool.
 */
export async function bridgeStatus(
  workspace: string,
  env: NodeJS.ProcessEnv = hostEnv(),
  runner?: string,
  defaultBudgets?: Partial<Record<Verb, number>>,
  pool?: PeerPool,
): Promise<BridgeStatus> {
  const problems = await stateProblems(workspace);
  const [runners, recent_runs, recent_incidents, handoffs] = await Promise.all([
    probeRunners(env),
    // With unusable state the ledger is not read: the problems say why the list is empty.
    problems.length > 0 ? [] : new Ledger(workspace).runs(5).catch(() => []),
    recentIncidents(workspace).catch(() => []),
    problems.length > 0 ? [] : pendingHandoffs(workspace).catch(() => []),
  ]);
  return {
    workspace,
    default_runner: runner ?? defaultRunner(env),
    runners,
    native: { ...backend },
    limits: {
      default_budget_seconds: { ...DEFAULT_BUDGET_SECONDS, ...defaultBudgets },
      max_budget_seconds: { ...MCP_MAX_BUDGET_SECONDS },
      hard_cutoff_factor: HARD_CUTOFF_FACTOR,
      ...depthSettings(env),
    },
    calls: callsStatus(pool, workspace, env),
    recent_runs,
    recent_incidents,
    state: { directory: STATE_DIR, usable: problems.length === 0, problems },
    file_locks: fileLocks(env),
    handoffs,
  };
}
