// Deny by default: a runner gets what its manifest requests only when the user's grant covers
// every item; the effective grant is then the request (request ∩ grant, all or nothing).
import path from 'node:path';
import { PermissionDenied } from './errors.js';
import type { RunnerPermissions } from './manifest.js';

/** A grant with `${workspace}` already replaced by the run's workspace. */
export type Grant = RunnerPermissions;

const KINDS = ['run', 'env', 'read', 'write'] as const;

/** Replaces `${workspace}` and makes every read/write path absolute. */
export function expandPaths(list: readonly string[], workspace: string): string[] {
  // A function replacement: a workspace path may itself contain `$&`, `$'` or `` $` ``.
  return list.map((p) =>
    path.resolve(
      workspace,
      p.replaceAll('${workspace}', () => workspace),
    ),
  );
}

/** True when `inner` is `outer` or inside it. */
export function isInside(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** True when the env entry (a name or a `PREFIX*` pattern) is covered by one of `patterns`. */
export function envCovered(entry: string, patterns: readonly string[]): boolean {
  const wantPrefix = entry.endsWith('*');
  const want = wantPrefix ? entry.slice(0, -1) : entry;
  return patterns.some((p) => {
    if (p.endsWith('*')) return want.startsWith(p.slice(0, -1));
    return !wantPrefix && p === want;
  });
}

function covered(kind: (typeof KINDS)[number], entry: string, granted: readonly string[]): boolean {
  switch (kind) {
    case 'env':
      return envCovered(entry, granted);
    case 'run':
      return granted.includes(entry);
    default:
      return granted.some((g) => isInside(entry, g));
  }
}

/**
 * Checks a runner's request against the user's grant; returns the effective grant (paths
 * expanded for `workspace`) or throws PermissionDenied naming the first item not granted.
 */
export function effectiveGrant(
  runnerId: string,
  requested: RunnerPermissions,
  granted: Partial<RunnerPermissions> | undefined,
  workspace: string,
): Grant {
  const want: Grant = {
    run: [...requested.run],
    env: [...requested.env],
    read: expandPaths(requested.read, workspace),
    write: expandPaths(requested.write, workspace),
  };
  const have: Grant = {
    run: [...(granted?.run ?? [])],
    env: [...(granted?.env ?? [])],
    read: expandPaths(granted?.read ?? [], workspace),
    write: expandPaths(granted?.write ?? [], workspace),
  };
  for (const kind of KINDS) {
    for (const [i, entry] of want[kind].entries()) {
      if (!covered(kind, entry, have[kind])) {
        const asked = kind === 'read' || kind === 'write' ? requested[kind][i]! : entry;
        throw new PermissionDenied(
          runnerId,
          kind,
          asked,
          granted ? 'the config grant does not cover it' : 'no grant for this runner in the config file',
        );
      }
    }
  }
  return want;
}
