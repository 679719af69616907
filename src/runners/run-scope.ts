// Binds the host's spawn to one run: the request's workspace, depth, caps and signal, and the
// runner's effective grant. Every check that can fail here fails with PermissionDenied.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RunScope, RunSpawnOptions } from './define-runner.js';
import { buildChildEnv, HOST_VARIABLES } from './env.js';
import { PermissionDenied } from './errors.js';
import { envCovered, expandPaths, isInside, type Grant } from './permissions.js';
import { spawnChild } from './spawn.js';
import type { RunRequest } from './types.js';

export interface ScopeHandle {
  scope: RunScope;
  /** Removes the run's temporary directories. */
  dispose(): Promise<void>;
}

export function createRunScope(runnerId: string, grant: Grant, executables: Readonly<Record<string, string>>, req: RunRequest): ScopeHandle {
  const temps: string[] = [];
  const workspace = path.resolve(req.workspace);
  const readable = [...expandPaths(grant.read, workspace), ...expandPaths(grant.write, workspace)];
  const scope: RunScope = {
    async spawn(command: string, args: readonly string[], options: RunSpawnOptions) {
      const file = executables[command];
      if (!grant.run.includes(command) || file === undefined) {
        throw new PermissionDenied(runnerId, 'run', command, 'not in the runner manifest');
      }
      const cwd = path.resolve(workspace, options.cwd ?? '.');
      if (!isInside(cwd, workspace) || !readable.some((p) => isInside(cwd, p))) {
        throw new PermissionDenied(runnerId, 'read', cwd, 'a child must start inside the workspace and a granted path');
      }
      for (const name of Object.keys(options.env ?? {})) {
        if (!envCovered(name, grant.env)) throw new PermissionDenied(runnerId, 'env', name, 'not in the runner manifest');
      }
      const env = buildChildEnv({ granted: grant.env, extra: options.env, host: { [HOST_VARIABLES.depth]: String(req.depth) } });
      return spawnChild(file, args, {
        cwd,
        env,
        signal: options.signal ?? req.signal,
        limits: req.limits,
        onLine: options.onLine,
        ...(options.graceMs !== undefined ? { graceMs: options.graceMs } : {}),
      });
    },
    async tempDir() {
      const dir = await mkdtemp(path.join(os.tmpdir(), `peer-bridge-${runnerId}-`));
      temps.push(dir);
      return dir;
    },
  };
  return {
    scope,
    dispose: async () => {
      await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
