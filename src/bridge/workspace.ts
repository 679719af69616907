// Workspace binding: every call runs in the host-provided workspace. The model may not pick
// another directory, a background mode or a session, and writes are refused where a stray edit
// would touch everything the user owns.
import { realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Verb } from '../vocabulary.js';
import { BridgeError } from './errors.js';

/** Argument names only the host decides. */
export const HOST_ONLY_FIELDS: readonly string[] = ['workspace', 'cwd', 'background', 'session', 'session_id'];

/** Throws `forbidden_argument` naming the first host-only field present in `args`. */
export function rejectHostOnlyFields(args: Record<string, unknown>): void {
  for (const field of HOST_ONLY_FIELDS) {
    if (Object.hasOwn(args, field)) {
      throw new BridgeError(
        'forbidden_argument',
        `"${field}" is not accepted: the bridge always works in the workspace it was launched for ` +
          '(peer-bridge serve --workspace DIR), runs each call in the foreground and starts a fresh ' +
          `session; remove "${field}" and call again`,
        { field },
      );
    }
  }
}

/** The workspace as an absolute real path; throws `invalid_workspace` when it is not a directory. */
export function resolveWorkspace(dir: string): string {
  let real: string;
  try {
    real = realpathSync(path.resolve(dir));
  } catch (error) {
    throw new BridgeError('invalid_workspace', `workspace ${dir} does not exist`, { cause: error });
  }
  if (!statSync(real).isDirectory()) throw new BridgeError('invalid_workspace', `workspace ${dir} is not a directory`);
  return real;
}

function sameDir(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

const LAUNCH_IN_A_PROJECT = 'launch the bridge in a project folder';

/** The refusal reason for a write call in the home directory or a filesystem root, else null. */
export function writeRefusal(verb: Verb, workspace: string, home: string = os.homedir()): string | null {
  if (verb !== 'implement') return null;
  if (path.parse(path.resolve(workspace)).root === path.resolve(workspace)) {
    return (
      `unsafe-workspace: refusing a write-capable call in the filesystem root (${path.resolve(workspace)}); ` +
      LAUNCH_IN_A_PROJECT
    );
  }
  if (home && sameDir(workspace, home)) {
    return `unsafe-workspace: refusing a write-capable call in the home directory; ${LAUNCH_IN_A_PROJECT}`;
  }
  return null;
}
