// Reads one setting from an environment through its entry in the table: unset or empty gives the
// default, a value the parser does not allow throws a SettingError.
import { hostEnv } from './env.js';
import { SettingError } from './parse.js';
import type { Setting } from './setting.js';
import { PATTERN_SETTINGS, SETTINGS, type PatternName, type SettingName, type SettingValue } from './table.js';

function readWith<T>(name: string, entry: Setting<T>, env: NodeJS.ProcessEnv): T | undefined {
  const raw = env[name];
  const trimmed = raw?.trim();
  if (raw === undefined || trimmed === '') return entry.default;
  const value = entry.parse.parse(trimmed as string);
  if (value === undefined) throw new SettingError(name, raw, entry.parse.allowed);
  return value;
}

/** The value of `name` in `env` (default: this process's environment), or its default. */
export function readSetting<N extends SettingName>(
  name: N,
  env: NodeJS.ProcessEnv = hostEnv(),
): SettingValue<N> | undefined {
  return readWith(name, SETTINGS[name] as Setting<SettingValue<N>>, env);
}

/** Whether `name` has a value in `env` (set and not blank), allowed or not. */
export function settingIsSet(name: SettingName, env: NodeJS.ProcessEnv = hostEnv()): boolean {
  return Boolean(env[name]?.trim());
}

/** A variable one of the table's pattern rows stands for (`PEER_BRIDGE_CODEX_BIN` for `PEER_BRIDGE_<NAME>_BIN`). */
export function readPatterned(
  pattern: PatternName,
  name: string,
  env: NodeJS.ProcessEnv = hostEnv(),
): string | undefined {
  const row = PATTERN_SETTINGS[pattern];
  if (!row.matches.test(name)) throw new RangeError(`${name} is not a ${pattern} variable`);
  return name in SETTINGS ? (readSetting(name as SettingName, env) as string | undefined) : readWith(name, row, env);
}
