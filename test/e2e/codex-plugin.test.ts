// The Codex plugin as a user adds it: `codex plugin marketplace add` of the package's files (its
// .agents/plugins/marketplace.json), `codex plugin add peer-bridge@peer-bridge` into a fresh
// CODEX_HOME, then `codex exec` against the scripted OpenAI double: the model calls the plugin's
// bridge_advise and the plugin's server hands the task to the real Claude Code CLI, whose
// scripted Anthropic double answers. The plugin's server is `npx -y peer-bridge@<version>`:
// Codex gives a plugin's MCP server no way to name the plugin's own folder (its arguments are
// passed as written and it starts in the session's folder), so the version is pinned instead.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { answer, claudeBin, claudeEnvWithSettings, codexBin, codexEnv } from '../helpers/peers.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import type { Double } from '../doubles/serve.js';
import { baseEnv } from '../helpers/serve-client.js';
import { lastFunctionOutput, startToolCallingResponses } from './mcp-calling-responses-model.js';
import { packageVersion as version, usePackedMarketplace } from './packed-install.js';
import { installSnippets, withMarketplace } from './readme-snippets.js';

const run = promisify(execFile);
const packed = usePackedMarketplace('peer-bridge-codex-plugin-');

async function double<T extends Double>(started: Promise<T>): Promise<T> {
  const d = await started;
  packed.cleanups.push(() => d.close());
  return d;
}

function sh(command: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('Codex adds the plugin from the marketplace and its bridge_advise gets the Claude peer envelope', async () => {
  const dir = mkdtempSync(path.join(packed.root, 'user-'));
  const claudeModel = await double(
    startMessagesDouble([{ kind: 'answer', answer: answer({ verdict: 'Claude looked: parse() is fine.' }) }]),
  );
  const codexModel = await double(startToolCallingResponses('bridge_advise', { task: 'Is parse() safe?' }));
  const parent = codexEnv(codexModel.origin, dir);
  // The doubles' config switches Codex's plugins off (no network); a plugin needs them on.
  const configFile = path.join(parent.CODEX_HOME!, 'config.toml');
  writeFileSync(configFile, readFileSync(configFile, 'utf8').replace('plugins = false', 'plugins = true'));
  // The Claude peer's configuration, reached through the plugin's env_vars; the offline switches
  // live in its settings file, as a user's own preferences would.
  const peer = claudeEnvWithSettings(claudeModel.origin, dir);
  const env = baseEnv({
    ...parent,
    HOME: dir,
    ANTHROPIC_API_KEY: peer.ANTHROPIC_API_KEY!,
    ANTHROPIC_BASE_URL: peer.ANTHROPIC_BASE_URL!,
    CLAUDE_CONFIG_DIR: peer.CLAUDE_CONFIG_DIR!,
    PEER_BRIDGE_CLAUDE_BIN: claudeBin,
    // `npx` and `node` as on a user's PATH.
    PATH: [path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter),
  });
  delete env.PEER_BRIDGE_CODEX_BIN;

  const startedAt = performance.now();
  let took = NaN;
  void codexModel
    .waitForRequests(1, (r) => lastFunctionOutput(r.body) !== null)
    .then(() => (took = performance.now() - startedAt));
  // The README's two install lines, as written but for the marketplace's place.
  for (const line of installSnippets().codex)
    await run(codexBin, withMarketplace(line, packed.marketplace), { cwd: packed.installed.project, env });
  const installedAt = performance.now() - startedAt;
  const cached = path.join(parent.CODEX_HOME!, 'plugins', 'cache', 'peer-bridge', 'peer-bridge', version);
  expect(JSON.parse(readFileSync(path.join(cached, '.codex-plugin', 'plugin.json'), 'utf8'))).toMatchObject({
    version,
  });
  const listed = JSON.parse(
    (await run(codexBin, ['mcp', 'list', '--json'], { cwd: packed.installed.project, env })).stdout,
  ) as { name: string; transport: { command: string; args: string[] } }[];
  expect(listed.find((s) => s.name === 'peer-bridge')?.transport).toMatchObject({
    command: 'npx',
    args: ['-y', `peer-bridge@${version}`, 'serve', '--runner', 'claude'],
  });

  const result = await sh(
    codexBin,
    ['exec', '--json', '--skip-git-repo-check', '--', 'Ask the peer whether parse() is safe.'],
    packed.installed.project,
    env,
  );
  expect(result.code, result.stderr).toBe(0);
  const output = codexModel.requests.map((r) => lastFunctionOutput(r.body)).find((o) => o !== null);
  expect(output, result.stdout).toBeTruthy();
  expect(output).toContain('"direction":"codex->claude-code"');
  expect(output).toContain('Claude looked: parse() is fine.');
  expect((await new Ledger(packed.installed.project).runs())[0]).toMatchObject({
    status: 'complete',
    direction: 'codex->claude-code',
  });
  process.stderr.write(
    `Codex plugin, install to first answered call: ${took.toFixed(0)} ms (marketplace add + plugin add ` +
      `${installedAt.toFixed(0)}, codex exec to the envelope ${(took - installedAt).toFixed(0)})\n`,
  );
}, 300_000);
