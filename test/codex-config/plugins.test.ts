// The reader on Codex plugin caches: the servers enabled plugins bring (and none of disabled ones,
// or with `features.plugins = false`), which cached version Codex loads, the three places a plugin
// may declare its servers, name collisions, and broken manifests, which never crash the reader.
// Then Codex 0.171 itself (`codex mcp list --json`) on the same cache lists the same servers, and
// takes the runner's overrides for them.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCodexConfig, type CodexConfig } from '../../src/codex-config/index.js';
import { childServerArgs } from '../../src/runners/codex/mcp-config.js';
import { codexBin } from '../helpers/peers.js';
import { codexHomeWith, gitProject, projectConfig, trust } from './fixtures.js';
import { cachePlugin, cacheServers, pluginTables } from './plugin-fixtures.js';

const read = (home: string, cwd?: string): CodexConfig =>
  readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, systemDir: null, ...(cwd ? { cwd } : {}) });
const byName = (config: CodexConfig) =>
  Object.fromEntries(config.servers.map((s) => [s.name, { plugin: s.plugin, bridge: s.bridge, command: s.command }]));

const bridgeServer = { command: 'npx', args: ['-y', 'peer-bridge@0.1.0', 'serve', '--runner', 'claude'] };

// Installed and enabled, installed and disabled, enabled by default, listed but not cached.
function mixedHome(extra = ''): string {
  const home = codexHomeWith(
    `${extra}\n${pluginTables({ 'peer-bridge@market': true, 'probe@market': null, 'off@market': false, 'gone@market': true })}`,
  );
  // A second server of the bridge's plugin, named and started as nothing that says peer-bridge.
  cacheServers(home, 'peer-bridge@market', '0.1.0', { 'peer-bridge': bridgeServer, helper: { command: 'node' } });
  cacheServers(home, 'probe@market', '1.0.0', { probe: { command: 'node', args: ['probe.mjs'] } });
  cacheServers(home, 'off@market', '1.0.0', { 'off-server': { command: 'node' } });
  return home;
}

describe('the MCP servers installed Codex plugins bring', () => {
  it("lists an enabled plugin's servers, the bridge's marked, and none of a disabled or missing one", () => {
    const config = read(mixedHome());
    expect(byName(config)).toEqual({
      'peer-bridge': { plugin: 'peer-bridge@market', bridge: true, command: 'npx' },
      helper: { plugin: 'peer-bridge@market', bridge: true, command: 'node' },
      probe: { plugin: 'probe@market', bridge: false, command: 'node' },
    });
    expect(config.plugins.plugins.map((p) => [p.id, p.enabled, p.version, p.problem])).toEqual([
      ['gone@market', true, null, 'not in the plugin cache (install it again)'],
      ['off@market', false, '1.0.0', null],
      ['peer-bridge@market', true, '0.1.0', null],
      ['probe@market', true, '1.0.0', null],
    ]);
  });

  it('lists none with features.plugins = false, in the user file or in a trusted project', () => {
    const off = read(mixedHome('[features]\nplugins = false\n'));
    expect(off.servers).toEqual([]);
    expect(off.plugins.feature).toBe(false);
    const { root, cwd } = gitProject();
    const home = mixedHome(trust(root));
    projectConfig(root, '[features]\nplugins = false\n');
    expect(read(home, cwd).servers).toEqual([]);
    projectConfig(root, '[plugins."probe@market"]\nenabled = false\n');
    expect(Object.keys(byName(read(home, cwd)))).toEqual(['peer-bridge', 'helper']);
  });

  it('loads the version Codex loads: `local` first, else the highest, in semantic-version order', () => {
    const home = codexHomeWith(pluginTables({ 'a@m': true, 'b@m': true, 'c@m': true }));
    for (const v of ['0.9.0', '0.10.0']) cacheServers(home, 'a@m', v, { a: { command: v } });
    for (const v of ['2.0.0', 'local']) cacheServers(home, 'b@m', v, { b: { command: v } });
    for (const v of ['1.0.0', '1.0.0-rc.1']) cacheServers(home, 'c@m', v, { c: { command: v } });
    // Neither a file nor a folder whose name Codex refuses is a version.
    writeFileSync(path.join(home, 'plugins', 'cache', 'm', 'a', '9.9.9'), '');
    mkdirSync(path.join(home, 'plugins', 'cache', 'm', 'a', '9 9'));
    expect(read(home).servers.map((s) => [s.name, s.command])).toEqual([
      ['a', '0.10.0'],
      ['b', 'local'],
      ['c', '1.0.0'],
    ]);
  });

  it("reads a manifest's file or inline servers, or a flat .mcp.json, as Codex would start them", () => {
    const home = codexHomeWith(pluginTables({ 'file@m': true, 'inline@m': true, 'flat@m': true }));
    const root = cachePlugin(home, 'file@m', '1.0.0', {
      '.codex-plugin/plugin.json': { name: 'file', mcpServers: './conf/servers.json' },
      'conf/servers.json': { mcpServers: { named: { type: 'stdio', command: 'n', cwd: 'work', oauth: {} } } },
      '.mcp.json': { mcpServers: { ignored: { command: 'i' } } },
    });
    cachePlugin(home, 'inline@m', '1.0.0', {
      '.codex-plugin/plugin.json': { name: 'inline', mcpServers: { inline: { url: 'http://127.0.0.1:9/mcp' } } },
      '.mcp.json': { mcpServers: { ignored2: { command: 'i' } } },
    });
    cachePlugin(home, 'flat@m', '1.0.0', {
      '.codex-plugin/plugin.json': { name: 'flat' },
      '.mcp.json': { flat: { command: 'f', env: { A: '1' }, env_vars: ['B'] } },
    });
    const config = read(home);
    expect(config.servers.map((s) => [s.name, s.transport, s.plugin])).toEqual([
      ['named', 'stdio', 'file@m'],
      ['flat', 'stdio', 'flat@m'],
      ['inline', 'http', 'inline@m'],
    ]);
    expect(config.servers[1]).toMatchObject({ env: { A: '1' }, envVars: ['B'] });
    expect(config.servers[0]?.definition).toEqual({ command: 'n', cwd: path.join(root, 'work') });
  });

  it("keeps a configuration server's name its own, and a name an earlier plugin took that plugin's", () => {
    const home = codexHomeWith(
      `[mcp_servers.shared]\ncommand = "mine"\nenabled = false\n${pluginTables({ 'b@m': true, 'a@m': true })}`,
    );
    cacheServers(home, 'a@m', '1.0.0', { dup: { command: 'from-a' }, shared: { command: 'from-a' } });
    cacheServers(home, 'b@m', '1.0.0', { dup: { command: 'from-b' }, own: { command: 'from-b' } });
    expect(read(home).servers.map((s) => [s.name, s.command, s.plugin])).toEqual([
      ['shared', 'mine', null],
      ['dup', 'from-a', 'a@m'],
      ['own', 'from-b', 'b@m'],
    ]);
  });
});

