// The README's Codex table and the one `peer-bridge config codex` prints, read by the bridge's own
// reader of Codex's configuration (the one that decides what its Codex children get) and by Codex
// itself: valid TOML that registers one stdio server the bridge recognises as its own, in the
// user's config.toml and in a trusted project's .codex/config.toml alike.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODEX_ENV_VARS_FOR_CLAUDE, codexSnippet } from '../../src/cli/client-snippets.js';
import { readCodexConfig } from '../../src/codex-config/index.js';
import { childServerArgs } from '../../src/runners/codex/mcp-config.js';
import { codexBin } from '../helpers/peers.js';
import { registerSnippets } from './readme-snippets.js';

const fresh = (prefix: string) => realpathSync(mkdtempSync(path.join(os.tmpdir(), `pb-readme-${prefix}-`)));

// Codex's own listing of its servers for a run in `cwd`.
function codexLists(home: string, cwd: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CODEX_HOME: home };
    execFile(codexBin, ['mcp', 'list', '--json'], { env, cwd }, (error, stdout, stderr) => {
      if (error) reject(new Error(`codex mcp list failed: ${String(stderr)}`));
      else resolve((JSON.parse(stdout) as { name: string }[]).map((s) => s.name));
    }).stdin?.end();
  });
}

const snippets: [string, string][] = [
  ['the README', registerSnippets().codexToml],
  [
    'peer-bridge config codex',
    codexSnippet(
      { command: '/usr/bin/node', args: ['/opt/peer-bridge/dist/cli/main.cjs', 'serve'] },
      CODEX_ENV_VARS_FOR_CLAUDE,
    ),
  ],
];

describe.each(snippets)('the Codex table of %s', (_, table) => {
  it("is valid TOML with one bridge server, switched off in the bridge's Codex children", async () => {
    const home = fresh('home');
    writeFileSync(path.join(home, 'config.toml'), table);
    const cwd = fresh('cwd');
    const config = readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, cwd });
    expect(config.problems).toEqual([]);
    expect(config.servers).toEqual([
      expect.objectContaining({
        name: 'peer-bridge',
        transport: 'stdio',
        bridge: true,
        startable: true,
        enabled: true,
      }),
    ]);
    expect(config.servers[0]!.envVars).toContain('PEER_BRIDGE_DEPTH');
    expect(childServerArgs(config, 1)).toEqual(['-c', 'mcp_servers.peer-bridge.enabled=false']);
    expect(await codexLists(home, cwd)).toEqual(['peer-bridge']);
  });

  it('is read from a trusted project’s .codex/config.toml, as the README offers', async () => {
    const project = fresh('project');
    mkdirSync(path.join(project, '.codex'));
    writeFileSync(path.join(project, '.codex', 'config.toml'), table);
    const home = fresh('home');
    writeFileSync(path.join(home, 'config.toml'), `[projects.${JSON.stringify(project)}]\ntrust_level = "trusted"\n`);
    const config = readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, cwd: project });
    expect(config.servers.map((s) => [s.name, s.bridge])).toEqual([['peer-bridge', true]]);
    expect(await codexLists(home, project)).toEqual(['peer-bridge']);
  });
});
