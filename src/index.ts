// The package entry: runBridge (one bridge call, resolving to the public envelope) and its types.
// The native addon and the file-safety layer also have their own entry points: peer-bridge/native
// and peer-bridge/fs.
export * as native from './native/index.js';
export { runBridge } from './bridge/run-bridge.js';
export { BridgeError, type BridgeErrorCode } from './bridge/errors.js';
export type { BridgeProgress, RunBridgeOptions } from './bridge/types.js';
export type { PublicEnvelope } from './envelope/index.js';
// Runner plugins: `export default defineRunner({ manifest, create })` in a plugin module.
export { defineRunner, loadRunner, PermissionDenied, RunnerConfigError, RunnerLoadError } from './runners/index.js';
export type { RunnerDefinition, RunnerEvent, RunnerManifest, RunRequest, RunResult, RunScope } from './runners/index.js';