describe('broken plugins never crash the reader', () => {
  it("reports what Codex would not load and lists the rest's servers", () => {
    const ids = ['badjson@m', 'noname@m', 'dirmanifest@m', 'badmcp@m', 'missingfile@m', 'badservers@m', 'ok@m'];
    const home = codexHomeWith(
      `${pluginTables(Object.fromEntries(ids.map((id) => [id, true])))}[plugins.nope]\nenabled = true\n` +
        '[plugins."notatable@m"]\n',
    );
    cachePlugin(home, 'badjson@m', '1.0.0', { '.codex-plugin/plugin.json': '{"name":', '.mcp.json': '{}' });
    cachePlugin(home, 'noname@m', '1.0.0', { '.codex-plugin/plugin.json': '[1]', '.mcp.json': '{}' });
    mkdirSync(path.join(cachePlugin(home, 'dirmanifest@m', '1.0.0', {}), '.codex-plugin', 'plugin.json'), {
      recursive: true,
    });
    cachePlugin(home, 'badmcp@m', '1.0.0', { '.codex-plugin/plugin.json': { name: 'badmcp' }, '.mcp.json': '{' });
    cachePlugin(home, 'missingfile@m', '1.0.0', {
      '.codex-plugin/plugin.json': { name: 'missingfile', mcpServers: './none.json' },
    });
    cachePlugin(home, 'badservers@m', '1.0.0', {
      '.codex-plugin/plugin.json': { name: 'badservers' },
      '.mcp.json': {
        mcpServers: {
          number: { command: 5 },
          args: { command: 'x', args: [1] },
          env: { command: 'x', env: { A: 1 } },
          neither: { args: [] },
          text: 'npx',
          good: { command: 'x', args: ['a'] },
        },
      },
    });
    cacheServers(home, 'ok@m', '1.0.0', { fine: { command: 'x' } });
    const config = read(home);
    expect(config.servers.map((s) => s.name)).toEqual(['good', 'fine']);
    const problems = Object.fromEntries(config.plugins.plugins.map((p) => [p.id, p.problem]));
    expect(problems).toEqual({
      'badjson@m': expect.stringMatching(/plugin\.json: .*JSON.*: Codex loads nothing from the plugin$/),
      'noname@m': expect.stringContaining('has no "name"'),
      'dirmanifest@m': expect.stringContaining('Codex loads nothing from the plugin'),
      'badmcp@m': expect.stringMatching(/\.mcp\.json: .*: Codex starts none of the plugin's servers$/),
      'missingfile@m': expect.stringContaining('none.json is missing'),
      'badservers@m': null,
      'ok@m': null,
      nope: '"nope" is not a <plugin>@<marketplace> id',
      'notatable@m': 'not in the plugin cache (install it again)',
    });
  });

  it('reads nothing from a plugin cache that is a file, or a [plugins] that is not a table', () => {
    const home = codexHomeWith(pluginTables({ 'p@m': true }));
    mkdirSync(path.join(home, 'plugins', 'cache'), { recursive: true });
    writeFileSync(path.join(home, 'plugins', 'cache', 'm'), 'not a folder');
    expect(read(home).servers).toEqual([]);
    expect(read(codexHomeWith('plugins = "all"\n')).plugins.plugins).toEqual([]);
  });
});

describe("the runner's overrides for plugin servers", () => {
  it("write the bridge's entry back switched off and the others' with the depth, none for a shadowed name", () => {
    const home = mixedHome('[mcp_servers.shadow]\ncommand = "mine"\n');
    cacheServers(home, 'probe@market', '1.0.0', {
      probe: { command: 'node', args: ['probe.mjs'], env: { KEEP: 'yes' } },
      shadow: { command: 'theirs' },
    });
    expect(childServerArgs(read(home), 2)).toEqual([
      '-c',
      'mcp_servers.shadow.env.PEER_BRIDGE_DEPTH="2"',
      '-c',
      'mcp_servers.peer-bridge={ "command" = "npx", "args" = ["-y", "peer-bridge@0.1.0", "serve", "--runner", ' +
        '"claude"], "enabled" = false }',
      '-c',
      'mcp_servers.helper={ "command" = "node", "enabled" = false }',
      '-c',
      'mcp_servers.probe={ "command" = "node", "args" = ["probe.mjs"], "env" = { "KEEP" = "yes", ' +
        '"PEER_BRIDGE_DEPTH" = "2" } }',
    ]);
  });
});

interface Listed {
  name: string;
  enabled: boolean;
  transport: {
    command?: string;
    url?: string;
    args?: string[];
    env?: Record<string, string> | null;
    cwd?: string | null;
  };
}

function codexList(home: string, args: string[] = []): Promise<{ servers: Listed[] | null; stderr: string }> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CODEX_HOME: home };
  return new Promise((resolve) => {
    execFile(codexBin, [...args, 'mcp', 'list', '--json'], { env, cwd: home }, (error, stdout, stderr) => {
      resolve({ servers: error ? null : (JSON.parse(stdout) as Listed[]), stderr: String(stderr) });
    }).stdin?.end();
  });
}

