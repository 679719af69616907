// Reads one setting from an environment through its entry in the table: unset or empty gives the
// default, a value the parser does not allow throws a SettingError.
import { SettingError } from './parse.js';
import { SETTINGS, type SettingName, type SettingValue } from './table.js';

export function readSetting<N extends SettingName>(
  name: N,
  env: NodeJS.ProcessEnv = process.env,
): SettingValue<N> | undefined {
  const raw = env[name];
  const trimmed = raw?.trim();
  const entry = SETTINGS[name];
  if (raw === undefined || trimmed === '') return entry.default as SettingValue<N> | undefined;
  const value = entry.parse.parse(trimmed as string);
  if (value === undefined) throw new SettingError(name, raw, entry.parse.allowed);
  return value as SettingValue<N>;
}
