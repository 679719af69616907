// bridge_status: what a caller (or a human) needs to know before handing work over.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_BUDGET_SECONDS, HARD_CUTOFF_FACTOR, MCP_MAX_BUDGET_SECONDS } from '../bridge/budget.js';
import { depthLimit, inheritedDepth } from '../bridge/depth.js';
import { Ledger, STATE_DIR, type RunSummary } from '../bridge/ledger.js';
import { probeRunners, type RunnerAvailability } from '../bridge/probe.js';
import { backend, type Backend } from '../native/index.js';

export interface IncidentSummary {
  path: string;
  fault: string | null;
  reason: string | null;
  run_id: string | null;
  at: string;
}

export interface BridgeStatus {
  workspace: string;
  runners: RunnerAvailability[];
  /** The native strategies and `binary`, the addon file that was loaded. */
  native: Backend & { binary: string };
  limits: {
    default_budget_seconds: Record<string, number>;
    max_budget_seconds: Record<string, number>;
    hard_cutoff_factor: number;
    /** null when the variable is unusable; `problem` then says why (every call is refused). */
    depth: number | null;
    depth_limit: number | null;
    problem?: string;
  };
  recent_runs: RunSummary[];
  recent_incidents: IncidentSummary[];
}

/** The newest incidents under .peer-bridge/incidents/, newest first. */
export async function recentIncidents(workspace: string, limit = 5): Promise<IncidentSummary[]> {
  const dir = path.join(workspace, STATE_DIR, 'incidents');
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => ({ name, mtime: (await stat(path.join(dir, name)).catch(() => null))?.mtimeMs ?? 0 })),
  );
  files.sort((a, b) => b.mtime - a.mtime || (a.name < b.name ? 1 : -1));
  return Promise.all(
    files.slice(0, limit).map(async ({ name, mtime }): Promise<IncidentSummary> => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Record<string, unknown>;
      } catch {
        // an unreadable incident is still listed by name
      }
      const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string).slice(0, 300) : null);
      return {
        path: `${STATE_DIR}/incidents/${name}`,
        fault: text('fault'),
        reason: text('reason'),
        run_id: text('run_id'),
        at: text('at') ?? text('created_at') ?? new Date(mtime).toISOString(),
      };
    }),
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

export async function bridgeStatus(workspace: string, env: NodeJS.ProcessEnv = process.env): Promise<BridgeStatus> {
  const [runners, recent_runs, recent_incidents] = await Promise.all([
    probeRunners(env),
    new Ledger(workspace).runs(5),
    recentIncidents(workspace),
  ]);
  return {
    workspace,
    runners,
    native: backend,
    limits: {
      default_budget_seconds: { ...DEFAULT_BUDGET_SECONDS },
      max_budget_seconds: { ...MCP_MAX_BUDGET_SECONDS },
      hard_cutoff_factor: HARD_CUTOFF_FACTOR,
      ...depthSettings(env),
    },
    recent_runs,
    recent_incidents,
  };
}
