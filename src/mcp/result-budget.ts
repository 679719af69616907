// How many characters a workbench tool result may hold over MCP. Claude Code hands the model a
// file path instead of any MCP result over 50,000 characters (counting the JSON of
// structuredContent, the text it shows the model), unless the tool declares a larger bound in its
// tools/list `_meta`; so read_file windows are cut to a budget below that, which a user may raise.
import { BridgeError } from '../bridge/errors.js';

export const MAX_RESULT_CHARS_VARIABLE = 'PEER_BRIDGE_MAX_RESULT_CHARS';
export const DEFAULT_MAX_RESULT_CHARS = 40_000;
/** The largest result Claude Code keeps in the conversation unless a tool declares more. */
export const CLIENT_DEFAULT_RESULT_CHARS = 50_000;
/** The `_meta` key of a tools/list entry that declares a larger bound (Claude Code clamps it at 500,000). */
export const RESULT_SIZE_META_KEY = 'anthropic/maxResultSizeChars';
// Below this a window would hold little more than the result's own fields; above it, more than
// the library's own 4 MiB window.
const LOWEST = 10_000;
const HIGHEST = 4 * 1024 * 1024;

/** The configured budget, or an `invalid_environment` error that says what to set. */
export function maxResultChars(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MAX_RESULT_CHARS_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_MAX_RESULT_CHARS;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < LOWEST || value > HIGHEST) {
    throw new BridgeError(
      'invalid_environment',
      `${MAX_RESULT_CHARS_VARIABLE} must be a whole number of characters from ${LOWEST} to ${HIGHEST}, ` +
        `got ${JSON.stringify(raw)}; unset it for the default (${DEFAULT_MAX_RESULT_CHARS})`,
    );
  }
  return value;
}

/** The `_meta` read_file declares in tools/list: a bound only when the budget is above the client's default. */
export function resultSizeMeta(budget: number): { _meta?: Record<string, number> } {
  return budget > CLIENT_DEFAULT_RESULT_CHARS ? { _meta: { [RESULT_SIZE_META_KEY]: budget } } : {};
}
