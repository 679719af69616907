// Where a run's files live inside the workspace, and how their paths appear in envelopes:
// relative to the workspace, with forward slashes on every platform.
import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { EnvelopeError } from './errors.js';

export const stateDirName = '.peer-bridge';
export const transcriptsDir = `${stateDirName}/transcripts`;
export const incidentsDir = `${stateDirName}/incidents`;

/** Same pattern as `run_id` in the schemas: safe as a file name on every platform. */
export const runIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function assertRunId(runId: string): void {
  if (typeof runId !== 'string' || !runIdPattern.test(runId)) {
    throw new EnvelopeError(
      'ENVELOPE_INVALID_RUN_ID',
      `run_id ${JSON.stringify(runId)} is not allowed: use 1-128 letters, digits, ".", "_" or "-", starting with a letter or digit`,
    );
  }
}

export function assertWorkspace(workspace: string): void {
  if (typeof workspace !== 'string' || !path.isAbsolute(workspace)) {
    throw new EnvelopeError('ENVELOPE_INVALID_WORKSPACE', `workspace must be an absolute path, got ${JSON.stringify(workspace)}`);
  }
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
    await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    if ((await lstat(dir)).isSymbolicLink()) {
      throw new EnvelopeError(
        'ENVELOPE_STATE_SYMLINK',
        `${workspaceRelative(workspace, dir)} is a symbolic link; peer-bridge writes its state only into real folders of the workspace`,
      );
    }
  }
  return dir;
}
