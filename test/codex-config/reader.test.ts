// The reader of Codex's configuration on the fixtures: every form of MCP server entry and of
// provider, literal strings, legacy profiles, broken files (with their line), a byte-order mark
// and CRLF, and the project layers Codex uses only when trusted.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCodexConfig, type CodexConfig } from '../../src/codex-config/index.js';
import {
  BYTE_FORMS,
  codexHomeWith,
  fixtureText,
  freshDir,
  gitProject,
  projectConfig,
  trust,
  type ByteForm,
} from './fixtures.js';

// No system-wide files: what is under test is the user's and the project's.
const read = (home: string, cwd?: string): CodexConfig =>
  readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, systemDir: null, ...(cwd ? { cwd } : {}) });
const readFixture = (name: string, form: ByteForm = 'lf') => read(codexHomeWith(fixtureText(name, form)));
const servers = (config: CodexConfig) =>
  Object.fromEntries(config.servers.map((s) => [s.name, { bridge: s.bridge, transport: s.transport }]));

describe.each(BYTE_FORMS)('the MCP servers of each fixture (%s)', (form) => {
  it('[mcp_servers.<name>] tables, quoted names included', () => {
    expect(servers(readFixture('servers-tables.toml', form))).toEqual({
      docs: { bridge: false, transport: 'stdio' },
      'peer-bridge': { bridge: true, transport: 'stdio' },
      quoted_name: { bridge: false, transport: 'stdio' },
    });
  });
  it('inline tables at the top of the file', () => {
    const config = readFixture('servers-inline-top.toml', form);
    expect(servers(config)).toEqual({
      pb: { bridge: true, transport: 'stdio' },
      docs: { bridge: false, transport: 'stdio' },
      web: { bridge: false, transport: 'http' },
    });
    expect(config.servers.find((s) => s.name === 'docs')?.env).toEqual({ DOCS_TOKEN: 't' });
    expect(config.model).toBe('gpt-5.5');
  });
  it('inline tables under a bare [mcp_servers] header', () => {
    const config = readFixture('servers-inline-under-header.toml', form);
    expect(servers(config)).toEqual({
      bridge: { bridge: true, transport: 'stdio' },
      search: { bridge: false, transport: 'stdio' },
      old: { bridge: false, transport: 'stdio' },
    });
    expect(config.servers.find((s) => s.name === 'old')?.enabled).toBe(false);
  });
  it('dotted keys', () => {
    const config = readFixture('servers-dotted-keys.toml', form);
    expect(servers(config)).toEqual({
      pb: { bridge: true, transport: 'stdio' },
      git: { bridge: false, transport: 'stdio' },
    });
    expect(config.servers[0]?.env).toEqual({ PEER_BRIDGE_MAX_DEPTH: '2' });
  });
  it('dotted keys and an inline table under a bare [mcp_servers] header', () => {
    const config = readFixture('servers-dotted-under-header.toml', form);
    expect(servers(config)).toEqual({
      pb: { bridge: true, transport: 'stdio' },
      docs: { bridge: false, transport: 'stdio' },
    });
    expect(config.servers[0]?.envVars).toEqual(['PEER_BRIDGE_DEPTH']);
  });
  it('literal strings, a Windows path among them', () => {
    const config = readFixture('servers-literal-strings.toml', form);
    expect(servers(config)).toEqual({
      peer_bridge: { bridge: true, transport: 'stdio' },
      notes: { bridge: false, transport: 'stdio' },
    });
    expect(config.servers[0]?.command).toBe('C:\\Users\\me\\AppData\\Roaming\\npm\\peer-bridge.cmd');
    expect(config.servers[1]?.args[1]).toBe(
      form.includes('crlf') ? 'two lines of\r\nwelcome text\r\n' : 'two lines of\nwelcome text\n',
    );
  });
  it('inline tables over several lines with trailing commas (TOML 1.1, which Codex reads)', () => {
    expect(servers(readFixture('servers-inline-multiline.toml', form))).toEqual({
      pb: { bridge: true, transport: 'stdio' },
      docs: { bridge: false, transport: 'stdio' },
    });
  });
  it('sub-tables, disabled, HTTP and unstartable servers, and text that only looks like a server', () => {
    const config = readFixture('servers-subtables-and-tricks.toml', form);
    expect(servers(config)).toEqual({
      pb: { bridge: true, transport: 'stdio' },
      lint: { bridge: false, transport: 'stdio' },
      remote: { bridge: false, transport: 'http' },
      'my server': { bridge: false, transport: 'stdio' },
    });
    expect(config.servers.find((s) => s.name === 'my server')?.startable).toBe(false);
    expect(config.problems).toEqual([]);
  });
});

