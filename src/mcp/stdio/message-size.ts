// The largest JSON-RPC message (one line on stdin) the MCP servers read. Large enough for a real
// write_file; a larger message is answered with an error and skipped, never a closed session.
import { BridgeError } from '../../bridge/errors.js';

export const MAX_MESSAGE_BYTES_VARIABLE = 'PEER_BRIDGE_MAX_MESSAGE_BYTES';
export const DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024;
// Below 1 KiB not even initialize fits; above 256 MiB the decoded line nears V8's string limit.
const LOWEST = 1024;
const HIGHEST = 256 * 1024 * 1024;

/** The configured maximum, or an `invalid_environment` error that says what to set. */
export function maxMessageBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MAX_MESSAGE_BYTES_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_MAX_MESSAGE_BYTES;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < LOWEST || value > HIGHEST) {
    throw new BridgeError(
      'invalid_environment',
      `${MAX_MESSAGE_BYTES_VARIABLE} must be a whole number of bytes from ${LOWEST} to ${HIGHEST}, got ${JSON.stringify(raw)}; ` +
        `unset it for the default (${DEFAULT_MAX_MESSAGE_BYTES})`,
    );
  }
  return value;
}
