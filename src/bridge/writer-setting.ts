// PEER_BRIDGE_MAX_WRITERS, on its own so that reading the setting (doctor, bridge_status) never
// loads the native addon that the writer turn itself needs.
import { BridgeError } from './errors.js';

export const MAX_WRITERS_ENV = 'PEER_BRIDGE_MAX_WRITERS';
/** Implement calls that may run at once on one workspace; 0 means no limit. */
export const DEFAULT_MAX_WRITERS = 1;
const MAX_WRITERS_CEILING = 64;
/** PEER_BRIDGE_MAX_WRITERS, else 1; a bad value is an `invalid_environment` error. */
export function maxWriters(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MAX_WRITERS_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_MAX_WRITERS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_WRITERS_CEILING) {
    throw new BridgeError(
      'invalid_environment',
      `${MAX_WRITERS_ENV} must be a whole number from 0 to ${MAX_WRITERS_CEILING} ` +
        `(implement calls at once per workspace; 0 = no limit), got ${JSON.stringify(raw)}; ` +
        'fix or unset it in the environment that launched peer-bridge',
    );
  }
  return value;
}