describe('the provider and its key', () => {
  it.each([
    ['provider-literal.toml', 'acme', 'ACME_LITERAL_KEY'],
    ['provider-inline.toml', 'acme', 'ACME_INLINE_KEY'],
    ['provider-inline-under-header.toml', 'zed', 'ZED_KEY'],
    ['provider-dotted-keys.toml', 'acme', 'ACME_DOTTED_KEY'],
  ])('%s selects %s, keyed by %s', (name, id, envKey) => {
    for (const form of BYTE_FORMS) {
      const config = readFixture(name, form);
      expect(config.provider).toEqual({ id, from: 'config', builtIn: false, envKey, defined: true, openaiAuth: false });
      expect(config.problems).toEqual([]);
    }
  });
  it('takes the built-in openai provider, with no key variable, when none is chosen', () => {
    expect(read(codexHomeWith('model = "gpt-5.5"\n')).provider).toEqual({
      id: 'openai',
      from: 'default',
      builtIn: true,
      envKey: null,
      defined: false,
      openaiAuth: true,
    });
    expect(read(freshDir('empty-home')).provider.id).toBe('openai');
  });
  it('a custom endpoint that takes the OpenAI login names no key variable of its own', () => {
    expect(readFixture('provider-openai-auth.toml').provider).toEqual({
      id: 'relay',
      from: 'config',
      builtIn: false,
      envKey: null,
      defined: true,
      openaiAuth: true,
    });
  });
  it('says Codex refuses a provider on the Chat Completions API', () => {
    expect(readFixture('refused-chat-wire-api.toml').problems).toEqual([
      expect.stringContaining('`wire_api = "chat"` is no longer supported'),
    ]);
  });
  it('says Codex refuses a table that redefines a built-in provider, and an unknown provider', () => {
    expect(readFixture('refused-reserved-provider.toml').problems).toEqual([
      expect.stringContaining('reserved built-in provider IDs: `openai`'),
    ]);
    expect(read(codexHomeWith('model_provider = "nowhere"\n')).problems).toEqual([
      'Model provider `nowhere` not found',
    ]);
  });
});

describe('legacy profiles', () => {
  it('applies the selected [profiles.<name>] as older Codex did, and says Codex 0.171 refuses it', () => {
    const config = readFixture('profile-legacy.toml');
    expect(config.legacyProfile).toEqual({ name: 'work', found: true });
    expect(config.provider).toMatchObject({ id: 'acme', from: 'profile', envKey: 'ACME_PROFILE_KEY' });
    expect(config.model).toBe('gpt-5.5');
    expect(config.problems).toEqual([
      expect.stringContaining('legacy `profile = "work"` config is no longer supported'),
    ]);
  });
  it('a profile written as an inline table, and a selector naming no profile', () => {
    expect(readFixture('profile-inline.toml')).toMatchObject({
      legacyProfile: { name: 'local', found: true },
      provider: { id: 'ollama', from: 'profile', builtIn: true, envKey: null },
      model: 'qwen3',
    });
    expect(readFixture('profile-legacy-missing.toml')).toMatchObject({
      legacyProfile: { name: 'nowhere', found: false },
      provider: { id: 'openai', from: 'default' },
      model: 'gpt-5.5',
    });
  });
  it('ignores a [profiles] table nothing selects', () => {
    const config = readFixture('provider-dotted-keys.toml');
    expect(config.legacyProfile).toBeNull();
    expect(config.provider.id).toBe('acme');
  });
});

