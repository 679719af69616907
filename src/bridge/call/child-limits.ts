// The child's limits from the environment: its heartbeat, how long it may fail to reach its model,
// how much output it may write. A value that is not a usable number falls back to the default.

/** Total child output before the tree is stopped (override: PEER_BRIDGE_MAX_OUTPUT_BYTES). */
export const DEFAULT_MAX_OUTPUT_BYTES = 32 * 1024 * 1024;
/**
 * How long a peer may fail to reach its model before the call ends (override:
 * PEER_BRIDGE_UNREACHABLE_MS, 0 = never).
 */
export const DEFAULT_UNREACHABLE_MS = 20_000;
const DEFAULT_HEARTBEAT_MS = 5000;

function positiveInteger(raw: string | undefined): number | undefined {
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

// A heartbeat period a timer can hold: Node runs longer intervals every 1 ms.
export function heartbeatMs(env: NodeJS.ProcessEnv): number {
  const value = positiveInteger(env.PEER_BRIDGE_HEARTBEAT_MS);
  return value !== undefined && value <= 2 ** 31 - 1 ? value : DEFAULT_HEARTBEAT_MS;
}

export function unreachableMs(env: NodeJS.ProcessEnv): number {
  if (env.PEER_BRIDGE_UNREACHABLE_MS?.trim() === '0') return 0;
  const value = positiveInteger(env.PEER_BRIDGE_UNREACHABLE_MS);
  return value !== undefined && value <= 2 ** 31 - 1 ? value : DEFAULT_UNREACHABLE_MS;
}

export function outputCap(env: NodeJS.ProcessEnv): number {
  return positiveInteger(env.PEER_BRIDGE_MAX_OUTPUT_BYTES) ?? DEFAULT_MAX_OUTPUT_BYTES;
}
