// End to end with a real MCP client: Claude Code runs `peer-bridge serve` from its MCP config, its
// scripted model calls bridge_advise, and the bridge launches the real Codex CLI as the peer.
import { spawn } from 'node:child_process';
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { answer, claudeBin, claudeEnv, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs } from '../helpers/serve-client.js';
import { startToolCallingModel, lastToolResult } from './mcp-calling-model.js';

const tempDir = useTempDir('peer-bridge-e2e-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('Claude Code calls bridge_advise and the bridge hands the task to Codex', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'project');
  mkdirSync(workspace);
  const codexModel = await startResponsesDouble([
    { kind: 'answer', answer: answer({ verdict: 'Codex looked: parse() is fine.' }) },
  ]);
  closers.push(() => codexModel.close());
  const claudeModel = await startToolCallingModel('mcp__peer-bridge__bridge_advise', { task: 'Is parse() safe?' });
  closers.push(() => claudeModel.close());

  const serverEnv = baseEnv(codexEnv(codexModel.origin, dir));
  const mcpConfig = {
    mcpServers: {
      'peer-bridge': {
        type: 'stdio',
        command: process.execPath,
        args: [...cliArgs, 'serve', '--workspace', workspace],
        env: serverEnv,
        // Claude Code connects an alwaysLoad server before the first prompt instead of racing it,
        // so a busy machine cannot leave the server `pending` when the model calls the tool.
        alwaysLoad: true,
      },
    },
  };
  const result = await run(
    claudeBin,
    [
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--no-session-persistence',
      '--strict-mcp-config',
      '--mcp-config',
      JSON.stringify(mcpConfig),
      '--allowedTools',
      'mcp__peer-bridge__bridge_advise',
      '--',
      'Ask the peer whether parse() is safe.',
    ],
    // MCP_TIMEOUT: how long Claude Code waits for the server to start (tsx compiles on the fly).
    { cwd: workspace, env: baseEnv({ ...claudeEnv(claudeModel.origin, dir), MCP_TIMEOUT: '120000' }) },
  );
  const lines = result.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const init = lines.find((l) => l.type === 'system' && l.subtype === 'init');
  expect(init.mcp_servers).toContainEqual({ name: 'peer-bridge', status: 'connected' });
  expect(result.code, result.stderr).toBe(0);

  // The child ran: Codex asked its model once.
  expect(codexModel.requests.filter((r) => r.url.startsWith('/v1/responses'))).toHaveLength(1);
  // Claude Code's model got the envelope back as the tool result.
  const toolResult = claudeModel.requests.map((r) => lastToolResult(r.body)).find((t) => t !== null);
  expect(toolResult).toBeTruthy();
  const envelope = JSON.parse(toolResult!);
  expect(envelope).toMatchObject({
    status: 'complete',
    verb: 'advise',
    direction: 'claude-code->codex',
    verdict: 'Codex looked: parse() is fine.',
  });
  const final = lines.find((l) => l.type === 'result');
  expect(final.result).toContain('Codex looked');
  expect((await new Ledger(workspace).runs())[0]).toMatchObject({ run_id: envelope.run_id, status: 'complete' });
});
