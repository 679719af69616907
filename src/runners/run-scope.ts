// Binds the host's spawn to one run: the request's workspace, depth, caps and signal, and the
// runner's effective grant. Every check that can fail here fails with PermissionDenied.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RunScope, RunSpawnOptions } from './define-runner.js';
import { buildChildEnv, HOST_VARIABLES } from './env.js';
import { PermissionDenied } from './errors.js';
import { envCovered, expandPaths, isInside, type Grant } from './permissions.js';
import { spawnChild, type SpawnResult } from '../supervisor/spawn.js';
import type { RunRequest, Verb } from './types.js';

const WRITE_VERBS: readonly Verb[] = ['implement'];

/** A granted executable started as another file, with variables set or removed for it. */
export interface ExecutableLaunch {
  /** The file to start. */
  file: string;
  /** Variables set for the child on top of its granted environment. */
  env: Readonly<Record<string, string>>;
  /** Variables removed from the child's environment (before `env` is applied). */
  unset: readonly string[];
}

export interface ScopeHandle {
  scope: RunScope;
  /** Kills the run's children that are still running, then removes its temporary directories. */
  dispose(): Promise<void>;
}

// The real path; for a missing path, that of its nearest existing ancestor plus the rest.
async function real(p: string): Promise<string> {
  try {
    return await realpath(p);
  } catch {
    const parent = path.dirname(p);
    return parent === p ? p : path.join(await real(parent), path.basename(p));
  }
}

async function someAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>): Promise<boolean> {
  for (const item of items) if (await test(item)) return true;
  return false;
}

/** Where a run's children may start: inside a path granted for the run's kind of work. */
interface StartRule {
  workspace: string;
  allowed: string[];
  permission: 'read' | 'write';
  verb: Verb;
}

// The host cannot confine what a child process writes (the CLIs' own sandboxes do that); what
// it controls is where it starts a child for which kind of run. A write verb's child starts only
// inside a path granted for writing, a read-only verb's inside one granted for reading (write
// implies read).
function startRule(grant: Grant, req: RunRequest, workspace: string): StartRule {
  const writable = expandPaths(grant.write, workspace);
  const write = WRITE_VERBS.includes(req.verb);
  const allowed = write ? writable : [...expandPaths(grant.read, workspace), ...writable];
  return { workspace, allowed, permission: write ? 'write' : 'read', verb: req.verb };
}

/** Refuses a start folder outside the workspace or outside every granted path. */
async function checkStartFolder(runnerId: string, cwd: string, rule: StartRule): Promise<void> {
  // By name and by real path: a symlink in the workspace may point anywhere.
  const realCwd = await real(cwd);
  const inside = async (outer: string) => isInside(cwd, outer) && isInside(realCwd, await real(outer));
  if ((await inside(rule.workspace)) && (await someAsync(rule.allowed, inside))) return;
  const why =
    rule.permission === 'write'
      ? `a ${rule.verb} run starts its child inside the workspace and a path granted for writing`
      : 'a child must start inside the workspace and a granted path';
  throw new PermissionDenied(runnerId, rule.permission, cwd, why);
}

/** Refuses a variable the runner sets for its child that its grant does not cover. */
function checkExtraEnv(runnerId: string, grant: Grant, extra: RunSpawnOptions['env']): void {
  for (const name of Object.keys(extra ?? {})) {
    if (!envCovered(name, grant.env)) throw new PermissionDenied(runnerId, 'env', name, 'not in the runner manifest');
  }
}

/** The child's environment: the granted variables, the runner's own, the launch's, and the depth. */
function childEnvironment(
  grant: Grant,
  req: RunRequest,
  options: RunSpawnOptions,
  source: NodeJS.ProcessEnv | undefined,
  launch: ExecutableLaunch | undefined,
): Record<string, string> {
  const env = buildChildEnv({
    ...(source ? { source } : {}),
    granted: grant.env,
    extra: options.env,
    host: { ...launch?.env, [HOST_VARIABLES.depth]: String(req.depth) },
  });
  for (const name of launch?.unset ?? []) if (!(name in launch!.env)) delete env[name];
  return env;
}

// Nothing may outlive the call unnoticed: what the child left running was killed; say so.
function reportLeftovers(child: Promise<SpawnResult>, command: string, req: RunRequest): void {
  void child
    .then((r) => {
      if (r.leftovers > 0) {
        const processes = `${r.leftovers} process${r.leftovers === 1 ? '' : 'es'}`;
        req.onEvent({
          type: 'error',
          fatal: false,
          cause: 'leftover-processes',
          message: `killed ${processes} that ${command} left running after it exited`,
        });
      }
      if (r.stuck.length > 0) {
        req.onEvent({
          type: 'error',
          fatal: false,
          cause: 'stuck-processes',
          message: `processes ${r.stuck.join(', ')} started by ${command} survived SIGKILL and may still run`,
        });
      }
    })
    .catch(() => undefined);
}

/**
 * `source` is the environment the granted variables are picked from (the loader's, default
 * process.env); `launches` the executables started with variables of their own (see refineExecutable).
 */
export function createRunScope(
  runnerId: string,
  grant: Grant,
  executables: Readonly<Record<string, string>>,
  req: RunRequest,
  source?: NodeJS.ProcessEnv,
  launches: Readonly<Record<string, ExecutableLaunch>> = {},
): ScopeHandle {
  const temps: string[] = [];
  // Every child of the run ends with it: on the request's abort whatever signal the runner
  // passes, and at dispose even when the runner did not wait for it.
  const ending = new AbortController();
  const live = new Set<Promise<unknown>>();
  const workspace = path.resolve(req.workspace);
  const rule = startRule(grant, req, workspace);
  const scope: RunScope = {
    workspace,
    async spawn(command: string, args: readonly string[], options: RunSpawnOptions) {
      const file = executables[command];
      if (!grant.run.includes(command) || file === undefined) {
        throw new PermissionDenied(runnerId, 'run', command, 'not in the runner manifest');
      }
      const cwd = path.resolve(workspace, options.cwd ?? '.');
      await checkStartFolder(runnerId, cwd, rule);
      checkExtraEnv(runnerId, grant, options.env);
      const env = childEnvironment(grant, req, options, source, launches[command]);
      const signal = AbortSignal.any([req.signal, ending.signal, ...(options.signal ? [options.signal] : [])]);
      const child = spawnChild(file, args, {
        cwd,
        env,
        signal,
        limits: req.limits,
        onLine: options.onLine,
        ...(options.onStderrLine ? { onStderrLine: options.onStderrLine } : {}),
        ...(options.graceMs !== undefined ? { graceMs: options.graceMs } : {}),
      });
      reportLeftovers(child, command, req);
      const settled = child.then(
        () => undefined,
        () => undefined,
      );
      live.add(settled);
      void settled.then(() => live.delete(settled));
      return child;
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
      ending.abort();
      await Promise.all([...live]);
      await Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true })));
    },
  };
}
