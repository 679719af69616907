// What a runner plugin module exports: `export default defineRunner({ manifest, create })`.
import type { Effort, RunRequest, RunResult } from './types.js';
import type { Grant } from './permissions.js';
import type { RunnerManifest } from './manifest.js';
import type { SpawnOptions, SpawnResult } from '../supervisor/spawn.js';
import type { RunnerUserConfig } from './config.js';
import { validateManifest } from './manifest.js';

/** What the host gives a runner once, at load. */
export interface RunnerContext {
  readonly id: string;
  /** The effective grant (read/write paths still hold `${workspace}`). */
  readonly grant: Readonly<Grant>;
  /** Each granted executable (`run` entry) → the absolute path resolved at load. */
  readonly executables: Readonly<Record<string, string>>;
  /** The user's settings for this runner and the shared price table. */
  readonly config: RunnerUserConfig;
  /** The environment a child of this runner gets (safe base + granted variables), never the host's whole one. */
  readonly env: Readonly<Record<string, string>>;
}

/** What the host gives a runner for one run, bound to that run's request. */
export interface RunScope {
  /**
   * Starts a granted executable (by its `run` entry) with no shell, a scrubbed environment,
   * stdin ignored, cwd inside the workspace (default: the workspace), the request's depth, output
   * caps and abort signal. Resolves when the child is gone and its output drained; rejects (after
   * killing the tree) when `onLine` throws.
   */
  spawn(command: string, args: readonly string[], options: RunSpawnOptions): Promise<SpawnResult>;
  /** A fresh private temporary directory, removed when the run ends. */
  tempDir(): Promise<string>;
  /** The run's workspace (absolute): the default cwd of its children. */
  readonly workspace: string;
}

/** Per-spawn options a runner chooses; the rest comes from the request. */
export interface RunSpawnOptions {
  /** Called per stdout line, in order. */
  onLine: SpawnOptions['onLine'];
  /** Extra variables the runner sets itself; each name must be in its env grant. */
  env?: Record<string, string>;
  /** Working directory, inside the workspace (default: the workspace). */
  cwd?: string;
  /** A runner's own abort signal (e.g. its own timer), in addition to the request's. */
  signal?: AbortSignal;
  /** Time between SIGTERM and SIGKILL on abort (default 2000 ms). */
  graceMs?: number;
}

/** A runner's implementation, as its `create` returns it. */
export interface RunnerImplementation {
  /** `scope` is a short-lived probe scope (the load workspace, a 20 s abort, 16 MiB output cap). */
  supportedEfforts(model: string | undefined, scope: RunScope): Promise<Effort[] | null>;
  run(req: RunRequest, scope: RunScope): Promise<RunResult>;
}

/** A runner definition: the default export of a runner module. */
export interface RunnerDefinition {
  readonly manifest: RunnerManifest;
  create(ctx: RunnerContext): RunnerImplementation | Promise<RunnerImplementation>;
}

/**
 * Declares a runner plugin. The manifest (schemas/runner-manifest.schema.json) says what the
 * runner asks for; the host grants it only what the user's config also grants.
 *
 * @example
 * export default defineRunner({
 *   manifest: { id: 'my-runner', apiVersion: 1, permissions: { run: ['my-cli'], env: ['MY_CLI_*'], read: ['${workspace}'], write: [] } },
 *   create: (ctx) => ({ supportedEfforts: async () => null, run: async (req, scope) => { … } }),
 * });
 */
export function defineRunner(definition: RunnerDefinition): RunnerDefinition {
  const manifest = validateManifest(definition.manifest, 'defineRunner');
  if (typeof definition.create !== 'function') throw new TypeError('defineRunner: create must be a function');
  const create: RunnerDefinition['create'] = (ctx) => definition.create(ctx);
  return Object.freeze({ manifest, create });
}
