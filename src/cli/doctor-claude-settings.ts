// doctor's view of what a Claude Code child would use besides its environment: the settings files
// it reads for a run in the workspace (user, project, local, managed) and where its credentials
// would come from (the login file, an `apiKeyHelper`, key variables set in a settings file's `env`).
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSetting } from '../settings/read.js';
import type { Check } from './doctor-check.js';

interface SettingsFile {
  scope: 'user' | 'project' | 'local' | 'managed';
  path: string;
}

function managedSettings(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/ClaudeCode/managed-settings.json';
  if (platform === 'win32') return 'C:\\Program Files\\ClaudeCode\\managed-settings.json';
  return '/etc/claude-code/managed-settings.json';
}

/** The settings files Claude Code reads, lowest precedence first. */
export function claudeSettingsFiles(env: NodeJS.ProcessEnv, workspace: string | null): SettingsFile[] {
  const config = claudeConfigDir(env);
  return [
    { scope: 'user', path: path.join(config, 'settings.json') },
    ...(workspace
      ? ([
          { scope: 'project', path: path.join(workspace, '.claude', 'settings.json') },
          { scope: 'local', path: path.join(workspace, '.claude', 'settings.local.json') },
        ] as const)
      : []),
    { scope: 'managed', path: managedSettings(process.platform) },
  ];
}

/** CLAUDE_CONFIG_DIR, else ~/.claude. */
export function claudeConfigDir(env: NodeJS.ProcessEnv): string {
  return readSetting('CLAUDE_CONFIG_DIR', env) ?? path.join(readSetting('HOME', env) ?? os.homedir(), '.claude');
}

// The variables a settings file's `env` sets that decide where Claude Code's model calls go.
const CREDENTIAL_VARIABLE = /^(ANTHROPIC_|CLAUDE_CODE_USE_|AWS_|CLOUD_ML_REGION$)/;

/** The settings files found, what in them concerns credentials, and any that is not JSON. */
export function claudeSettingsCheck(env: NodeJS.ProcessEnv, workspace: string | null): Check {
  const name = 'claude-config';
  const found: string[] = [];
  const broken: string[] = [];
  const sources: string[] = [];
  for (const file of claudeSettingsFiles(env, workspace)) {
    if (!existsSync(file.path)) continue;
    let settings: { env?: Record<string, unknown>; apiKeyHelper?: unknown };
    try {
      settings = JSON.parse(readFileSync(file.path, 'utf8')) as typeof settings;
    } catch (error) {
      broken.push(`${file.path}: ${(error as Error).message}`);
      continue;
    }
    found.push(`${file.scope} ${file.path}`);
    if (typeof settings.apiKeyHelper === 'string') sources.push(`apiKeyHelper (${file.scope} settings)`);
    const vars = Object.keys(settings.env ?? {}).filter((v) => CREDENTIAL_VARIABLE.test(v));
    if (vars.length > 0) sources.push(`${vars.join(', ')} (${file.scope} settings' env)`);
  }
  const login = path.join(claudeConfigDir(env), '.credentials.json');
  if (existsSync(login)) sources.push(`the login in ${login}`);
  const detail =
    `reads ${found.length > 0 ? found.join('; ') : 'no settings file'}; ` +
    `credentials: ${sources.length > 0 ? sources.join(', ') : 'none in settings or a login file (see claude-auth)'}`;
  if (broken.length > 0)
    return {
      name,
      level: 'warn',
      detail: `${detail}; not JSON: ${broken.join('; ')}`,
      fix: 'fix the file named: Claude Code does not use a settings file it cannot parse',
    };
  return { name, level: 'ok', detail };
}
