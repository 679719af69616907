// doctor's credential checks: does each runner's child have what it needs to reach its model?
// Asked without spending tokens: the CLIs' own status commands (`codex login status`, `claude auth
// status`), run with exactly the environment the child would get, plus the variables each provider
// documents.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readCodexConfig, type CodexConfig } from '../codex-config/index.js';
import { buildChildEnv } from '../runners/env.js';
import {
  CLAUDE_VARIABLES,
  CODEX_VARIABLES,
  NETWORK_VARIABLES,
  PASS_ENV_VARIABLE,
  userEnvGrant,
} from '../runners/env-grants.js';
import { loadConfig } from '../runners/config.js';
import { envCovered } from '../runners/permissions.js';
import { hostEnv } from '../settings/env.js';
import { readSetting } from '../settings/read.js';
import { claudeConfigDir, claudeSettingsCheck } from './doctor-claude-settings.js';
import { codexConfigCheck, codexLoad, codexServersCheck } from './doctor-codex-config.js';
import type { Check } from './doctor-check.js';

type BuiltIn = 'codex' | 'claude';

/** The env grant of a built-in runner with the user's additions; throws for a bad PEER_BRIDGE_PASS_ENV or config. */
export function builtInEnvGrant(id: BuiltIn, env: NodeJS.ProcessEnv): string[] {
  const own = id === 'codex' ? CODEX_VARIABLES : CLAUDE_VARIABLES;
  return [...own, ...NETWORK_VARIABLES, ...userEnvGrant(id, loadConfig(readSetting('PEER_BRIDGE_CONFIG', env)), env)];
}

function status(
  executable: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    execFile(executable, args, { env, timeout: 20_000, windowsHide: true }, (error, stdout) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, stdout: String(stdout) });
    }).stdin?.end();
  });
}

const firstOf = (env: NodeJS.ProcessEnv, names: string[]) => names.find((name) => env[name]);

// Which provider Codex uses, where its choice came from, and whether the child gets its key.
function providerLabel(config: CodexConfig): string {
  const { provider, legacyProfile } = config;
  const from =
    provider.from === 'profile' && legacyProfile
      ? ` (from the legacy profile "${legacyProfile.name}")`
      : provider.from === 'default'
        ? ' (the default)'
        : '';
  return `provider "${provider.id}"${from}`;
}

function customProviderKey(config: CodexConfig, env: NodeJS.ProcessEnv, grant: string[]): Check {
  const name = 'codex-auth';
  const label = providerLabel(config);
  const key = config.provider.envKey;
  if (!key) return { name, level: 'ok', detail: `${label} takes no key (no env_key)` };
  if (!env[key]) {
    return {
      name,
      level: 'warn',
      detail: `${label} takes its key from ${key}, which is not set`,
      fix: `set ${key} in the environment that starts peer-bridge`,
    };
  }
  if (!envCovered(key, grant)) {
    return {
      name,
      level: 'warn',
      detail: `${label} takes its key from ${key}, which is set but not passed to the Codex child`,
      fix: `set ${PASS_ENV_VARIABLE}=${key}, or add "${key}" to runners.codex.grant.env in the config file`,
    };
  }
  return { name, level: 'ok', detail: `${label}, key from ${key} (passed to the child)` };
}

async function codexCredentials(
  executable: string,
  env: NodeJS.ProcessEnv,
  grant: string[],
  config: CodexConfig,
): Promise<Check> {
  const name = 'codex-auth';
  if (!config.provider.builtIn && !(config.provider.openaiAuth && !config.provider.envKey))
    return customProviderKey(config, env, grant);
  if (config.provider.id === 'ollama' || config.provider.id === 'lmstudio')
    return { name, level: 'ok', detail: `${providerLabel(config)} (a local server) takes no key` };
  if (config.provider.id === 'amazon-bedrock')
    return {
      name,
      level: 'warn',
      detail: `${providerLabel(config)} takes AWS credentials, which the bridge does not pass to Codex by default`,
      fix: `set ${PASS_ENV_VARIABLE}=AWS_* (or the AWS variables you use)`,
    };
  // Codex 0.171 takes CODEX_API_KEY, else its login (auth.json); OPENAI_API_KEY in the environment
  // is not read for the OpenAI provider (checked against the real CLI).
  const label = providerLabel(config);
  if (env.CODEX_API_KEY) return { name, level: 'ok', detail: `${label}, CODEX_API_KEY is set (passed to the child)` };
  const childEnv = buildChildEnv({ source: env, granted: grant, host: {} });
  const { code, stdout } = await status(executable, ['login', 'status'], childEnv);
  if (code === 0)
    return {
      name,
      level: 'ok',
      detail: `${label}, ${stdout.trim().split('\n')[0] || 'logged in'} (codex login status)`,
    };
  if (env.OPENAI_API_KEY)
    return {
      name,
      level: 'warn',
      detail: `${label}: OPENAI_API_KEY is set, but Codex takes its key from CODEX_API_KEY or its login, not from it`,
      fix: 'run `printenv OPENAI_API_KEY | codex login --with-api-key` once, or set CODEX_API_KEY',
    };
  return {
    name,
    level: 'warn',
    detail: `${label}: not logged in (no login in ${path.join(config.home, 'auth.json')} and no CODEX_API_KEY)`,
    fix: 'run `codex login` (or `codex login --with-api-key`), or set CODEX_API_KEY',
  };
}

interface ClaudeStatus {
  loggedIn?: boolean;
  authMethod?: string;
  apiProvider?: string;
  apiKeySource?: string;
}

