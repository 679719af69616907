// `peer-bridge doctor` for OpenCode peers (the @peer-bridge/runner-opencode plugin): the plugin is
// installed and granted, the CLI is installed, its version, its credentials as the peer would see
// them (`opencode auth list` with the plugin's granted variables), and with --live one tiny bridge
// call through the plugin.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { resolveExecutable } from '../../runners/executable.js';
import { buildChildEnv } from '../../runners/env.js';
import type { Check } from '../doctor-check.js';
import { liveCheck } from '../doctor-live.js';
import { readSetting } from '../../settings/read.js';

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
  /** The variables its manifest asks for (what the peer's environment holds). */
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

// Whether the config file grants the plugin (by package name): only then can OpenCode be a peer,
// and only then does doctor start the OpenCode CLI (which creates its own folders under HOME).
function granted(configFile: string | undefined): boolean {
  try {
    const config = JSON.parse(readFileSync(configFile ?? '', 'utf8')) as { runners?: Record<string, unknown> };
    return config.runners?.[OPENCODE_PLUGIN] !== undefined;
  } catch {
    return false; // no config file, or not one peer-bridge could read either
  }
}

// The CLI, its version and what it has to log in with, as the peer's environment shows them.
async function cliChecks(env: NodeJS.ProcessEnv, plugin: Plugin): Promise<Check[]> {
  let file: string;
  try {
    file = resolveExecutable('opencode', env);
  } catch (error) {
    return [{ name: 'opencode', level: 'warn', detail: (error as Error).message, fix: INSTALL }];
  }
  const childEnv = buildChildEnv({ source: env, granted: plugin.env, host: {} });
  const version = (await run(file, ['--version'], childEnv))?.trim().split('\n')[0];
  if (!version) return [{ name: 'opencode', level: 'warn', detail: `${file} --version failed`, fix: INSTALL }];
  return [{ name: 'opencode', level: 'ok', detail: `${version} (${file})` }, await credentials(file, childEnv)];
}

/**
 * The OpenCode checks: nothing when the plugin is not installed; one line when it is installed but
 * the config file (PEER_BRIDGE_CONFIG) does not grant it; else the plugin, the CLI and its version,
 * its credentials, and with `live` one tiny call through the plugin.
 */
export async function opencodeChecks(options: OpencodeDoctorOptions): Promise<Check[]> {
  const { env } = options;
  const plugin = await findPlugin(options.from);
  if (!plugin) return [];
  const found = `${OPENCODE_PLUGIN} at ${plugin.entry}`;
  if (!granted(readSetting('PEER_BRIDGE_CONFIG', env))) {
    return [
      {
        name: 'opencode-plugin',
        level: 'warn',
        detail: `${found}, but the config file (PEER_BRIDGE_CONFIG) grants it nothing, so OpenCode cannot be a peer`,
        fix: `grant it in the config file ("runners": { "${OPENCODE_PLUGIN}": { "grant": … } }), as its README shows`,
      },
    ];
  }
  const checks: Check[] = [{ name: 'opencode-plugin', level: 'ok', detail: found }, ...(await cliChecks(env, plugin))];
  const ready = checks.every((check) => check.level === 'ok');
  if (options.live && ready) checks.push({ ...(await liveCheck(OPENCODE_PLUGIN)), name: 'opencode-live' });
  return checks;
}
