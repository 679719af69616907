// `peer-bridge doctor` as a user runs it, with the real Codex and Claude Code CLIs and temporary
// HOME / CODEX_HOME / CLAUDE_CONFIG_DIR: credentials checked without spending tokens, and `--live`
// against the scripted model doubles.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeBin, codexBin } from '../helpers/peers.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import { claudeDoubleEnv } from '../doubles/claude-env.js';
import { codexConfigToml } from '../doubles/codex-config.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs, repoRoot } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-doctor-');

interface Check {
  name: string;
  level: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

// Asynchronous: the --live calls need this process free to serve the model doubles.
function doctor(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; checks: Check[]; default_runner: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgs, 'doctor', '--json', ...args], {
      cwd: repoRoot,
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code, ...(JSON.parse(out) as { checks: Check[]; default_runner: string }) });
      } catch {
        reject(new Error(`doctor printed no JSON (exit ${code}): ${out}${err}`));
      }
    });
  });
}

const check = (checks: Check[], name: string) => checks.find((c) => c.name === name);

/** Empty homes for both CLIs and the user: no login, no key anywhere. */
function homes() {
  const dir = tempDir();
  const dirs = {
    HOME: path.join(dir, 'home'),
    CODEX_HOME: path.join(dir, 'codex-home'),
    CLAUDE_CONFIG_DIR: path.join(dir, 'claude-config'),
    ws: path.join(dir, 'ws'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  const { ws, ...env } = dirs;
  return { ws, env: { ...env, PEER_BRIDGE_CODEX_BIN: codexBin, PEER_BRIDGE_CLAUDE_BIN: claudeBin } };
}

describe('peer-bridge doctor', () => {
  it('fails without any credentials, says how to log in to each CLI, and that --live made no call', async () => {
    const { ws, env } = homes();
    const report = await doctor(['--workspace', ws, '--live'], env);
    expect(report.code).toBe(1);
    expect(check(report.checks, 'codex-auth')).toMatchObject({
      level: 'fail',
      fix: expect.stringContaining('codex login'),
    });
    expect(check(report.checks, 'claude-auth')).toMatchObject({
      level: 'fail',
      fix: expect.stringContaining('ANTHROPIC_API_KEY'),
    });
    expect(report.default_runner).toBe('codex');
    // Named, but not reported ready: no runner is.
    expect(check(report.checks, 'default')).toMatchObject({
      level: 'warn',
      detail: 'codex would be used, but no runner is ready (see above)',
    });
    expect(check(report.checks, 'live')).toMatchObject({
      level: 'warn',
      detail: expect.stringContaining('no live call'),
    });
  });

  it('names PEER_BRIDGE_NATIVE_PATH, not a reinstall, when the file it names does not load', async () => {
    const { ws, env } = homes();
    const report = await doctor(['--workspace', ws], { ...env, PEER_BRIDGE_NATIVE_PATH: path.join(ws, 'none.node') });
    expect(check(report.checks, 'native')).toMatchObject({
      level: 'fail',
      fix: expect.stringMatching(/^unset PEER_BRIDGE_NATIVE_PATH/),
    });
  });

  it.runIf(process.platform === 'linux')(
    'names PEER_BRIDGE_REAPER when the reaper it names is not an executable file',
    async () => {
      const { ws, env } = homes();
      const report = await doctor(['--workspace', ws], { ...env, PEER_BRIDGE_REAPER: path.join(ws, 'none') });
      expect(check(report.checks, 'processes')).toMatchObject({
        level: 'warn',
        fix: expect.stringMatching(/^PEER_BRIDGE_REAPER=.* is not an executable file/),
      });
    },
  );

  it('fails the processes check for a PEER_BRIDGE_PEER_NICE out of range, naming the value', async () => {
    const { ws, env } = homes();
    const report = await doctor(['--workspace', ws], { ...env, PEER_BRIDGE_PEER_NICE: 'low' });
    expect(check(report.checks, 'processes')).toMatchObject({
      level: 'fail',
      detail:
        'PEER_BRIDGE_PEER_NICE must be a whole number from 0 to 19, got "low"; ' +
        'fix or unset it in the environment that launched peer-bridge',
      fix: expect.stringMatching(/^unset PEER_BRIDGE_PEER_NICE/),
    });
  });

  it('is ok with a Codex login in CODEX_HOME and a Claude login in CLAUDE_CONFIG_DIR', async () => {
    const { ws, env } = homes();
    writeFileSync(path.join(env.CODEX_HOME, 'auth.json'), JSON.stringify({ OPENAI_API_KEY: 'sk-doctor-test' }));
    writeFileSync(
      path.join(env.CLAUDE_CONFIG_DIR, '.credentials.json'),
      JSON.stringify({
        claudeAiOauth: {
          accessToken: 'a',
          refreshToken: 'r',
          expiresAt: Date.now() + 3_600_000,
          scopes: ['user:inference'],
        },
      }),
    );
    const report = await doctor(['--workspace', ws], env);
    expect(check(report.checks, 'codex-auth')?.level).toBe('ok');
    expect(check(report.checks, 'claude-auth')).toMatchObject({
      level: 'ok',
      detail: expect.stringContaining('claude.ai'),
    });
    expect(report.code).toBe(0);
  });

  it('warns, without failing, when one runner has credentials and the other has none', async () => {
    const { ws, env } = homes();
    const report = await doctor(['--workspace', ws], { ...env, ANTHROPIC_API_KEY: 'sk-ant-doctor' });
    expect(check(report.checks, 'claude-auth')).toMatchObject({
      level: 'ok',
      detail: expect.stringContaining('ANTHROPIC_API_KEY'),
    });
    expect(check(report.checks, 'codex-auth')?.level).toBe('warn');
    expect(check(report.checks, 'default')).toMatchObject({
      level: 'warn',
      fix: expect.stringContaining('serve --runner claude'),
    });
    expect(report.code).toBe(0);
  });

  it('names PEER_BRIDGE_PASS_ENV when the Codex provider’s env_key is set but not passed', async () => {
    const { ws, env } = homes();
    writeFileSync(
      path.join(env.CODEX_HOME, 'config.toml'),
      'model_provider = "acme"\n[model_providers.acme]\nname = "acme"\nbase_url = "http://127.0.0.1:9/v1"\nenv_key = "ACME_MODEL_KEY"\n',
    );
    const blocked = await doctor(['--workspace', ws], { ...env, ACME_MODEL_KEY: 'k' });
    expect(check(blocked.checks, 'codex-auth')).toMatchObject({
      fix: expect.stringContaining('PEER_BRIDGE_PASS_ENV=ACME_MODEL_KEY'),
    });
    const passed = await doctor(['--workspace', ws], {
      ...env,
      ACME_MODEL_KEY: 'k',
      PEER_BRIDGE_PASS_ENV: 'ACME_MODEL_KEY',
    });
    expect(check(passed.checks, 'codex-auth')).toMatchObject({
      level: 'ok',
      detail: expect.stringContaining('ACME_MODEL_KEY'),
    });
  });

  it('says to fix a wrong PEER_BRIDGE_CODEX_BIN rather than to install Codex', async () => {
    const { ws, env } = homes();
    const report = await doctor(['--workspace', ws], { ...env, PEER_BRIDGE_CODEX_BIN: path.join(ws, 'no-such-codex') });
    const codex = check(report.checks, 'codex');
    expect(codex?.fix).toMatch(/fix PEER_BRIDGE_CODEX_BIN/);
    expect(codex?.fix).not.toMatch(/npm install/);
  });

  it('--live makes one real call per ready runner and reports it', async () => {
    const { ws, env } = homes();
    const answer = {
      status: 'complete',
      verdict: 'ok',
      findings: [],
      files_touched: [],
      remaining: [],
      blockers: [],
      details: [],
    };
    const responses = await startResponsesDouble([{ kind: 'answer', answer }]);
    const messages = await startMessagesDouble([
      { kind: 'http_error', status: 401, message: 'invalid x-api-key', errorType: 'authentication_error' },
    ]);
    try {
      writeFileSync(path.join(env.CODEX_HOME, 'config.toml'), codexConfigToml(responses.origin, ['model = "gpt-5.5"']));
      const report = await doctor(['--workspace', ws, '--live'], {
        ...env,
        ...claudeDoubleEnv(messages.origin, env.CLAUDE_CONFIG_DIR),
        OPENAI_API_KEY: 'sk-test-double',
        PEER_BRIDGE_CLAUDE_BIN: claudeBin,
      });
      expect(check(report.checks, 'codex-live')).toMatchObject({
        level: 'ok',
        detail: expect.stringMatching(/^answered in .*model gpt-5\.5/),
      });
      expect(check(report.checks, 'claude-live')).toMatchObject({
        level: 'fail',
        detail: expect.stringContaining('401'),
      });
      expect(report.code).toBe(1);
      expect(responses.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      await Promise.all([responses.close(), messages.close()]);
    }
  });
});

describe('peer-bridge doctor on the configuration each CLI reads', () => {
  it("names Codex's files, provider, key and servers, whatever form the TOML takes", async () => {
    const { ws, env } = homes();
    // Literal strings, an inline provider table, inline and dotted server entries, a BOM, CRLF.
    const toml = [
      "model_provider = 'acme'",
      'mcp_servers.pb = { command = "npx", args = ["-y", "peer-bridge", "serve"] }',
      'mcp_servers.docs.command = "docs-mcp"',
      '[model_providers]',
      "acme = { name = 'Acme', base_url = 'http://127.0.0.1:9/v1', env_key = 'ACME_INLINE_KEY' }",
      '',
    ].join('\r\n');
    writeFileSync(path.join(env.CODEX_HOME, 'config.toml'), `\uFEFF${toml}`);
    mkdirSync(path.join(ws, '.codex'));
    writeFileSync(path.join(ws, '.codex', 'config.toml'), '[mcp_servers.local]\ncommand = "local-mcp"\n');
    const report = await doctor(['--workspace', ws], {
      ...env,
      ACME_INLINE_KEY: 'k',
      PEER_BRIDGE_PASS_ENV: 'ACME_INLINE_KEY',
    });
    expect(check(report.checks, 'codex-auth')).toMatchObject({
      level: 'ok',
      detail: 'provider "acme", key from ACME_INLINE_KEY (passed to the child)',
    });
    const config = check(report.checks, 'codex-config')!;
    expect(config.level).toBe('ok');
    expect(config.detail).toContain(`user ${path.join(env.CODEX_HOME, 'config.toml')} (used, byte-order mark, CRLF)`);
    expect(config.detail).toContain(
      `project ${path.join(ws, '.codex', 'config.toml')} (not used: the project is not trusted`,
    );
    expect(check(report.checks, 'codex-mcp')).toMatchObject({
      level: 'ok',
      detail: '2 MCP server(s); switched off in the child: pb; given PEER_BRIDGE_DEPTH: docs',
    });
  });

  it("fails the Codex runner on a file Codex cannot load, at its line, and reads Claude Code's settings", async () => {
    const { ws, env } = homes();
    writeFileSync(path.join(env.CODEX_HOME, 'config.toml'), 'model = "gpt-5.5"\n\n[mcp_servers.docs]\nargs =\n');
    writeFileSync(
      path.join(env.CLAUDE_CONFIG_DIR, 'settings.json'),
      JSON.stringify({ apiKeyHelper: '/usr/local/bin/key-helper', env: { ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' } }),
    );
    mkdirSync(path.join(ws, '.claude'));
    writeFileSync(path.join(ws, '.claude', 'settings.local.json'), '{ "model": ');
    const report = await doctor(['--workspace', ws], { ...env, CODEX_API_KEY: 'sk-doctor', ANTHROPIC_API_KEY: 'k' });
    expect(check(report.checks, 'codex-config')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining(`${path.join(env.CODEX_HOME, 'config.toml')}:4:`),
      fix: expect.stringContaining('line'),
    });
    // The key is there, but no Codex call can work: the default runner is not ready.
    expect(check(report.checks, 'codex-auth')?.level).toBe('ok');
    expect(check(report.checks, 'default')).toMatchObject({ fix: expect.stringContaining('serve --runner claude') });
    const claude = check(report.checks, 'claude-config')!;
    expect(claude).toMatchObject({ level: 'warn', fix: expect.stringContaining('settings file') });
    expect(claude.detail).toContain(`user ${path.join(env.CLAUDE_CONFIG_DIR, 'settings.json')}`);
    expect(claude.detail).toContain('apiKeyHelper (user settings)');
    expect(claude.detail).toContain("ANTHROPIC_BASE_URL (user settings' env)");
    expect(claude.detail).toContain(`not JSON: ${path.join(ws, '.claude', 'settings.local.json')}`);
  });

  it('says a legacy `profile` stops Codex 0.171, and how to keep its settings', async () => {
    const { ws, env } = homes();
    writeFileSync(
      path.join(env.CODEX_HOME, 'config.toml'),
      'profile = "work"\n[profiles.work]\nmodel_provider = "acme"\n[model_providers.acme]\nname = "Acme"\nbase_url = "http://127.0.0.1:9/v1"\nenv_key = "ACME_KEY"\n',
    );
    const report = await doctor(['--workspace', ws], { ...env, ACME_KEY: 'k' });
    expect(check(report.checks, 'codex-config')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('legacy `profile = "work"` config is no longer supported'),
      fix: expect.stringContaining('remove `profile = "work"`'),
    });
    expect(check(report.checks, 'codex-auth')?.detail).toContain('provider "acme" (from the legacy profile "work")');
  });

  it('says OPENAI_API_KEY alone does not log Codex in, and how to use it', async () => {
    const { ws, env } = homes();
    const report = await doctor(['--workspace', ws], { ...env, OPENAI_API_KEY: 'sk-doctor' });
    expect(check(report.checks, 'codex-auth')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('provider "openai" (the default): OPENAI_API_KEY is set, but Codex takes'),
      fix: expect.stringContaining('codex login --with-api-key'),
    });
  });
});
