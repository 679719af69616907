// The client plugins' files: Claude Code's own validator on the plugin and its marketplace, the
// Codex plugin's references, the slash commands, and what `npm pack` ships of them.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { claudeBin } from '../helpers/peers.js';
import { repoRoot } from '../helpers/serve-client.js';

const run = promisify(execFile);
const json = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8'));
const version = json('package.json').version as string;
const toolNames = Object.keys(json('schemas/mcp-tools.schema.json').$defs as object);

describe('Claude Code plugin', () => {
  it('`claude plugin validate --strict` passes on the plugin manifest', async () => {
    const out = await run(claudeBin, ['plugin', 'validate', '--strict', path.join('.claude-plugin', 'plugin.json')], {
      cwd: repoRoot,
    });
    expect(out.stdout).toContain('Validating plugin manifest');
    expect(out.stdout).toContain('Validation passed');
  });

  it('`claude plugin validate --strict` passes on the marketplace', async () => {
    const out = await run(claudeBin, ['plugin', 'validate', '--strict', '.'], { cwd: repoRoot });
    expect(out.stdout).toContain('Validating marketplace manifest');
    expect(out.stdout).toContain('Validation passed');
  });

  it('the marketplace installs the npm package at this version, whose server is the package itself', () => {
    const entry = json('.claude-plugin/marketplace.json').plugins[0];
    expect(entry.source).toEqual({ source: 'npm', package: 'peer-bridge', version });
    const server = json('.claude-plugin/plugin.json').mcpServers['peer-bridge'];
    expect(server.args).toEqual(['${CLAUDE_PLUGIN_ROOT}/dist/cli/main.cjs', 'serve', '--runner', 'codex']);
    const hook = json('hooks/hooks.json').hooks.PreToolUse[0].hooks[0];
    expect(hook.args).toEqual(['${CLAUDE_PLUGIN_ROOT}/dist/client-plugin/claude-headless-allow.js']);
  });

  it.each(['review', 'advise', 'implement', 'status'])(
    '/peer-bridge:%s says when to use it and calls its tool',
    (name) => {
      const text = readFileSync(path.join(repoRoot, 'commands', `${name}.md`), 'utf8');
      const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
      expect(front).toMatch(/^description: .*Use /m);
      const tool = /^allowed-tools: mcp__plugin_peer-bridge_peer-bridge__(\w+)$/m.exec(front)?.[1];
      expect(toolNames).toContain(tool);
      expect(text).toContain(`\`${tool}\``);
      expect(text).toContain('$ARGUMENTS');
    },
  );
});

describe('Codex plugin', () => {
  it('the marketplace names the plugin folder, whose manifest names its MCP file', () => {
    const market = json('.agents/plugins/marketplace.json');
    expect(market.plugins[0]).toMatchObject({ name: 'peer-bridge', source: { source: 'local', path: './' } });
    const manifest = json('.codex-plugin/plugin.json');
    expect(manifest).toMatchObject({ name: 'peer-bridge', version });
    expect(existsSync(path.join(repoRoot, manifest.mcpServers))).toBe(true);
  });

  it('its server is this version of the package through npx, with the README table settings', () => {
    const server = json('.codex-plugin/mcp.json').mcpServers['peer-bridge'];
    expect(server).toMatchObject({
      command: 'npx',
      args: ['-y', `peer-bridge@${version}`, 'serve', '--runner', 'claude'],
      required: true,
      startup_timeout_sec: 60,
      tool_timeout_sec: 900,
    });
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const listed = /^env_vars = (\[.*\])$/m.exec(readme)?.[1];
    expect(server.env_vars).toEqual(JSON.parse(listed ?? '[]'));
  });
});

it('`npm pack` ships every file the plugins name', async () => {
  const out = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: repoRoot,
    env: { ...process.env, npm_config_update_notifier: 'false' },
    maxBuffer: 16 * 1024 * 1024,
  });
  const shipped = new Set((JSON.parse(out.stdout)[0].files as { path: string }[]).map((f) => f.path));
  const needed = [
    '.claude-plugin/plugin.json',
    '.claude-plugin/marketplace.json',
    '.codex-plugin/plugin.json',
    '.codex-plugin/mcp.json',
    '.agents/plugins/marketplace.json',
    'hooks/hooks.json',
    'dist/cli/main.cjs',
    'dist/client-plugin/claude-headless-allow.js',
    ...readdirSync(path.join(repoRoot, 'commands')).map((f) => `commands/${f}`),
  ];
  expect(needed.filter((file) => !shipped.has(file))).toEqual([]);
});
