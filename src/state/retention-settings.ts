// How much run state a workspace keeps: the age and total-size limits of transcripts and incidents,
// read once from PEER_BRIDGE_STATE_MAX_AGE and PEER_BRIDGE_STATE_MAX_BYTES. A bad value is a
// problem the caller reports (the bridge as `invalid_environment`), never a silent default.

export const MAX_AGE_VARIABLE = 'PEER_BRIDGE_STATE_MAX_AGE';
export const MAX_BYTES_VARIABLE = 'PEER_BRIDGE_STATE_MAX_BYTES';

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

// A non-zero size limit below this is taken for a typo ("256" meaning MiB), not a wish to keep
// nothing: it would remove each call's transcript as soon as the call ends.
const SMALLEST_BYTES = MiB;

const AGE = /^(\d+)([dhm])$/;
const SIZE = /^(\d+)\s*(KiB|MiB|GiB)?$/;

/** An age such as `30d`, `12h` or `90m` in ms, or null when `text` is not one. */
export function parseAge(text: string): number | null {
  const age = AGE.exec(text.trim());
  if (!age) return null;
  return Number(age[1]) * { d: 1440 * MINUTE, h: 60 * MINUTE, m: MINUTE }[age[2] as 'd' | 'h' | 'm'];
}

function parseSize(text: string): number | null {
  const size = SIZE.exec(text.trim());
  if (!size) return null;
  const unit = ({ KiB: 1024, MiB, GiB: 1024 * MiB } as Record<string, number>)[size[2] ?? ''] ?? 1;
  const value = Number(size[1]) * unit;
  return Number.isSafeInteger(value) ? value : null;
}

/** The settings of `env`, or the problem with them in one sentence that says what to set. */
export function retentionSettings(
  env: NodeJS.ProcessEnv = process.env,
): { settings: RetentionSettings } | { problem: string } {
  const settings = { ...DEFAULT_RETENTION };
  const age = env[MAX_AGE_VARIABLE]?.trim();
  if (age !== undefined && age !== '') {
    const ms = age === '0' ? 0 : parseAge(age);
    if (ms === null)
      return {
        problem:
          `${MAX_AGE_VARIABLE} must be an age such as 30d, 12h or 90m, or 0 to keep files whatever their age, ` +
          `got ${JSON.stringify(age)}; unset it for the default (30d)`,
      };
    settings.maxAgeMs = ms;
  }
  const bytes = env[MAX_BYTES_VARIABLE]?.trim();
  if (bytes !== undefined && bytes !== '') {
    const value = parseSize(bytes);
    if (value === null || (value !== 0 && value < SMALLEST_BYTES))
      return {
        problem:
          `${MAX_BYTES_VARIABLE} must be a size of at least 1 MiB, in bytes or with KiB, MiB or GiB (e.g. 512MiB), ` +
          `or 0 for no size limit, got ${JSON.stringify(bytes)}; unset it for the default (256MiB)`,
      };
    settings.maxBytes = value;
  }
  return { settings };
}
