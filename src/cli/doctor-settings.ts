// doctor's `settings` check: every variable of the settings table read at once, so a bad value is
// reported before a server or a call meets it (a server starts anyway and refuses what it affects).
import { settingsReport } from '../settings/problems.js';
import type { Check } from './doctor-check.js';

export function checkSettings(env: NodeJS.ProcessEnv): Check {
  const { set, problems } = settingsReport(env);
  if (problems.length > 0) {
    const names = problems.map((problem) => problem.variable).join(', ');
    return {
      name: 'settings',
      level: 'fail',
      detail: problems.map((problem) => problem.message).join('; '),
      fix: `fix or unset ${names} (docs/bridge.md lists every variable and what it allows)`,
    };
  }
  const own = set.filter((name) => name.startsWith('PEER_BRIDGE_'));
  return {
    name: 'settings',
    level: 'ok',
    detail: own.length === 0 ? 'no PEER_BRIDGE_* variable set (defaults)' : `set and valid: ${own.join(', ')}`,
  };
}
