/**
 * The runner plugin host: load a runner (built-in `codex` / `claude`, a file, or an npm package),
 * grant it only what both its manifest and the user's config allow, and run it. See types.ts for
 * the event stream every runner emits.
 */
export * from './types.js';
export { defineRunner } from './define-runner.js';
export type {
  RunnerContext,
  RunnerDefinition,
  RunnerImplementation,
  RunScope,
  RunSpawnOptions,
} from './define-runner.js';
export { loadRunner, type LoadRunnerOptions } from './load.js';
export { PermissionDenied, RunnerConfigError, RunnerLoadError, RunnerUnresponsive } from './errors.js';
export { runnerManifestSchema, validateManifest, type RunnerManifest, type RunnerPermissions } from './manifest.js';
export type { ModelPrice, RunnerConfigFile } from './config.js';
export type { SpawnResult } from '../supervisor/spawn.js';
export { BUILT_IN_RUNNERS } from './resolve.js';
export { processSupervision } from '../supervisor/reaper.js';
