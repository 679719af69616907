// Environments that point the real Codex and Claude Code CLIs at the scripted model doubles on
// 127.0.0.1, in throw-away config folders. Only what a child needs; no user configuration.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { refineClaudeExecutable } from '../../src/runners/claude/executable.js';
import { claudeDoubleEnv } from '../doubles/claude-env.js';
import { codexConfigToml } from '../doubles/codex-config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const codexBin = path.join(repoRoot, 'node_modules', '.bin', 'codex');
/** The Claude Code binary (the platform package's, when the npm bin is only the install stub). */
export const claudeBin = refineClaudeExecutable('claude', path.join(repoRoot, 'node_modules', '.bin', 'claude'));

/** CODEX_HOME with a config.toml whose only provider is the Responses double at `origin`. */
export function codexEnv(origin: string, dir: string): Record<string, string> {
  const home = path.join(dir, 'codex-home');
  mkdirSync(home, { recursive: true });
  writeFileSync(path.join(home, 'config.toml'), codexConfigToml(origin, ['model = "gpt-5.5"']));
  return { CODEX_HOME: home, OPENAI_API_KEY: 'sk-test-double', PEER_BRIDGE_CODEX_BIN: codexBin };
}

/** A fresh CLAUDE_CONFIG_DIR and the Messages double at `origin`, with all non-essential traffic off. */
export function claudeEnv(origin: string, dir: string): Record<string, string> {
  const config = path.join(dir, 'claude-config');
  mkdirSync(config, { recursive: true });
  return { ...claudeDoubleEnv(origin, config), PEER_BRIDGE_CLAUDE_BIN: claudeBin };
}

/**
 * The Claude peer's environment as a user behind a client plugin has it: the double's origin and
 * key, which reach it through the plugin's env_vars, and the offline switches in its settings file
 * (settings.json's env), as a user's own preferences would be.
 */
export function claudeEnvWithSettings(origin: string, dir: string): Record<string, string> {
  const peer = claudeEnv(origin, dir);
  const offline = claudeDoubleEnv(origin, peer.CLAUDE_CONFIG_DIR!);
  writeFileSync(
    path.join(peer.CLAUDE_CONFIG_DIR!, 'settings.json'),
    JSON.stringify({
      env: Object.fromEntries(
        Object.entries(offline).filter(([k]) => k.startsWith('DISABLE_') || k.startsWith('CLAUDE_CODE_')),
      ),
    }),
  );
  return peer;
}

/** A core answer that validates. */
export function answer(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'complete',
    verdict: 'The function is fine; one edge case is missing a test.',
    findings: ['parse() accepts an empty string'],
    files_touched: [],
    remaining: [],
    blockers: [],
    details: ['Read src/parse.ts and its tests.'],
    ...overrides,
  };
}
