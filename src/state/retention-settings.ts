// How much run state a workspace keeps: the age and total-size limits of transcripts and incidents,
// read once from PEER_BRIDGE_STATE_MAX_AGE and PEER_BRIDGE_STATE_MAX_BYTES. A bad value is a
// problem the caller reports (the bridge as `invalid_environment`), never a silent default.
import { hostEnv } from '../settings/env.js';
import { SettingError } from '../settings/parse.js';
import { readSetting } from '../settings/read.js';

export { parseAge } from '../settings/units.js';

export const MAX_AGE_VARIABLE = 'PEER_BRIDGE_STATE_MAX_AGE' as const;
export const MAX_BYTES_VARIABLE = 'PEER_BRIDGE_STATE_MAX_BYTES' as const;

const MINUTE = 60_000;
const MiB = 1024 * 1024;

/** What retention keeps; 0 turns a limit off. */
export interface RetentionSettings {
  /** Files last written longer ago than this are removed (ms; 0: whatever their age). */
  maxAgeMs: number;
  /** Past this total of transcripts and incidents, the oldest go (bytes; 0: whatever their size). */
  maxBytes: number;
}

/**
 * 30 days and 256 MiB per workspace: a month of history for `runs` and its page, and at the
 * transcript cap (256 KiB) still a thousand whole transcripts, a small share of a developer disk.
 */
export const DEFAULT_RETENTION: Readonly<RetentionSettings> = { maxAgeMs: 30 * 1440 * MINUTE, maxBytes: 256 * MiB };

/** The settings of `env`, or the problem with them in one sentence that says what to set. */
export function retentionSettings(
  env: NodeJS.ProcessEnv = hostEnv(),
): { settings: RetentionSettings } | { problem: string } {
  try {
    return {
      settings: {
        maxAgeMs: readSetting(MAX_AGE_VARIABLE, env) ?? DEFAULT_RETENTION.maxAgeMs,
        maxBytes: readSetting(MAX_BYTES_VARIABLE, env) ?? DEFAULT_RETENTION.maxBytes,
      },
    };
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    const shown = error.variable === MAX_AGE_VARIABLE ? '30d' : '256MiB';
    const problem = `${error.variable} must be ${error.allowed}, got ${JSON.stringify(error.value.trim())}`;
    return { problem: `${problem}; unset it for the default (${shown})` };
  }
}
