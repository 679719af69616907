// Where run state lives inside the workspace, and how its paths appear in envelopes: relative to
// the workspace, with forward slashes on every platform. The folder's name and the run-id pattern
// are vocabulary (src/vocabulary.ts).
import { constants } from 'node:fs';
import { lstat, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { isRunId, runIdRule, STATE_DIR } from '../vocabulary.js';
import { StateError } from './errors.js';

export const LEDGER_FILE = 'ledger.jsonl';
export const ledgerPath = `${STATE_DIR}/${LEDGER_FILE}`;
export const transcriptsDir = `${STATE_DIR}/transcripts`;
export const incidentsDir = `${STATE_DIR}/incidents`;
export const ownersDir = `${STATE_DIR}/owners`;

export function assertRunId(runId: string): void {
  if (!isRunId(runId)) {
    throw new StateError('STATE_INVALID_RUN_ID', `run_id ${JSON.stringify(runId)} is not allowed: ${runIdRule}`);
  }
}

export function assertWorkspace(workspace: string): void {
  if (typeof workspace !== 'string' || !path.isAbsolute(workspace)) {
    throw new StateError(
      'STATE_INVALID_WORKSPACE',
      `workspace must be an absolute path, got ${JSON.stringify(workspace)}`,
    );
  }
}

/** Workspace-relative path of a run's transcript. */
export function transcriptPath(runId: string): string {
  return `${transcriptsDir}/${runId}.jsonl`;
}

/** Where the head of a run's transcript is kept while the run is going (workspace-relative). */
export function partialTranscriptPath(runId: string): string {
  return `${transcriptsDir}/${runId}.partial.jsonl`;
}

/** `absolute` as a workspace-relative path with forward slashes. */
export function workspaceRelative(workspace: string, absolute: string): string {
  return path.relative(workspace, absolute).split(path.sep).join('/');
}

/** A workspace-relative path (forward slashes) as an absolute path on this platform. */
export function resolveInWorkspace(workspace: string, relative: string): string {
  return path.join(workspace, ...relative.split('/'));
}

/**
 * Creates the state folder `relative` (e.g. `.peer-bridge/incidents`) in the workspace and returns
 * its absolute path. A symbolic link on the way is refused: a run's child can swap a folder for a
 * link to anywhere, and the harness would write there.
 */
export async function stateDirectory(workspace: string, relative: string): Promise<string> {
  let dir = workspace;
  for (const part of relative.split('/')) {
    dir = path.join(dir, part);
    const created = await mkdir(dir).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
        return false;
      },
    );
    if (created && dir === path.join(workspace, STATE_DIR)) await ignoreInGit(dir);
    if ((await lstat(dir)).isSymbolicLink()) {
      throw new StateError(
        'STATE_SYMLINK',
        `${workspaceRelative(workspace, dir)} is a symbolic link; ` +
          'peer-bridge writes its state only into real folders of the workspace',
      );
    }
  }
  return dir;
}

/** Gives an existing state folder its `.gitignore` when it has none (a server start does this). */
export async function ensureStateIgnored(workspace: string): Promise<void> {
  await ignoreInGit(resolveInWorkspace(workspace, STATE_DIR));
}

// The state folder carries its own `.gitignore` (`*`), so run state never lands in a user's
// commit, whatever the repository's own ignore rules say. Best effort: git is only a courtesy.
async function ignoreInGit(dir: string): Promise<void> {
  try {
    const handle = await open(
      path.join(dir, '.gitignore'),
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      0o644,
    );
    try {
      await handle.writeFile('# peer-bridge run state (ledger, transcripts, incidents): never committed\n*\n', 'utf8');
    } finally {
      await handle.close();
    }
  } catch {
    // already there, or not writable: the state itself does not depend on it
  }
}
