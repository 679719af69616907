// --runner on the command line: a name that cannot be a runner is bad usage (exit 2), found before
// anything starts or is recorded in the ledger. A runner that exists but cannot run (say, its CLI
// is not installed) is not usage: the call reports it as an envelope.
import path from 'node:path';
import { RunnerLoadError } from '../runners/errors.js';
import { hostEnv } from '../settings/env.js';
import { readSetting } from '../settings/read.js';
import { resolveSpecifier } from '../runners/resolve.js';
import { UsageError } from './args.js';

/** Checks a --runner value, resolving plugins as the runner host will (from the config's folder). */
export function checkRunnerOption(
  runner: string | undefined,
  configPath: string | undefined,
  env: NodeJS.ProcessEnv = hostEnv(),
): void {
  if (runner === undefined) return;
  const config = configPath ?? readSetting('PEER_BRIDGE_CONFIG', env);
  const baseDir = config ? path.dirname(path.resolve(config)) : process.cwd();
  try {
    resolveSpecifier(runner, baseDir);
  } catch (error) {
    if (!(error instanceof RunnerLoadError)) throw error;
    throw new UsageError(`--runner ${JSON.stringify(runner)}: ${error.message}`);
  }
}
