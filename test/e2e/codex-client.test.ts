// End to end the other way round: Codex runs `peer-bridge serve --runner claude` from its
// config.toml, its scripted model calls bridge_advise, and the bridge hands the task to the real
// Claude Code CLI.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { answer, claudeEnv, codexBin, codexEnv } from '../helpers/peers.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs } from '../helpers/serve-client.js';
import { lastFunctionOutput, startToolCallingResponses } from './mcp-calling-responses-model.js';

const tempDir = useTempDir('peer-bridge-e2e-codex-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const toml = (value: string) => JSON.stringify(value);

it('Codex calls bridge_advise and the bridge hands the task to Claude Code', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'project');
  mkdirSync(workspace);
  const claudeModel = await startMessagesDouble([
    { kind: 'answer', answer: answer({ verdict: 'Claude looked: parse() is fine.' }) },
  ]);
  closers.push(() => claudeModel.close());
  const codexModel = await startToolCallingResponses('bridge_advise', { task: 'Is parse() safe?' });
  closers.push(() => codexModel.close());

  const env = codexEnv(codexModel.origin, dir);
  const serverEnv = baseEnv(claudeEnv(claudeModel.origin, dir));
  appendFileSync(
    path.join(env.CODEX_HOME!, 'config.toml'),
    [
      '[mcp_servers.peer-bridge]',
      `command = ${toml(process.execPath)}`,
      `args = [${[...cliArgs, 'serve', '--workspace', workspace, '--runner', 'claude'].map(toml).join(', ')}]`,
      'required = true', // Codex waits for a required server before the first model request
      'startup_timeout_sec = 60',
      'tool_timeout_sec = 300',
      `env = { ${Object.entries(serverEnv)
        .map(([k, v]) => `${k} = ${toml(v)}`)
        .join(', ')} }`,
      '',
    ].join('\n'),
  );
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const args = ['exec', '--json', '--skip-git-repo-check', '--', 'Ask the peer whether parse() is safe.'];
    const child = spawn(codexBin, args, {
      cwd: workspace,
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  expect(result.code, result.stderr).toBe(0);
  // Codex found the bridge through its tool search (MCP tools are deferred) and called it.
  expect(codexModel.requests.map((r) => r.body)).toContainEqual(
    expect.objectContaining({
      input: expect.arrayContaining([
        expect.objectContaining({ type: 'function_call', name: 'bridge_advise', namespace: 'mcp__peer_bridge' }),
      ]),
    }),
  );
  const output = codexModel.requests.map((r) => lastFunctionOutput(r.body)).find((o) => o !== null);
  expect(output, result.stdout).toBeTruthy();
  expect(output).toContain('"direction":"codex->claude-code"');
  expect(output).toContain('Claude looked: parse() is fine.');
  expect((await new Ledger(workspace).runs())[0]).toMatchObject({
    status: 'complete',
    direction: 'codex->claude-code',
  });
});
