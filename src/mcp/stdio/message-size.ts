// The largest JSON-RPC message (one line on stdin) the MCP servers read. Large enough for a real
// write_file; a larger message is answered with an error and skipped, never a closed session.
import { BridgeError } from '../../bridge/errors.js';
import { asReaderError } from '../../settings/errors.js';
import type { SettingError } from '../../settings/parse.js';
import { readSetting } from '../../settings/read.js';
import { SETTINGS } from '../../settings/table.js';
import { hostEnv } from '../../settings/env.js';

export const MAX_MESSAGE_BYTES_VARIABLE = 'PEER_BRIDGE_MAX_MESSAGE_BYTES' as const;
export const DEFAULT_MAX_MESSAGE_BYTES = SETTINGS.PEER_BRIDGE_MAX_MESSAGE_BYTES.default as number;
/** The configured maximum, or an `invalid_environment` error that says what to set. */
export function maxMessageBytes(env: NodeJS.ProcessEnv = hostEnv()): number {
  const read = () => readSetting(MAX_MESSAGE_BYTES_VARIABLE, env) as number;
  const wrap = (_: string, bad: SettingError) =>
    new BridgeError(
      'invalid_environment',
      `${bad.variable} must be ${bad.allowed}, got ${JSON.stringify(bad.value)}; ` +
        `unset it for the default (${DEFAULT_MAX_MESSAGE_BYTES})`,
    );
  return asReaderError(read, wrap);
}
