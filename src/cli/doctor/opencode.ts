// `peer-bridge doctor` for OpenCode peers (the @peer-bridge/runner-opencode plugin): the CLI is
// installed, its version, its credentials as the peer would see them (`opencode auth list` with
// the plugin's granted variables), and with --live one tiny bridge call through the plugin.
// Nothing is checked (no line printed) when neither the plugin nor the CLI is on this machine.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { resolveExecutable } from '../../runners/executable.js';
import { buildChildEnv } from '../../runners/env.js';
import type { Check } from '../doctor.js';
import { liveCheck } from '../doctor-live.js';

/** The plugin's npm package name. */
export const OPENCODE_PLUGIN = '@peer-bridge/runner-opencode';
const INSTALL = 'npm install -g opencode-ai (or see https://opencode.ai)';

export interface OpencodeDoctorOptions {
  env: NodeJS.ProcessEnv;
  /** Where the plugin package is looked up from (the config file's folder, else the current one). */
  from: string;
  live: boolean;
}

interface Plugin {
  entry: string;
  env: string[];
}

// The installed plugin's entry and the variables its manifest asks for, or null when not installed.
async function findPlugin(from: string): Promise<Plugin | null> {
  let entry: string;
  try {
    entry = createRequire(path.join(from, 'noop.js')).resolve(OPENCODE_PLUGIN);
  } catch {
    return null;
  }
  try {
    const mod = (await import(entry)) as { manifest?: { permissions?: { env?: string[] } } };
    return { entry, env: mod.manifest?.permissions?.env ?? [] };
  } catch {
    return { entry, env: [] };
  }
}

function run(file: string, args: string[], env: Record<string, string>): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 30_000, windowsHide: true }, (error, stdout) =>
      resolve(error ? null : String(stdout)),
    ).stdin?.end();
  });
}

// `opencode auth list`: stored logins and the provider keys it sees in the environment.
async function credentials(file: string, env: Record<string, string>): Promise<Check> {
  const text = (await run(file, ['auth', 'list'], env))?.replace(/\u001b\[[0-9;]*m/g, '');
  if (text == null) {
    return {
      name: 'opencode-auth',
      level: 'warn',
      detail: '`opencode auth list` failed',
      fix: 'run it yourself to see why',
    };
  }
  const stored = Number(/(\d+) credentials?/.exec(text)?.[1] ?? 0);
  const variables = Number(/(\d+) environment variables?/.exec(text)?.[1] ?? 0);
  if (stored + variables > 0)
    return {
      name: 'opencode-auth',
      level: 'ok',
      detail: `${stored} stored credential(s), ${variables} provider key variable(s) the peer gets`,
    };
  return {
    name: 'opencode-auth',
    level: 'warn',
    detail: 'OpenCode has no stored credential and sees no provider key variable',
    fix:
      'run `opencode auth login`, or give the provider an apiKey in opencode.json ' +
      '(a key variable it reads needs a grant in the config file)',
  };
}

// One tiny call through the plugin, by package name as the user's config file grants it; none
// when the config file grants the plugin nothing (the call could only be refused).
async function live(configFile: string | undefined): Promise<Check> {
  let granted = false;
  try {
    const config = JSON.parse(readFileSync(configFile ?? '', 'utf8')) as { runners?: Record<string, unknown> };
    granted = config.runners?.[OPENCODE_PLUGIN] !== undefined;
  } catch {
    // no config file, or not one peer-bridge could read either
  }
  if (!granted)
    return {
      name: 'opencode-live',
      level: 'warn',
      detail: `no live call: the config file (PEER_BRIDGE_CONFIG) grants nothing to ${OPENCODE_PLUGIN}`,
      fix: `add "runners": { "${OPENCODE_PLUGIN}": { "grant": … } } to it, as the plugin's README shows`,
    };
  return { ...(await liveCheck(OPENCODE_PLUGIN)), name: 'opencode-live' };
}

/** The OpenCode checks (empty when neither the plugin nor the CLI is installed). */
export async function opencodeChecks(options: OpencodeDoctorOptions): Promise<Check[]> {
  const { env } = options;
  const plugin = await findPlugin(options.from);
  let file: string | null = null;
  let problem = '';
  try {
    file = resolveExecutable('opencode', env);
  } catch (error) {
    problem = (error as Error).message;
  }
  if (!plugin && !file) return [];
  const checks: Check[] = [
    plugin
      ? { name: 'opencode-plugin', level: 'ok', detail: `${OPENCODE_PLUGIN} at ${plugin.entry}` }
      : {
          name: 'opencode-plugin',
          level: 'warn',
          detail: `${OPENCODE_PLUGIN} is not installed here, so OpenCode cannot be a peer`,
          fix: `npm install ${OPENCODE_PLUGIN} next to peer-bridge, and grant it in the config file`,
        },
  ];
  if (!file) return [...checks, { name: 'opencode', level: 'warn', detail: problem, fix: INSTALL }];
  const childEnv = buildChildEnv({ source: env, granted: plugin?.env ?? ['OPENCODE_*', 'XDG_*'], host: {} });
  const version = (await run(file, ['--version'], childEnv))?.trim().split('\n')[0];
  if (!version)
    return [...checks, { name: 'opencode', level: 'warn', detail: `${file} --version failed`, fix: INSTALL }];
  checks.push({ name: 'opencode', level: 'ok', detail: `${version} (${file})` });
  checks.push(await credentials(file, childEnv));
  if (options.live && plugin) checks.push(await live(env.PEER_BRIDGE_CONFIG));
  return checks;
}
