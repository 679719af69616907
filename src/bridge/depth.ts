// Recursion depth: carried to children in PEER_BRIDGE_DEPTH, raised but never lowered by a caller,
// refused at the limit so two agents cannot hand work back and forth forever.
import { asReaderError } from '../settings/errors.js';
import { readSetting } from '../settings/read.js';
import { SETTINGS } from '../settings/table.js';
import { BridgeError } from './errors.js';
import { hostEnv } from '../settings/env.js';

export const DEPTH_ENV = 'PEER_BRIDGE_DEPTH' as const;
/** Overrides the depth limit (a non-negative integer). */
export const DEPTH_LIMIT_ENV = 'PEER_BRIDGE_MAX_DEPTH' as const;
export const DEFAULT_DEPTH_LIMIT = SETTINGS.PEER_BRIDGE_MAX_DEPTH.default as number;

function parseDepth(name: typeof DEPTH_ENV | typeof DEPTH_LIMIT_ENV, env: NodeJS.ProcessEnv): number {
  const read = () => readSetting(name, env) as number;
  return asReaderError(read, (message) => new BridgeError('invalid_environment', message));
}

/** The depth this process inherited from whoever launched it (0 at the top). */
export function inheritedDepth(env: NodeJS.ProcessEnv = hostEnv()): number {
  return parseDepth(DEPTH_ENV, env);
}

/** The configured depth limit. */
export function depthLimit(env: NodeJS.ProcessEnv = hostEnv()): number {
  return parseDepth(DEPTH_LIMIT_ENV, env);
}

export interface DepthDecision {
  /** The depth of this call. */
  depth: number;
  /** The value children get in PEER_BRIDGE_DEPTH. */
  childDepth: number;
  /** Set when the call must be refused (cause `recursion-depth`). */
  refusal: string | null;
}

/** A request may raise the depth, never lower it; at or past the limit the call is refused. */
export function decideDepth(requested: number | undefined, inherited: number, limit: number): DepthDecision {
  if (requested !== undefined && (!Number.isInteger(requested) || requested < 0)) {
    throw new BridgeError('invalid_arguments', `depth must be a non-negative integer, got ${String(requested)}`, {
      field: 'depth',
    });
  }
  const depth = Math.max(inherited, requested ?? 0);
  const refusal =
    depth >= limit
      ? `recursion-depth: this call is at bridge depth ${depth} and the limit is ${limit}; ` +
        'a peer launched by the bridge may not hand work on through the bridge again'
      : null;
  return { depth, childDepth: depth + 1, refusal };
}
