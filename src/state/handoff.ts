// One bounded, factual handoff for a call the bridge settled as `unknown` after a crash: what it
// was asked (task head), when it started, what changed in the workspace since (from its start
// snapshot, when one was saved) and that its outcome is unknown. Written once by recovery to
// `.peer-bridge/handoffs/<run_id>.json`; bridge_status lists it until the next call carries it into
// its transcript (then it is renamed `<run_id>.carried.json`, so exactly one call carries it).
// The workspace's current contents never make it a success: the outcome stays `unknown`.
import { readdir, rename } from 'node:fs/promises';
import type { StartRecord } from './ledger-records.js';
import { isRunId, STATE_DIR } from '../vocabulary.js';
import { resolveInWorkspace, stateDirectory } from './paths.js';
import { writeNewFileAtomic } from './atomic-write.js';
import { readStartSnapshot, readStateJson, removeStartSnapshot } from './start-snapshot.js';
import { workspaceChange } from './workspace-change.js';
import { takeSnapshot } from './workspace-snapshot.js';
import type { Handoff } from '../generated/bridge-status.js';

export type { Handoff } from '../generated/bridge-status.js';

export const handoffsDir = `${STATE_DIR}/handoffs`;
const LISTED = 20;
const NOTE =
  'The process running this call ended before it settled, so its outcome is unknown: it was not replayed. ' +
  'The workspace changes below happened since the call started (by the peer or anyone else); they do not show ' +
  'that the call succeeded. Check the files before relying on them.';

/** Builds and writes the handoff of one interrupted call; its start snapshot is consumed. */
export async function writeHandoff(workspace: string, start: StartRecord, recoveredAt: string): Promise<void> {
  const before = await readStartSnapshot(workspace, start.run_id);
  let change: Handoff['workspace_change'] = null;
  if (before) {
    const full = workspaceChange(before, await takeSnapshot(workspace));
    const cut = (list: string[]) => list.slice(0, LISTED);
    change = {
      since: full.from,
      head_before: full.head_before,
      head_after: full.head_after,
      added: cut(full.added),
      modified: cut(full.modified),
      deleted: cut(full.deleted),
      truncated: full.truncated || [full.added, full.modified, full.deleted].some((list) => list.length > LISTED),
    };
  }
  const handoff: Handoff = {
    run_id: start.run_id,
    verb: start.verb,
    runner: start.runner,
    task_head: start.task_preview ?? null,
    started_at: start.at,
    recovered_at: recoveredAt,
    outcome: 'unknown',
    note: NOTE,
    workspace_change: change,
    workspace_change_unavailable: before
      ? null
      : 'no start snapshot was saved for this call ' +
        '(it ended before the snapshot was taken, or an older version ran it)',
  };
  const dir = await stateDirectory(workspace, handoffsDir);
  await writeNewFileAtomic(dir, start.run_id, '.json', `${JSON.stringify(handoff, null, 2)}\n`);
  await removeStartSnapshot(workspace, start.run_id);
}

async function pendingNames(workspace: string): Promise<string[]> {
  const names = await readdir(resolveInWorkspace(workspace, handoffsDir)).catch(() => [] as string[]);
  return names.filter(
    (name) => name.endsWith('.json') && !name.endsWith('.carried.json') && isRunId(name.slice(0, -5)),
  );
}

const text = (value: unknown, max = 500): string | null => (typeof value === 'string' ? value.slice(0, max) : null);
const paths = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
        .filter((item): item is string => typeof item === 'string')
        .slice(0, LISTED)
        .map((item) => item.slice(0, 500))
    : [];

// A peer can write here: a handoff is rebuilt field by field (bounded, in the schema's shape), and
// its outcome is always unknown.
function reshape(value: unknown): Handoff | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const runId = text(v.run_id, 128);
  const startedAt = text(v.started_at, 40);
  if (!runId || !startedAt) return null;
  const c =
    v.workspace_change && typeof v.workspace_change === 'object'
      ? (v.workspace_change as Record<string, unknown>)
      : null;
  return {
    run_id: runId,
    verb: text(v.verb, 40) ?? 'unknown',
    runner: text(v.runner, 200) ?? 'unknown',
    task_head: text(v.task_head),
    started_at: startedAt,
    recovered_at: text(v.recovered_at, 40) ?? startedAt,
    outcome: 'unknown',
    note: NOTE,
    workspace_change: c
      ? {
          since: text(c.since, 40) ?? startedAt,
          head_before: text(c.head_before, 64),
          head_after: text(c.head_after, 64),
          added: paths(c.added),
          modified: paths(c.modified),
          deleted: paths(c.deleted),
          truncated: c.truncated === true,
        }
      : null,
    workspace_change_unavailable: c ? null : (text(v.workspace_change_unavailable) ?? 'not recorded'),
  };
}

async function readHandoff(file: string): Promise<Handoff | null> {
  return reshape(await readStateJson(file));
}

async function pending(workspace: string, limit: number): Promise<{ name: string; handoff: Handoff }[]> {
  const all = await Promise.all(
    (await pendingNames(workspace)).map(async (name) => ({
      name,
      handoff: await readHandoff(resolveInWorkspace(workspace, `${handoffsDir}/${name}`)),
    })),
  );
  return all
    .filter((entry): entry is { name: string; handoff: Handoff } => entry.handoff !== null)
    .sort((a, b) => (a.handoff.started_at < b.handoff.started_at ? 1 : -1))
    .slice(0, limit);
}

/** Handoffs no call has carried yet, newest start first (at most `limit`). */
export async function pendingHandoffs(workspace: string, limit = 3): Promise<Handoff[]> {
  return (await pending(workspace, limit)).map((entry) => entry.handoff);
}

/** Takes the pending handoffs for a starting call: each goes to exactly one call (the rename decides). */
export async function carryHandoffs(workspace: string, limit = 3): Promise<Handoff[]> {
  const carried: Handoff[] = [];
  for (const { name, handoff } of await pending(workspace, limit)) {
    const from = resolveInWorkspace(workspace, `${handoffsDir}/${name}`);
    const to = resolveInWorkspace(workspace, `${handoffsDir}/${name.slice(0, -'.json'.length)}.carried.json`);
    if (
      await rename(from, to).then(
        () => true,
        () => false,
      )
    )
      carried.push(handoff);
  }
  return carried;
}
