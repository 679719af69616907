// Every setting of an environment read at once, as `doctor` shows them: the bad ones as their
// SettingErrors (a server or a call meets each one where it is read).
import { hostEnv } from './env.js';
import { SettingError } from './parse.js';
import { readSetting, settingIsSet } from './read.js';
import { SETTINGS, type SettingName } from './table.js';

export interface SettingsReport {
  /** The variables of the table that are set (non-empty), in table order. */
  set: SettingName[];
  /** The ones whose value their parser does not allow. */
  problems: SettingError[];
}

export function settingsReport(env: NodeJS.ProcessEnv = hostEnv()): SettingsReport {
  const report: SettingsReport = { set: [], problems: [] };
  for (const name of Object.keys(SETTINGS) as SettingName[]) {
    if (!settingIsSet(name, env)) continue;
    report.set.push(name);
    try {
      readSetting(name, env);
    } catch (error) {
      if (!(error instanceof SettingError)) throw error;
      report.problems.push(error);
    }
  }
  return report;
}
