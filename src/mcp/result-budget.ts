// How large a workbench tool result may be over MCP, in UTF-8 bytes of its JSON. The model clients
// put a result's JSON in the conversation only when it is small enough: Claude Code hands its
// model a file path instead of any MCP result over 50,000 characters (the JSON of
// structuredContent) unless the tool declares a larger bound in its tools/list `_meta`, and Codex
// keeps about 48,000 bytes of a tool's output, cutting out the middle of the rest. A JSON's UTF-8
// bytes are never fewer than its characters, so one budget in bytes, 40,000 by default, fits both;
// read_file windows are cut to it, and a user may raise it.
import { BridgeError } from '../bridge/errors.js';
import { asReaderError } from '../settings/errors.js';
import type { SettingError } from '../settings/parse.js';
import { readSetting } from '../settings/read.js';
import { SETTINGS } from '../settings/table.js';
import { hostEnv } from '../settings/env.js';

export const MAX_RESULT_BYTES_VARIABLE = 'PEER_BRIDGE_MAX_RESULT_BYTES' as const;
export const DEFAULT_MAX_RESULT_BYTES = SETTINGS.PEER_BRIDGE_MAX_RESULT_BYTES.default as number;
/** The largest result, in characters, Claude Code keeps in the conversation unless a tool declares more. */
export const CLIENT_DEFAULT_RESULT_CHARS = 50_000;
/** The `_meta` key of a tools/list entry that declares a larger bound (Claude Code clamps it at 500,000). */
export const RESULT_SIZE_META_KEY = 'anthropic/maxResultSizeChars';
/** The configured budget, or an `invalid_environment` error that says what to set. */
export function maxResultBytes(env: NodeJS.ProcessEnv = hostEnv()): number {
  const read = () => readSetting(MAX_RESULT_BYTES_VARIABLE, env) as number;
  const wrap = (_: string, bad: SettingError) =>
    new BridgeError(
      'invalid_environment',
      `${bad.variable} must be ${bad.allowed}, got ${JSON.stringify(bad.value)}; ` +
        `unset it for the default (${DEFAULT_MAX_RESULT_BYTES})`,
    );
  return asReaderError(read, wrap);
}

/**
 * The `_meta` read_file declares in tools/list: a bound only when the budget is above what Claude
 * Code accepts by default (a result within the budget in bytes is within it in characters too).
 */
export function resultSizeMeta(budget: number): { _meta?: Record<string, number> } {
  return budget > CLIENT_DEFAULT_RESULT_CHARS ? { _meta: { [RESULT_SIZE_META_KEY]: budget } } : {};
}
