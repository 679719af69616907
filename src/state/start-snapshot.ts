// A call's start snapshot on disk (`.peer-bridge/snapshots/<run_id>.json`) while it runs: if the
// bridge dies mid-call, recovery compares it with the workspace to say what changed since.
// Removed when the call settles.
import { constants } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { STATE_DIR } from '../vocabulary.js';
import { assertRunId, resolveInWorkspace, stateDirectory } from './paths.js';
import type { WorkspaceSnapshot } from './workspace-snapshot.js';

export const snapshotsDir = `${STATE_DIR}/snapshots`;

const file = (workspace: string, runId: string) => {
  assertRunId(runId);
  return resolveInWorkspace(workspace, `${snapshotsDir}/${runId}.json`);
};

export async function saveStartSnapshot(workspace: string, runId: string, snapshot: WorkspaceSnapshot): Promise<void> {
  await stateDirectory(workspace, snapshotsDir);
  const handle = await open(
    file(workspace, runId),
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
    0o644,
  );
  try {
    await handle.writeFile(JSON.stringify(snapshot), 'utf8');
  } finally {
    await handle.close();
  }
}

const MAX_STATE_JSON_BYTES = 4 * 1024 * 1024;

/**
 * A small JSON file of the state folder, or undefined. A peer can write there: no symlink is
 * followed and nothing larger than a snapshot can be is read.
 */
export async function readStateJson(absolute: string): Promise<unknown> {
  let handle;
  try {
    handle = await open(absolute, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > MAX_STATE_JSON_BYTES) return undefined;
    return JSON.parse(await handle.readFile('utf8'));
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

/** The saved snapshot, or null when there is none (or it is not one: a peer can write here). */
export async function readStartSnapshot(workspace: string, runId: string): Promise<WorkspaceSnapshot | null> {
  try {
    const value = (await readStateJson(file(workspace, runId))) as WorkspaceSnapshot;
    const ok =
      value &&
      typeof value === 'object' &&
      typeof value.at === 'string' &&
      value.files &&
      typeof value.files === 'object';
    return ok ? value : null;
  } catch {
    return null;
  }
}

export async function removeStartSnapshot(workspace: string, runId: string): Promise<void> {
  await unlink(file(workspace, runId)).catch(() => undefined);
}
