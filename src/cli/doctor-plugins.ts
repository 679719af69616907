// doctor's checks for the runner plugins the project publishes (@peer-bridge/runner-<name>): one
// table entry per plugin says how its CLI keeps credentials; the checks themselves are the same
// for every plugin: installed and granted, the CLI's version, credentials. A plugin package that
// is not installed gets no checks (it is optional).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../runners/config.js';
import { resolveExecutable } from '../runners/executable.js';
import { resolveSpecifier, runnerPackage } from '../runners/resolve.js';
import type { RunnerManifest } from '../runners/manifest.js';
import type { Check } from './doctor-check.js';
import { readSetting } from '../settings/read.js';

/** How a plugin's CLI finds its credentials (read without spending tokens). */
export interface PluginCredentials {
  /** Any of these variables set (and granted to the child) is a credential. */
  env: string[];
  /** Or one of these files under the CLI's home folder. */
  files: string[];
  /** The variable that moves that home folder (default: HOME). */
  homeVariable?: string;
  fix: string;
  /** Variables added for `--version` only (say, to keep the CLI from starting a second process). */
  versionEnv?: Record<string, string>;
}

/** The published plugins doctor knows (add one line per plugin). */
export const PLUGIN_RUNNERS: Record<string, PluginCredentials> = {
  gemini: {
    env: ['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_GENAI_USE_VERTEXAI', 'GOOGLE_GENAI_USE_GCA', 'CLOUD_SHELL'],
    files: ['.gemini/oauth_creds.json'],
    homeVariable: 'GEMINI_CLI_HOME',
    fix: 'set GEMINI_API_KEY (a Gemini API key), or run `gemini` once and sign in with Google',
    // Else the CLI starts a second Node process only to raise its heap limit: twice the time.
    versionEnv: { GEMINI_CLI_NO_RELAUNCH: 'true' },
  },
};

const VERSION_TIMEOUT_MS = 60_000;

function version(file: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(file, ['--version'], { env, timeout: VERSION_TIMEOUT_MS, windowsHide: true }, (error, stdout) =>
      resolve(error ? null : String(stdout).trim().split('\n')[0]!.slice(0, 100)),
    ).stdin?.end();
  });
}

// The plugin's manifest, read from its module, or null when its package is not installed.
async function manifestOf(name: string, env: NodeJS.ProcessEnv): Promise<RunnerManifest | null> {
  const config = loadConfig(readSetting('PEER_BRIDGE_CONFIG', env));
  let resolved;
  try {
    resolved = resolveSpecifier(runnerPackage(name), config.dir ?? process.cwd());
  } catch {
    return null;
  }
  if (resolved.kind !== 'file') return null;
  const mod = (await import(pathToFileURL(resolved.file).href)) as { default?: { manifest?: RunnerManifest } };
  return mod.default?.manifest ?? null;
}

function credentials(name: string, spec: PluginCredentials, env: NodeJS.ProcessEnv): Check {
  const variable = spec.env.find((v) => env[v]);
  const home = (spec.homeVariable && env[spec.homeVariable]) || env.HOME || env.USERPROFILE || '';
  const file = spec.files.map((f) => path.join(home, f)).find((f) => existsSync(f));
  const found = variable ?? file;
  return found
    ? { name: `${name}-auth`, level: 'ok', detail: `credentials: ${found}` }
    : { name: `${name}-auth`, level: 'warn', detail: `no credentials found (${spec.env.join(', ')})`, fix: spec.fix };
}

// The user's config must grant the plugin its manifest: try the load the bridge will do. A warning
// while another runner is ready (an installed plugin need not be used); doctor makes it a failure
// when none is.
async function grantCheck(name: string, manifest: RunnerManifest, workspace: string, env: NodeJS.ProcessEnv) {
  const { loadRunner } = await import('../runners/load.js');
  try {
    await loadRunner(name, { workspace, env });
    return null;
  } catch (error) {
    const grant = JSON.stringify({ runners: { [name]: { grant: manifest.permissions } } });
    const configFile = readSetting('PEER_BRIDGE_CONFIG', env);
    const where = configFile ? `to ${configFile}` : 'to a config file and set PEER_BRIDGE_CONFIG';
    return { level: 'warn' as const, detail: (error as Error).message, fix: `add ${grant} ${where}` };
  }
}

/** Checks of every installed plugin of the table, and which of them are ready. */
export async function checkPlugins(
  env: NodeJS.ProcessEnv,
  workspace: string,
): Promise<{ checks: Check[]; ready: string[] }> {
  const checks: Check[] = [];
  const ready: string[] = [];
  for (const [name, spec] of Object.entries(PLUGIN_RUNNERS)) {
    const manifest = await manifestOf(name, env).catch(() => null);
    if (!manifest) continue;
    const command = manifest.permissions.run[0] ?? name;
    let file: string;
    try {
      file = resolveExecutable(command, env);
    } catch (error) {
      checks.push({ name, level: 'warn', detail: (error as Error).message, fix: `install the ${name} CLI` });
      continue;
    }
    const denied = await grantCheck(name, manifest, workspace, env);
    const seen = await version(file, { ...env, ...spec.versionEnv });
    checks.push(
      denied
        ? { name, ...denied }
        : seen
          ? { name, level: 'ok', detail: `${seen} (${file}, plugin ${runnerPackage(name)})` }
          : { name, level: 'warn', detail: `${file} --version failed`, fix: `check that ${file} runs` },
    );
    const auth = credentials(name, spec, env);
    checks.push(auth);
    if (!denied && seen && auth.level === 'ok') ready.push(name);
  }
  return { checks, ready };
}
