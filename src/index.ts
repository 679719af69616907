// The package entry: runBridge (one bridge call, resolving to the public envelope) and its types.
// The native addon and the file-safety layer have their own entry points: peer-bridge/native and
// peer-bridge/fs. Importing this module is cheap: the harness (ledger, native addon, runner host)
// loads on the first call, so a program that only defines a runner or reads a type pays nothing.
import type { BridgeContext, RunBridgeOptions } from './bridge/types.js';
import type { PublicEnvelope } from './envelope/index.js';
import type { LoadRunnerOptions, Runner } from './runners/index.js';

export { BridgeError, type BridgeErrorCode } from './bridge/errors.js';
export type { BridgeProgress, RunBridgeOptions } from './bridge/types.js';
export type { PublicEnvelope } from './envelope/index.js';
// Runner plugins: `export default defineRunner({ manifest, create })` in a plugin module.
export { defineRunner } from './runners/define-runner.js';
export { PermissionDenied, RunnerConfigError, RunnerLoadError } from './runners/errors.js';
export type {
  Effort,
  PeerWorkbench,
  RunnerContext,
  RunnerDefinition,
  RunnerEvent,
  RunnerImplementation,
  RunnerManifest,
  RunRequest,
  RunResult,
  RunScope,
  RunSpawnOptions,
  SpawnResult,
  Verb,
} from './runners/index.js';

/**
 * Runs one bridge call: launches the peer in `workspace`, and resolves to the validated public
 * envelope. Child failures are envelopes too; only bad input rejects (with a BridgeError).
 */
export async function runBridge(options: RunBridgeOptions, context?: BridgeContext): Promise<PublicEnvelope> {
  const bridge = await import('./bridge/run-bridge.js');
  return bridge.runBridge(options, context);
}

/** Loads a runner (built-in name, file or package), checks its manifest and grants its permissions. */
export async function loadRunner(specifier: string, options: LoadRunnerOptions): Promise<Runner> {
  const runners = await import('./runners/load.js');
  return runners.loadRunner(specifier, options);
}
