// `peer-bridge config opencode` as a user runs it (the built CLI): OpenCode's `mcp` entry with
// this Node and this copy's absolute path, the npx form, and --scope refused (it is Claude's).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, repoRoot } from '../helpers/serve-client.js';

const main = path.join(repoRoot, 'dist', 'cli', 'main.cjs');
const config = (...args: string[]) =>
  spawnSync(process.execPath, [main, 'config', 'opencode', ...args], { env: baseEnv(), encoding: 'utf8' });

describe('peer-bridge config opencode', () => {
  it('prints a local MCP server entry started with this Node and this copy, the peer Codex by default', () => {
    const result = config();
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      $schema: 'https://opencode.ai/config.json',
      mcp: {
        'peer-bridge': {
          type: 'local',
          command: [process.execPath, main, 'serve', '--runner', 'codex'],
          enabled: true,
          timeout: 900_000,
        },
      },
    });
  });

  it('prints the npx form for another peer', () => {
    const entry = (
      JSON.parse(config('--npx', '--runner', 'claude').stdout) as { mcp: Record<string, { command: string[] }> }
    ).mcp['peer-bridge']!;
    expect(entry.command).toEqual(['npx', '-y', 'peer-bridge', 'serve', '--runner', 'claude']);
  });

  it('refuses --scope with exit 2, saying where OpenCode reads its config', () => {
    const result = config('--scope', 'user');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('opencode.json');
  });
});
