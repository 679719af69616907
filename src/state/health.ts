// Whether the run state of a workspace can be used. A peer runs with write access to the
// workspace and can replace `.peer-bridge/` or what is in it by anything; the bridge then refuses
// calls with a clear cause instead of failing inside its own code, and bridge_status and doctor
// show the same problems. Checks only: nothing is created or repaired here.
import { lstat } from 'node:fs/promises';
import { STATE_DIR } from '../vocabulary.js';
import { StateError } from './errors.js';
import { incidentsDir, ledgerPath, ownersDir, resolveInWorkspace, transcriptsDir } from './paths.js';

/** One unusable state path, with what is wrong and what to do. */
export interface StateProblem {
  /** Workspace-relative path. */
  path: string;
  problem: string;
  fix: string;
}

type Kind = 'file' | 'folder';

// What each state path must be when it exists (a missing one is created on first use).
const EXPECTED: ReadonlyArray<[string, Kind]> = [
  [ledgerPath, 'file'],
  [`${STATE_DIR}/ledger.lock`, 'file'],
  [ownersDir, 'folder'],
  [transcriptsDir, 'folder'],
  [incidentsDir, 'folder'],
];

async function check(workspace: string, relative: string, kind: Kind): Promise<StateProblem | null> {
  const stat = await lstat(resolveInWorkspace(workspace, relative)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!stat) return null;
  const is = stat.isSymbolicLink()
    ? 'a symbolic link'
    : stat.isDirectory()
      ? 'a folder'
      : stat.isFile()
        ? 'a file'
        : 'a special file';
  if (kind === 'folder' ? stat.isDirectory() : stat.isFile()) return null;
  const aside = `${relative}.broken`;
  return {
    path: relative,
    problem:
      `is ${is}, where peer-bridge keeps its ${relative === STATE_DIR ? 'run state folder' : kind}; ` +
      'it will not use it',
    fix: `move it aside (mv ${relative} ${aside}) or remove it; peer-bridge creates a new one on the next call`,
  };
}

/**
 * The problems that make the workspace's run state unusable, or [] when it can be used.
 * O(1): a handful of lstat calls, so every call can afford it.
 */
export async function stateProblems(workspace: string): Promise<StateProblem[]> {
  try {
    const root = await check(workspace, STATE_DIR, 'folder');
    if (root) return [root];
    const found = await Promise.all(EXPECTED.map(([relative, kind]) => check(workspace, relative, kind)));
    return found.filter((problem): problem is StateProblem => problem !== null);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return [
      {
        path: STATE_DIR,
        problem: `cannot be inspected (${code}: ${(error as Error).message})`,
        fix: 'give your user read and write access to the workspace',
      },
    ];
  }
}

/** One sentence for a caller: `state-unusable: <path> <problem>; fix: <fix>`. */
export function describeStateProblems(problems: StateProblem[]): string {
  return `state-unusable: ${problems.map((p) => `${p.path} ${p.problem}; fix: ${p.fix}`).join('; ')}`;
}

/** A StateError for the problems (code STATE_UNUSABLE). */
export function stateUnusable(problems: StateProblem[], cause?: unknown): StateError {
  return new StateError('STATE_UNUSABLE', describeStateProblems(problems), cause === undefined ? undefined : { cause });
}

/**
 * After a state operation failed: the state-unusable cause when the failure comes from a tampered
 * state path (checked again now), else null (a different failure, reported as it is).
 */
export async function stateFailureCause(workspace: string, error: unknown): Promise<string | null> {
  const problems = await stateProblems(workspace);
  if (problems.length > 0) return describeStateProblems(problems);
  if (error instanceof StateError && (error.code === 'STATE_SYMLINK' || error.code === 'STATE_UNUSABLE')) {
    return `state-unusable: ${error.message}`;
  }
  return null;
}
