// Which runner a call uses when it names none, and what a runner is called before it loads.
import { resolveExecutable } from '../../runners/executable.js';
import { hostEnv } from '../../settings/env.js';
import { readSetting } from '../../settings/read.js';

export const DEFAULT_RUNNER = 'codex';

// `codex` when it is installed (or PEER_BRIDGE_CODEX_BIN names it, even wrongly: that mistake is
// reported, not bypassed), else `claude` when that is, else `codex` (whose load then fails with a
// spawn envelope that says how to install it).
export function defaultRunner(env: NodeJS.ProcessEnv = hostEnv()): string {
  if (readSetting('PEER_BRIDGE_CODEX_BIN', env)) return DEFAULT_RUNNER;
  const installed = (command: string) => {
    try {
      resolveExecutable(command, env);
      return true;
    } catch {
      return false;
    }
  };
  if (installed(DEFAULT_RUNNER)) return DEFAULT_RUNNER;
  return installed('claude') ? 'claude' : DEFAULT_RUNNER;
}

// The runner's id before it is loaded: built-in names as they are, plugin paths by file name.
export function provisionalRunnerId(spec: string): string {
  return spec === 'codex' || spec === 'claude' ? spec : (spec.split(/[\\/]/).at(-1) ?? spec).replace(/\.[cm]?js$/, '');
}
