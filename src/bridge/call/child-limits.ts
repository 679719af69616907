// The child's limits from the environment: its heartbeat, how long it may fail to reach its model,
// how much output it may write. Parsed by the settings table; a bad value is `invalid_environment`.
import { asReaderError } from '../../settings/errors.js';
import { readSetting } from '../../settings/read.js';
import { SETTINGS, type SettingName } from '../../settings/table.js';
import { reaperSettingProblem } from '../../supervisor/reaper.js';
import { BridgeError } from '../errors.js';

/** Total child output before the tree is stopped (override: PEER_BRIDGE_MAX_OUTPUT_BYTES). */
export const DEFAULT_MAX_OUTPUT_BYTES = SETTINGS.PEER_BRIDGE_MAX_OUTPUT_BYTES.default as number;
/**
 * How long a peer may fail to reach its model before the call ends (override:
 * PEER_BRIDGE_UNREACHABLE_MS, 0 = never).
 */
export const DEFAULT_UNREACHABLE_MS = SETTINGS.PEER_BRIDGE_UNREACHABLE_MS.default as number;

function limit(name: SettingName & `PEER_BRIDGE_${string}`, env: NodeJS.ProcessEnv): number {
  const read = () => readSetting(name, env) as number;
  return asReaderError(read, (message) => new BridgeError('invalid_environment', message));
}

export const heartbeatMs = (env: NodeJS.ProcessEnv): number => limit('PEER_BRIDGE_HEARTBEAT_MS', env);
export const unreachableMs = (env: NodeJS.ProcessEnv): number => limit('PEER_BRIDGE_UNREACHABLE_MS', env);
/** Checked here so that a bad value refuses the call before anything starts (the spawn reads it). */
export const peerNiceSetting = (env: NodeJS.ProcessEnv): number => limit('PEER_BRIDGE_PEER_NICE', env);
/** Checked here so that a bad value refuses the call (the spawn reads it from process.env). */
export function checkSpawnThreadSetting(env: NodeJS.ProcessEnv): void {
  asReaderError(
    () => readSetting('PEER_BRIDGE_SPAWN_THREAD', env),
    (message) => new BridgeError('invalid_environment', message),
  );
}
export const outputCap = (env: NodeJS.ProcessEnv): number => limit('PEER_BRIDGE_MAX_OUTPUT_BYTES', env);

/** Checked here so that a reaper that is not there refuses the call instead of running without it. */
export function checkReaperSetting(env: NodeJS.ProcessEnv): void {
  const problem = reaperSettingProblem(env);
  if (problem) throw new BridgeError('invalid_environment', problem);
}
