// What every tool needs: the workspace, this session's observations, the locks, the publication
// seams, and the per-directory orphan cleanup.
import path from 'node:path';
import type { BufferProvider } from './buffer-provider.js';
import type { FsOps, PublishHooks } from './fs-ops.js';
import type { LockSet } from './locks.js';
import type { ObservationStore } from './observations.js';
import { cleanOrphans } from './stage-names.js';
import type { TodoList } from './todos.js';
import type { VersionTokens } from './version-token.js';
import { resolveInWorkspace, type ResolvedPath, type Workspace } from './workspace-paths.js';

export interface ToolContext {
  ws: Workspace;
  store: ObservationStore;
  locks: LockSet;
  ops: FsOps;
  hooks: PublishHooks | undefined;
  /** The editor's unsaved buffers, when the workbench was opened with a provider. */
  buffers?: BufferProvider | undefined;
  /** Removes crash leftovers from a directory the first time this session touches it. */
  sweep(dir: string): Promise<void>;
  /** Issues and checks the `version` tokens of this workspace. */
  tokens: VersionTokens;
  /** This call's `expected_version`: when set, it stands in for the session's observation of the target. */
  expectedVersion?: string;
  /** This session's todo list (todo_write). */
  todos: TodoList;
  /** Tool path arguments already resolved for this call (see resolveTarget). */
  resolved?: ReadonlyMap<string, ResolvedPath>;
}

/** A tool's path argument, resolved in the workspace (reusing this call's resolution when it has one). */
export function resolveTarget(ctx: ToolContext, input: string): ResolvedPath {
  return ctx.resolved?.get(input) ?? resolveInWorkspace(ctx.ws, input);
}

export function makeSweeper(staleMs: number): (dir: string) => Promise<void> {
  const swept = new Set<string>();
  return async (dir) => {
    const key = path.resolve(dir);
    if (swept.has(key)) return;
    swept.add(key);
    await cleanOrphans(key, staleMs);
  };
}
