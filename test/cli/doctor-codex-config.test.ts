// doctor's Codex configuration checks as pure functions of what the reader found and what Codex
// said: Codex's own verdict wins when it was asked (an older Codex loads a legacy profile that
// 0.171 refuses), the reader's when it could not be (no workspace).
import { describe, expect, it } from 'vitest';
import { codexConfigCheck, codexServersCheck, type CodexLoad } from '../../src/cli/doctor-codex-config.js';
import { readCodexConfig } from '../../src/codex-config/index.js';
import { codexHomeWith, fixtureText } from '../codex-config/fixtures.js';
import { cachePlugin, cacheServers, pluginTables } from '../codex-config/plugin-fixtures.js';

const legacy = () => {
  const home = codexHomeWith(fixtureText('profile-legacy.toml'));
  return readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, systemDir: null });
};

describe("doctor's codex-config check", () => {
  it('reports a legacy profile as applied when the installed Codex loads it', () => {
    const check = codexConfigCheck(legacy(), { ok: true, servers: [], message: null });
    expect(check).toMatchObject({ level: 'ok', detail: expect.stringContaining('legacy profile "work"') });
  });
  it("fails with the reader's reason when Codex was not asked, and with Codex's when it refused", () => {
    expect(codexConfigCheck(legacy(), null)).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('legacy `profile = "work"`'),
      fix: expect.stringContaining('remove `profile = "work"`'),
    });
    const refused: CodexLoad = { ok: false, servers: null, message: 'something Codex said' };
    expect(codexConfigCheck(legacy(), refused)).toMatchObject({
      level: 'fail',
      detail: 'Codex cannot start: something Codex said',
    });
  });
  it('warns when Codex lists other servers than the bridge read', () => {
    const home = codexHomeWith(fixtureText('servers-tables.toml'));
    const config = readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, systemDir: null });
    const same: CodexLoad = { ok: true, servers: ['quoted_name', 'docs', 'peer-bridge'], message: null };
    expect(codexServersCheck(config, same)).toMatchObject({
      level: 'ok',
      detail: '3 MCP server(s); switched off in the child: peer-bridge; given PEER_BRIDGE_DEPTH: docs, quoted_name',
    });
    const other: CodexLoad = { ok: true, servers: ['docs', 'peer-bridge', 'quoted_name', 'extra'], message: null };
    expect(codexServersCheck(config, other)).toMatchObject({ level: 'warn', detail: expect.stringContaining('extra') });
  });
  it('names the plugin each server comes from, the plugins loaded, and a plugin Codex loads nothing from', () => {
    const home = codexHomeWith(pluginTables({ 'peer-bridge@pb': true, 'tools@m': true, 'off@m': false }));
    cacheServers(home, 'peer-bridge@pb', '0.1.0', { 'peer-bridge': { command: 'npx', args: ['-y', 'peer-bridge'] } });
    cacheServers(home, 'tools@m', '2.0.0', { tools: { command: 'node' } });
    cacheServers(home, 'off@m', '1.0.0', { off: { command: 'node' } });
    const read = () => readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, systemDir: null });
    const listed: CodexLoad = { ok: true, servers: ['tools', 'peer-bridge'], message: null };
    expect(codexServersCheck(read(), listed)).toEqual({
      name: 'codex-mcp',
      level: 'ok',
      detail:
        '2 MCP server(s); switched off in the child: peer-bridge (plugin peer-bridge@pb); given PEER_BRIDGE_DEPTH: ' +
        'tools (plugin tools@m); plugins loaded: peer-bridge@pb 0.1.0, tools@m 2.0.0; plugins disabled: off@m',
    });
    cachePlugin(home, 'tools@m', '3.0.0', { '.codex-plugin/plugin.json': '{' });
    expect(codexServersCheck(read(), { ok: true, servers: ['peer-bridge'], message: null })).toMatchObject({
      level: 'warn',
      detail: expect.stringContaining('Codex starts no server of tools@m: '),
      fix: expect.stringContaining('codex plugin add'),
    });
  });
});
