// PEER_BRIDGE_MAX_WRITERS, on its own so that reading the setting (doctor, bridge_status) never
// loads the native addon that the writer turn itself needs.
import { asReaderError } from '../settings/errors.js';
import { readSetting } from '../settings/read.js';
import { SETTINGS } from '../settings/table.js';
import { BridgeError } from './errors.js';
import { hostEnv } from '../settings/env.js';

export const MAX_WRITERS_ENV = 'PEER_BRIDGE_MAX_WRITERS';
/** Implement calls that may run at once on one workspace; 0 means no limit. */
export const DEFAULT_MAX_WRITERS = SETTINGS.PEER_BRIDGE_MAX_WRITERS.default as number;
/** PEER_BRIDGE_MAX_WRITERS, else 1; a bad value is an `invalid_environment` error. */
export function maxWriters(env: NodeJS.ProcessEnv = hostEnv()): number {
  const read = () => readSetting(MAX_WRITERS_ENV, env) as number;
  return asReaderError(read, (message) => new BridgeError('invalid_environment', message));
}