function cloudCredentials(provider: string, env: NodeJS.ProcessEnv): Check {
  const name = 'claude-auth';
  const home = readSetting('HOME', env) ?? os.homedir();
  if (provider === 'bedrock') {
    const region = firstOf(env, ['AWS_REGION', 'AWS_DEFAULT_REGION']);
    const source =
      firstOf(env, [
        'AWS_BEARER_TOKEN_BEDROCK',
        'AWS_ACCESS_KEY_ID',
        'AWS_PROFILE',
        'AWS_WEB_IDENTITY_TOKEN_FILE',
        'AWS_CONTAINER_CREDENTIALS_FULL_URI',
      ]) ??
      (existsSync(path.join(home, '.aws', 'credentials')) || existsSync(path.join(home, '.aws', 'config'))
        ? '~/.aws'
        : undefined);
    if (!region)
      return {
        name,
        level: 'warn',
        detail: 'Amazon Bedrock without a region',
        fix: 'set AWS_REGION (Claude Code on Bedrock needs it)',
      };
    if (!source)
      return {
        name,
        level: 'warn',
        detail: 'Amazon Bedrock without AWS credentials',
        fix: 'set AWS_PROFILE or AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, or AWS_BEARER_TOKEN_BEDROCK',
      };
    return { name, level: 'ok', detail: `Amazon Bedrock, region ${env[region]}, credentials from ${source}` };
  }
  const missing = ['ANTHROPIC_VERTEX_PROJECT_ID', 'CLOUD_ML_REGION'].filter((v) => !env[v]);
  if (missing.length > 0)
    return {
      name,
      level: 'warn',
      detail: `Google Vertex AI without ${missing.join(' and ')}`,
      fix: `set ${missing.join(' and ')}`,
    };
  const adc = path.join(
    env.CLOUDSDK_CONFIG || path.join(home, '.config', 'gcloud'),
    'application_default_credentials.json',
  );
  const source = env.GOOGLE_APPLICATION_CREDENTIALS
    ? 'GOOGLE_APPLICATION_CREDENTIALS'
    : existsSync(adc)
      ? 'gcloud application-default login'
      : undefined;
  if (!source)
    return {
      name,
      level: 'warn',
      detail: 'Google Vertex AI without credentials',
      fix: 'run `gcloud auth application-default login`, or set GOOGLE_APPLICATION_CREDENTIALS',
    };
  return {
    name,
    level: 'ok',
    detail:
      `Google Vertex AI, project ${env.ANTHROPIC_VERTEX_PROJECT_ID}, region ${env.CLOUD_ML_REGION}, ` +
      `credentials from ${source}`,
  };
}

async function claudeCredentials(executable: string, env: NodeJS.ProcessEnv, grant: string[]): Promise<Check> {
  const name = 'claude-auth';
  const childEnv = buildChildEnv({ source: env, granted: grant, host: {} });
  const { stdout } = await status(executable, ['auth', 'status'], childEnv);
  let parsed: ClaudeStatus;
  try {
    parsed = JSON.parse(stdout) as ClaudeStatus;
  } catch {
    return {
      name,
      level: 'warn',
      detail: `\`claude auth status\` gave no answer: ${stdout.trim().slice(0, 200) || 'no output'}`,
      fix: 'run `claude auth status` yourself; `peer-bridge doctor --live` tries a real call',
    };
  }
  if (parsed.apiProvider === 'bedrock' || parsed.apiProvider === 'vertex')
    return cloudCredentials(parsed.apiProvider, env);
  if (parsed.loggedIn) {
    const from = parsed.apiKeySource ? ` from ${parsed.apiKeySource}` : '';
    return {
      name,
      level: 'ok',
      detail: `${parsed.authMethod ?? 'logged in'}${from} (claude auth status)`,
    };
  }
  const config = claudeConfigDir(env);
  return {
    name,
    level: 'warn',
    detail: `not logged in (no login under ${config} and no ANTHROPIC_API_KEY)`,
    fix:
      'run `claude` once and /login, or set ANTHROPIC_API_KEY ' +
      '(or CLAUDE_CODE_USE_BEDROCK / CLAUDE_CODE_USE_VERTEX with their settings)',
  };
}

/**
 * The checks of one installed built-in runner after its version: its credentials (first: the
 * runner is ready when they are ok), then the configuration its child would use in `workspace`.
 */
export async function checkRunner(
  id: BuiltIn,
  executable: string,
  env: NodeJS.ProcessEnv = hostEnv(),
  workspace: string | null = null,
): Promise<Check[]> {
  let grant: string[];
  try {
    grant = builtInEnvGrant(id, env);
  } catch (error) {
    return [
      {
        name: `${id}-auth`,
        level: 'fail',
        detail: (error as Error).message,
        fix: `fix ${PASS_ENV_VARIABLE} or the config file: every ${id} call fails until then`,
      },
    ];
  }
  if (id === 'claude') return [await claudeCredentials(executable, env, grant), claudeSettingsCheck(env, workspace)];
  // Read with the child's own environment, in the child's working directory, as the child reads it.
  const childEnv = buildChildEnv({ source: env, granted: grant, host: {} });
  const config = readCodexConfig({ env: childEnv, ...(workspace ? { cwd: workspace } : {}) });
  const [auth, load] = await Promise.all([
    codexCredentials(executable, env, grant, config),
    workspace ? codexLoad(executable, childEnv, workspace) : Promise.resolve(null),
  ]);
  return [auth, codexConfigCheck(config, load), codexServersCheck(config, load)];
}
