// How large a workbench tool result may be over MCP, in UTF-8 bytes of its JSON. The model clients
// put a result's JSON in the conversation only when it is small enough: Claude Code hands its
// model a file path instead of any MCP result over 50,000 characters (the JSON of
// structuredContent) unless the tool declares a larger bound in its tools/list `_meta`, and Codex
// keeps about 48,000 bytes of a tool's output, cutting out the middle of the rest. A JSON's UTF-8
// bytes are never fewer than its characters, so one budget in bytes, 40,000 by default, fits both;
// read_file windows are cut to it, and a user may raise it.
import { BridgeError } from '../bridge/errors.js';

export const MAX_RESULT_BYTES_VARIABLE = 'PEER_BRIDGE_MAX_RESULT_BYTES';
export const DEFAULT_MAX_RESULT_BYTES = 40_000;
/** The largest result, in characters, Claude Code keeps in the conversation unless a tool declares more. */
export const CLIENT_DEFAULT_RESULT_CHARS = 50_000;
/** The `_meta` key of a tools/list entry that declares a larger bound (Claude Code clamps it at 500,000). */
export const RESULT_SIZE_META_KEY = 'anthropic/maxResultSizeChars';
// Below this a window would hold little more than the result's own fields; above it, more than
// the library's own 4 MiB window.
const LOWEST = 10_000;
const HIGHEST = 4 * 1024 * 1024;

/** The configured budget, or an `invalid_environment` error that says what to set. */
export function maxResultBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[MAX_RESULT_BYTES_VARIABLE];
  if (raw === undefined || raw === '') return DEFAULT_MAX_RESULT_BYTES;
  const value = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < LOWEST || value > HIGHEST) {
    throw new BridgeError(
      'invalid_environment',
      `${MAX_RESULT_BYTES_VARIABLE} must be a whole number of bytes from ${LOWEST} to ${HIGHEST}, ` +
        `got ${JSON.stringify(raw)}; unset it for the default (${DEFAULT_MAX_RESULT_BYTES})`,
    );
  }
  return value;
}

/**
 * The `_meta` read_file declares in tools/list: a bound only when the budget is above what Claude
 * Code accepts by default (a result within the budget in bytes is within it in characters too).
 */
export function resultSizeMeta(budget: number): { _meta?: Record<string, number> } {
  return budget > CLIENT_DEFAULT_RESULT_CHARS ? { _meta: { [RESULT_SIZE_META_KEY]: budget } } : {};
}
