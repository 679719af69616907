// Which project folders' `.codex/config.toml` Codex loads, and whether it trusts them, as Codex
// 0.171 decides: the project root is the nearest ancestor of the working directory holding a
// root marker (default `.git`), and a folder is trusted when `[projects."<path>"]` of the user's
// configuration says `trust_level = "trusted"` for that folder, the project root or the main
// repository's root (a git worktree counts as its main repository).
import { readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isTable, type TomlTable } from './toml-file.js';

export const DEFAULT_ROOT_MARKERS = ['.git'];

function kind(file: string): 'file' | 'dir' | null {
  try {
    return statSync(file).isDirectory() ? 'dir' : 'file';
  } catch {
    return null;
  }
}

// Codex 0.171 takes a `.git` folder as a marker only when it looks like a repository (an empty
// `.git` folder, or one without HEAD, is not one); a `.git` file (a worktree's) always counts.
function hasMarker(dir: string, marker: string): boolean {
  const found = kind(path.join(dir, marker));
  if (found === null) return false;
  if (marker !== '.git' || found === 'file') return true;
  return kind(path.join(dir, '.git', 'HEAD')) !== null;
}

/** The ancestors of `dir`, itself first. */
export function ancestors(dir: string): string[] {
  const out = [dir];
  for (let up = path.dirname(dir); up !== out[out.length - 1]; up = path.dirname(up)) out.push(up);
  return out;
}

/** The nearest ancestor with one of `markers`; `cwd` itself when none has one or `markers` is empty. */
export function projectRoot(cwd: string, markers: readonly string[]): string {
  if (markers.length === 0) return cwd;
  return ancestors(cwd).find((dir) => markers.some((marker) => hasMarker(dir, marker))) ?? cwd;
}

const canonical = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
};

/** The root of the main git repository `cwd` is in (a worktree's main repository), or null. */
export function repositoryRoot(cwd: string): string | null {
  const root = ancestors(cwd).find((dir) => hasMarker(dir, '.git'));
  if (root === undefined) return null;
  const dotGit = path.join(root, '.git');
  if (kind(dotGit) === 'dir') return canonical(root);
  let gitdir: string;
  try {
    gitdir = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim() ?? '';
  } catch {
    return null;
  }
  if (!gitdir) return null;
  // <main>/.git/worktrees/<name>: the main repository is two folders above `worktrees`.
  const resolved = canonical(path.resolve(root, gitdir));
  const worktrees = path.dirname(resolved);
  if (path.basename(worktrees) !== 'worktrees') return null;
  return canonical(path.dirname(path.dirname(worktrees)));
}

export type TrustLevel = 'trusted' | 'untrusted' | null;

export interface ProjectTrust {
  root: string;
  repositoryRoot: string | null;
  /** The trust level recorded for `dir` (or the root, or the repository root), and the key it was found under. */
  decide(dir: string): { level: TrustLevel; key: string };
}

/** `[projects."<path>"] trust_level` entries of the user's merged configuration. */
function trustLevels(config: TomlTable): Map<string, TrustLevel> {
  const levels = new Map<string, TrustLevel>();
  const projects = config.projects;
  if (!isTable(projects)) return levels;
  for (const [key, entry] of Object.entries(projects)) {
    const level = isTable(entry) ? entry.trust_level : undefined;
    if (level === 'trusted' || level === 'untrusted') levels.set(key, level);
  }
  return levels;
}

export function projectTrust(cwd: string, userConfig: TomlTable, markers: readonly string[]): ProjectTrust {
  const root = projectRoot(cwd, markers);
  const repo = repositoryRoot(cwd);
  const levels = trustLevels(userConfig);
  return {
    root,
    repositoryRoot: repo,
    decide(dir) {
      for (const key of [dir, root, ...(repo ? [repo] : [])]) {
        const level = levels.get(key);
        if (level) return { level, key };
      }
      return { level: null, key: repo ?? root };
    },
  };
}