const codexView = (servers: Listed[]) =>
  servers
    .map((s) => ({
      name: s.name,
      enabled: s.enabled,
      start: s.transport.command ?? s.transport.url ?? null,
      args: s.transport.args ?? [],
      env: s.transport.env ?? null,
      cwd: s.transport.cwd ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

const readerView = (config: CodexConfig) =>
  config.servers
    .map((s) => ({
      name: s.name,
      enabled: s.enabled,
      start: s.command ?? (s.definition.url as string | undefined) ?? null,
      args: s.transport === 'stdio' ? s.args : [],
      env: isEmpty(s.env) ? null : s.env,
      cwd: (s.definition.cwd as string | undefined) ?? null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
const isEmpty = (o: object) => Object.keys(o).length === 0;

// Entries Codex 0.171 was seen to skip in a plugin (each field's type, negative timeouts, fields a
// transport refuses, an inline bearer_token) beside ones it takes (unknown keys, float seconds, ms).
const STRICT = {
  'bad-timeout': { command: 'x', startup_timeout_sec: 'x' },
  'bad-required': { command: 'x', required: 'yes' },
  'bad-negative': { command: 'x', tool_timeout_sec: -1 },
  'bad-tools-list': { command: 'x', enabled_tools: 'x' },
  'bad-enabled': { command: 'x', enabled: 'no' },
  'bad-both': { command: 'x', url: 'http://127.0.0.1:9/mcp' },
  'bad-headers': { url: 'http://127.0.0.1:9/mcp', http_headers: { a: 1 } },
  'bad-token': { url: 'http://127.0.0.1:9/mcp', bearer_token: 't' },
  'bad-http-env': { url: 'http://127.0.0.1:9/mcp', env: { A: 'b' } },
  'bad-approval': { command: 'x', default_tools_approval_mode: 'bogus' },
  'ok-unknown': { command: 'x', unknown: { deep: [1] }, startup_timeout_sec: 1.5 },
  'ok-ms': { command: 'x', startup_timeout_ms: 100, tools: { t: { approval_mode: 'approve' } } },
  'ok-http': { url: 'http://127.0.0.1:9/mcp', http_headers: { a: 'b' }, bearer_token_env_var: 'T' },
};

// One cache with every case the reader handles, beside a configuration server that shadows one.
function everyCase(): string {
  const ids = ['ver@m', 'strict@m', 'file@m', 'flat@m', 'inline@m', 'a@m', 'b@m', 'broken@m'];
  const home = mixedHome(
    `[mcp_servers.shadow]\ncommand = "mine"\n${pluginTables(Object.fromEntries(ids.map((id) => [id, true])))}`,
  );
  cacheServers(home, 'probe@market', '1.0.0', {
    probe: { command: 'node', env: { KEEP: 'y' } },
    shadow: { command: 'x' },
  });
  for (const v of ['0.9.0', '0.10.0', '1.0.0-rc.1'])
    cacheServers(home, 'probe@market', v, { probe: { command: v }, [`only-${v}`]: { command: v } });
  // A version that is not semver compares as text: `beta` after `1.0.0`.
  for (const v of ['1.0.0', 'beta']) cacheServers(home, 'ver@m', v, { ver: { command: v } });
  cacheServers(home, 'strict@m', '1.0.0', STRICT);
  cachePlugin(home, 'file@m', '1.0.0', {
    '.codex-plugin/plugin.json': { name: 'file', mcpServers: './conf/servers.json' },
    'conf/servers.json': { mcpServers: { named: { type: 'stdio', command: 'n', cwd: 'work', oauth: {} } } },
    '.mcp.json': { mcpServers: { ignored: { command: 'i' } } },
  });
  cachePlugin(home, 'flat@m', '1.0.0', {
    '.codex-plugin/plugin.json': { name: 'flat' },
    '.mcp.json': { flat: { command: 'f' } },
  });
  cachePlugin(home, 'inline@m', '1.0.0', {
    '.codex-plugin/plugin.json': { name: 'inline', mcpServers: { inline: { command: 'in', args: ['a'] } } },
  });
  cacheServers(home, 'a@m', '1.0.0', { dup: { command: 'from-a' } });
  cacheServers(home, 'b@m', '1.0.0', { dup: { command: 'from-b' } });
  cachePlugin(home, 'broken@m', '1.0.0', { '.codex-plugin/plugin.json': '{', '.mcp.json': { x: { command: 'x' } } });
  return home;
}

describe('Codex 0.171 on the same plugin cache', () => {
  it('lists the servers the reader lists, and takes the overrides the runner passes', async () => {
    const home = everyCase();
    const config = read(home);
    const plain = await codexList(home);
    expect(plain.servers, plain.stderr).not.toBeNull();
    expect(readerView(config)).toEqual(codexView(plain.servers!));
    expect(config.servers.find((s) => s.name === 'ver')?.command).toBe('beta');
    expect(config.servers.map((s) => s.name)).toEqual(
      expect.arrayContaining(['ok-unknown', 'ok-ms', 'ok-http', 'probe']),
    );
    const overridden = await codexList(home, childServerArgs(config, 1));
    expect(overridden.servers, overridden.stderr).not.toBeNull();
    const after = codexView(overridden.servers!);
    expect(after.find((s) => s.name === 'peer-bridge')).toMatchObject({ enabled: false, start: 'npx' });
    const stdio = after.filter((s) => s.enabled && s.name !== 'ok-http');
    expect(stdio.map((s) => [s.name, s.env?.PEER_BRIDGE_DEPTH])).toEqual(stdio.map((s) => [s.name, '1']));
    expect(after.find((s) => s.name === 'probe')).toMatchObject({
      start: 'node',
      env: { KEEP: 'y', PEER_BRIDGE_DEPTH: '1' },
    });
    expect(after.find((s) => s.name === 'named')?.cwd).toBe(
      path.join(home, 'plugins', 'cache', 'm', 'file', '1.0.0', 'work'),
    );
  }, 60_000);
});