describe('files that do not parse', () => {
  it.each([
    ['broken-missing-value.toml', 5],
    ['broken-redefined-table.toml', 3],
    ['broken-unterminated-string.toml', 3],
    ['broken-windows-path.toml', 3],
    ['broken-duplicate-server.toml', 7],
  ])('%s: names the file and line, never throws, and keeps nothing from it', (name, line) => {
    for (const form of BYTE_FORMS) {
      const config = readFixture(name, form);
      const user = config.layers.find((l) => l.source === 'user')!;
      expect(user).toMatchObject({ used: false, fatal: true, file: { state: 'invalid', problem: { line } } });
      expect(config.problems).toEqual([expect.stringContaining(`${user.file.path}:${line}:`)]);
      expect(config.servers).toEqual([]);
    }
  });
  it('says whether a file has a byte-order mark or CRLF line ends', () => {
    const user = (form: ByteForm) => readFixture('servers-tables.toml', form).layers.find((l) => l.source === 'user')!;
    expect(user('lf').file).toMatchObject({ bom: false, crlf: false });
    expect(user('bom+crlf').file).toMatchObject({ bom: true, crlf: true, state: 'parsed' });
  });
});

describe('project configuration', () => {
  const projectServer = '[mcp_servers]\nlocal = { command = "local-mcp" }\nmodel_provider = "nope"\n';
  it('is used only when the project is trusted, and keeps no provider setting of its own', () => {
    const { root } = gitProject();
    projectConfig(root, '[mcp_servers.local]\ncommand = "local-mcp"\n');
    const untrusted = read(codexHomeWith('model = "gpt-5.5"\n'), root);
    expect(untrusted.servers).toEqual([]);
    expect(untrusted.layers.find((l) => l.source === 'project')).toMatchObject({
      used: false,
      note: expect.stringContaining(`[projects.${JSON.stringify(root)}] trust_level = "trusted"`),
    });
    projectConfig(
      root,
      'model_provider = "elsewhere"\nmodel = "gpt-5.5-mini"\n' + projectServer.replace('model_provider = "nope"\n', ''),
    );
    const trusted = read(codexHomeWith(`model = "gpt-5.5"\n${trust(root)}`), root);
    expect(trusted.servers.map((s) => s.name)).toEqual(['local']);
    expect(trusted.model).toBe('gpt-5.5-mini');
    expect(trusted.provider.id).toBe('openai');
    expect(trusted.layers.find((l) => l.source === 'project')?.note).toContain('model_provider');
  });
  it('layers every trusted .codex/config.toml from the repository root down to the working folder', () => {
    const { root, cwd } = gitProject('a/b');
    projectConfig(root, '[mcp_servers.top]\ncommand = "top"\n');
    projectConfig(path.join(root, 'a'), '[mcp_servers.middle]\ncommand = "middle"\n');
    projectConfig(cwd, '[mcp_servers.top]\ncommand = "replaced"\n');
    const config = read(codexHomeWith(trust(root)), cwd);
    expect(config.servers.map((s) => [s.name, s.command])).toEqual([
      ['top', 'replaced'],
      ['middle', 'middle'],
    ]);
  });
  it('trusts the working folder alone when only it is trusted', () => {
    const { root, cwd } = gitProject('sub');
    projectConfig(root, '[mcp_servers.top]\ncommand = "top"\n');
    projectConfig(cwd, '[mcp_servers.sub]\ncommand = "sub"\n');
    expect(read(codexHomeWith(trust(cwd)), cwd).servers.map((s) => s.name)).toEqual(['sub']);
    expect(read(codexHomeWith(trust(root) + trust(cwd, 'untrusted')), cwd).servers.map((s) => s.name)).toEqual(['top']);
  });
  it('outside a repository, reads only the working folder’s file', () => {
    const parent = freshDir('plain');
    const cwd = path.join(parent, 'inner');
    projectConfig(parent, '[mcp_servers.parent]\ncommand = "p"\n');
    projectConfig(cwd, '[mcp_servers.inner]\ncommand = "i"\n');
    expect(read(codexHomeWith(trust(parent) + trust(cwd)), cwd).servers.map((s) => s.name)).toEqual(['inner']);
  });
  it('a broken file stops Codex only when the project is trusted', () => {
    const { root } = gitProject();
    projectConfig(root, 'x = = 1\n');
    expect(read(codexHomeWith('model = "m"\n'), root).problems).toEqual([]);
    expect(read(codexHomeWith(trust(root)), root).problems).toEqual([expect.stringContaining('config.toml:1:')]);
  });
});
