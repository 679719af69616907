// Recursion depth: carried to children in PEER_BRIDGE_DEPTH, raised but never lowered by a caller,
// refused at the limit so two agents cannot hand work back and forth forever.
import { BridgeError } from './errors.js';

export const DEPTH_ENV = 'PEER_BRIDGE_DEPTH';
/** Overrides the depth limit (a non-negative integer). */
export const DEPTH_LIMIT_ENV = 'PEER_BRIDGE_MAX_DEPTH';
export const DEFAULT_DEPTH_LIMIT = 1;

function parseDepth(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new BridgeError(
      'invalid_environment',
      `${name} must be a non-negative integer, got ${JSON.stringify(raw)}; fix the variable in the environment that launched peer-bridge`,
    );
  }
  return value;
}

/** The depth this process inherited from whoever launched it (0 at the top). */
export function inheritedDepth(env: NodeJS.ProcessEnv = process.env): number {
  return parseDepth(env[DEPTH_ENV], DEPTH_ENV) ?? 0;
}

/** The configured depth limit. */
export function depthLimit(env: NodeJS.ProcessEnv = process.env): number {
  return parseDepth(env[DEPTH_LIMIT_ENV], DEPTH_LIMIT_ENV) ?? DEFAULT_DEPTH_LIMIT;
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
