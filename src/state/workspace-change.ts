// What changed in the workspace between two snapshots (a call's start and end, or a crashed call's
// start and now), and where a model's `files_touched` disagrees with it. Bounded lists; `truncated`
// when either snapshot was cut short or a list was.
import path from 'node:path';
import type { SnapshotFile, WorkspaceSnapshot } from './workspace-snapshot.js';

export interface WorkspaceChange {
  kind: WorkspaceSnapshot['kind'];
  from: string;
  to: string;
  head_before: string | null;
  head_after: string | null;
  added: string[];
  modified: string[];
  deleted: string[];
  truncated: boolean;
}

export interface FilesTouchedMismatch {
  /** Claimed in files_touched, but not changed. */
  claimed_unchanged: string[];
  /** Changed, but not in files_touched. */
  unclaimed: string[];
}

// Small enough that a change fits one transcript record.
const MAX_LISTED = 64;

const same = (a: SnapshotFile, b: SnapshotFile) =>
  a.size === b.size && (a.sha256 !== null && b.sha256 !== null ? a.sha256 === b.sha256 : a.mtime_ms === b.mtime_ms);
const untracked = (file: SnapshotFile | null | undefined) =>
  file?.git === '??' || file?.git === 'A' || file?.git?.[0] === 'A';

/** The change from `before` to `after`. */
export function workspaceChange(before: WorkspaceSnapshot, after: WorkspaceSnapshot): WorkspaceChange {
  const added: string[] = [];
  const modified: string[] = [];
  const deleted: string[] = [];
  const git = before.kind === 'git' && after.kind === 'git';
  for (const name of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    const was = before.files[name];
    const now = after.files[name];
    const inBefore = name in before.files;
    const inAfter = name in after.files;
    if (inBefore && inAfter) {
      if (was && now) {
        if (!same(was, now)) modified.push(name);
      } else if (was && !now) deleted.push(name);
      else if (!was && now) added.push(name);
    } else if (inAfter) {
      // Outside git: new. In git: it matched HEAD at the start (or did not exist, if untracked now).
      if (!now) deleted.push(name);
      else if (!git || untracked(now)) added.push(name);
      else modified.push(name);
    } else if (git) {
      // Listed at the start, clean now: back to HEAD, or an untracked file that is gone.
      if (was && untracked(was)) deleted.push(name);
      else modified.push(name);
    } else {
      deleted.push(name);
    }
  }
  const cut = (list: string[]) => list.sort().slice(0, MAX_LISTED);
  return {
    kind: before.kind === after.kind ? before.kind : 'unavailable',
    from: before.at,
    to: after.at,
    head_before: before.head,
    head_after: after.head,
    added: cut(added),
    modified: cut(modified),
    deleted: cut(deleted),
    truncated:
      before.truncated || after.truncated || [added, modified, deleted].some((list) => list.length > MAX_LISTED),
  };
}

/** Every path the change names. */
export function changedPaths(change: WorkspaceChange): string[] {
  return [...change.added, ...change.modified, ...change.deleted];
}

// A claimed path as the snapshots name files: workspace-relative, POSIX, no `./`.
function normalise(workspace: string, claimed: string): string {
  const absolute = path.resolve(workspace, claimed);
  return path.relative(workspace, absolute).split(path.sep).join('/');
}

/** Where `files_touched` disagrees with the change; null when they agree. */
export function filesTouchedMismatch(
  workspace: string,
  claimed: readonly string[],
  change: WorkspaceChange,
): FilesTouchedMismatch | null {
  const changed = new Set(changedPaths(change));
  const named = new Set(claimed.map((file) => normalise(workspace, file)));
  const claimed_unchanged = [...named]
    .filter((file) => !changed.has(file))
    .sort()
    .slice(0, MAX_LISTED);
  // A cut-short change may miss real changes: only what it lists can be called unclaimed.
  const unclaimed = [...changed]
    .filter((file) => !named.has(file))
    .sort()
    .slice(0, MAX_LISTED);
  return claimed_unchanged.length === 0 && unclaimed.length === 0 ? null : { claimed_unchanged, unclaimed };
}
