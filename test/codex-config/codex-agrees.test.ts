// The reader against Codex 0.171 itself: for every fixture (as written, and with a byte-order mark
// and CRLF line ends), `codex mcp list --json` lists the same servers the reader found, a file Codex
// refuses is one the reader reports (at the same line), and `codex exec` sends the scripted model
// the key from the variable the reader named.
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCodexConfig } from '../../src/codex-config/index.js';
import { codexBin } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import {
  codexHomeWith,
  fixtureNames,
  fixtureText,
  freshDir,
  gitProject,
  projectConfig,
  trust,
  type ByteForm,
} from './fixtures.js';

interface Listed {
  name: string;
  enabled: boolean;
  transport: { type: string; command?: string; args?: string[] };
}

function codexEnv(home: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CODEX_HOME: home };
}

/** What `codex mcp list --json` says in `cwd`: the servers, or the error it stopped with. */
function codexList(home: string, cwd: string): Promise<{ servers: Listed[] | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(codexBin, ['mcp', 'list', '--json'], { env: codexEnv(home), cwd }, (error, stdout, stderr) => {
      resolve({ servers: error ? null : (JSON.parse(stdout) as Listed[]), stderr: String(stderr) });
    }).stdin?.end();
  });
}

const readerView = (home: string, cwd: string) =>
  readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, cwd })
    .servers.map((s) => ({
      name: s.name,
      enabled: s.enabled,
      transport: s.transport === 'http' ? 'streamable_http' : s.transport,
      command: s.command,
      args: s.args,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

const codexView = (servers: Listed[]) =>
  servers
    .map((s) => ({
      name: s.name,
      enabled: s.enabled,
      transport: s.transport.type,
      command: s.transport.command ?? null,
      args: s.transport.args ?? [],
    }))
    .sort((a, b) => a.name.localeCompare(b.name));

async function expectSameServers(home: string, cwd: string): Promise<void> {
  const { servers, stderr } = await codexList(home, cwd);
  expect(servers, stderr).not.toBeNull();
  expect(readerView(home, cwd)).toEqual(codexView(servers!));
}

const FORMS: ByteForm[] = ['lf', 'bom+crlf'];

describe('the same MCP servers as `codex mcp list`', () => {
  it.each(fixtureNames('servers-').flatMap((name) => FORMS.map((form) => [name, form] as const)))(
    '%s (%s)',
    async (name, form) => {
      await expectSameServers(codexHomeWith(fixtureText(name, form)), freshDir('cwd'));
    },
  );

  it('in trusted and untrusted projects, from the repository root down to the working folder', async () => {
    const { root, cwd } = gitProject('a/b');
    projectConfig(root, '[mcp_servers]\ntop = { command = "top" }\n');
    projectConfig(path.join(root, 'a'), 'mcp_servers.middle.command = "middle"\n');
    projectConfig(cwd, '\uFEFF[mcp_servers.top]\r\ncommand = "replaced"\r\n');
    for (const trusted of ['', trust(root), trust(cwd), trust(root) + trust(cwd, 'untrusted')]) {
      await expectSameServers(codexHomeWith(`[mcp_servers.mine]\ncommand = "mine"\n${trusted}`), cwd);
    }
  });
});

describe('the same refusals as Codex', () => {
  it.each(fixtureNames('broken-'))('%s: Codex stops at the line the reader names', async (name) => {
    const home = codexHomeWith(fixtureText(name));
    const { servers, stderr } = await codexList(home, freshDir('cwd'));
    expect(servers).toBeNull();
    const ours = readCodexConfig({ env: { CODEX_HOME: home, HOME: home } }).layers[1]!.file.problem!;
    expect(stderr).toContain(`${path.join(home, 'config.toml')}:${ours.line}:`);
  });

  it.each(['profile-legacy.toml', 'profile-legacy-missing.toml', 'profile-inline.toml', ...fixtureNames('refused-')])(
    '%s: Codex refuses it with the reason the reader gives',
    async (name) => {
      const home = codexHomeWith(fixtureText(name));
      const { servers, stderr } = await codexList(home, freshDir('cwd'));
      expect(servers).toBeNull();
      const problems = readCodexConfig({ env: { CODEX_HOME: home, HOME: home } }).problems;
      expect(problems).toHaveLength(1);
      expect(stderr).toContain(problems[0]);
    },
  );
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

// What keeps Codex off the network besides the model (test/doubles/codex-config.ts), as overrides so
// that the fixture stays as written.
const QUIET = [
  'approval_policy="never"',
  'check_for_update_on_startup=false',
  'analytics.enabled=false',
  'features.shell_snapshot=false',
  'features.apps=false',
  'features.plugins=false',
].flatMap((setting) => ['-c', setting]);

// One `codex exec` turn against the double; the Authorization header it sent.
async function sentKey(toml: string, env: Record<string, string>): Promise<string | undefined> {
  const double = await startResponsesDouble([{ kind: 'text', text: 'hello' }]);
  closers.push(() => double.close());
  const home = codexHomeWith(toml.replaceAll('ORIGIN', double.origin));
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(codexBin, ['exec', '--json', '--skip-git-repo-check', ...QUIET, '--', 'hi'], {
      cwd: freshDir('cwd'),
      env: { ...codexEnv(home), ...env },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    child.on('close', resolve);
  });
  expect(code).toBe(0);
  return double.requests[0]?.headers.authorization as string | undefined;
}

describe('the provider key Codex sends', () => {
  it.each(fixtureNames('provider-'))('%s: the variable the reader names', async (name) => {
    const text = fixtureText(name, 'lf', 'ORIGIN');
    const home = codexHomeWith(text);
    const { envKey, openaiAuth } = readCodexConfig({ env: { CODEX_HOME: home, HOME: home } }).provider;
    // Its own variable, or (requires_openai_auth) the variable Codex reads for the OpenAI login.
    const variable = envKey ?? (openaiAuth ? 'CODEX_API_KEY' : null);
    expect(variable).toMatch(/^[A-Z_]+$/);
    const value = `key-for-${name}`;
    expect(await sentKey(text, { [variable!]: value })).toBe(`Bearer ${value}`);
  });
});
