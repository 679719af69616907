// Which model provider the user's Codex config selects, and the variable its key comes from: the
// bridge must pass that variable to the child (`env_key` of `[model_providers.<id>]`).
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CodexProvider {
  /** `model_provider` of config.toml (default `openai`). */
  id: string;
  /** The `env_key` of a provider table in config.toml; null for the built-ins and key-less providers. */
  envKey: string | null;
  /** True when config.toml defines the provider itself. */
  custom: boolean;
}

/** CODEX_HOME, else ~/.codex. */
export function codexHome(env: NodeJS.ProcessEnv): string {
  return env.CODEX_HOME || path.join(env.HOME || os.homedir(), '.codex');
}

const quoted = (line: string, key: string) => new RegExp(`^\\s*${key}\\s*=\\s*"([^"]*)"`, 'm').exec(line)?.[1] ?? null;

/** Reads the provider from config.toml (a missing or unreadable file means the default, openai). */
export function codexProvider(env: NodeJS.ProcessEnv): CodexProvider {
  let toml: string;
  try {
    toml = readFileSync(path.join(codexHome(env), 'config.toml'), 'utf8');
  } catch {
    return { id: 'openai', envKey: null, custom: false };
  }
  const [top = '', ...tables] = toml.split(/^(?=\s*\[)/m);
  const id = quoted(top, 'model_provider') ?? 'openai';
  for (const table of tables) {
    const header = /^\s*\[\s*model_providers\.(?:"([^"]+)"|([A-Za-z0-9_-]+))\s*\]/.exec(table);
    if (header && (header[1] ?? header[2]) === id) return { id, envKey: quoted(table, 'env_key'), custom: true };
  }
  return { id, envKey: null, custom: false };
}
