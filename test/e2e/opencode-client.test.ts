// OpenCode as a client: the registration `peer-bridge config opencode --runner codex` prints goes
// into OpenCode's config as it is, the real OpenCode CLI's scripted model calls bridge_advise, and
// the bridge hands the task to the real Codex CLI (Responses double); the envelope comes back to
// OpenCode's model as the tool's result.
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { startChatDouble } from '../doubles/openai-chat-server.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { doubleProviderConfig, envelopeProblems, opencodeBin, opencodeHome } from '../helpers/opencode.js';
import { baseEnv, repoRoot } from '../helpers/serve-client.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-e2e-opencode-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it('OpenCode calls bridge_advise with the printed registration and gets the envelope from a Codex peer', async () => {
  const dir = realpathSync(tempDir());
  const project = path.join(dir, 'project');
  mkdirSync(project);
  const codexModel = await startResponsesDouble([
    { kind: 'answer', answer: answer({ verdict: 'Codex looked: parse() is fine.' }) },
  ]);
  closers.push(() => codexModel.close());
  // OpenCode names an MCP server's tools `<server>_<tool>`.
  const opencodeModel = await startChatDouble([
    { kind: 'call', name: 'peer-bridge_bridge_advise', input: { task: 'Is parse() safe?' } },
    { kind: 'text', text: 'The peer says parse() is fine.' },
  ]);
  closers.push(() => opencodeModel.close());
  const printed = await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'dist', 'cli', 'main.cjs'), 'config', 'opencode', '--runner', 'codex'],
    { env: baseEnv() },
  );
  const registration = JSON.parse(printed.stdout) as { mcp: Record<string, unknown> };
  const home = opencodeHome(dir, { ...doubleProviderConfig(opencodeModel.origin), mcp: registration.mcp });
  // OpenCode starts the server with its own environment: the Codex peer's settings go there.
  const env = baseEnv({ ...home, ...codexEnv(codexModel.origin, dir) });
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const args = ['run', '--format', 'json', '--title', 'client test', '--', 'Ask the peer whether parse() is safe.'];
    const child = spawn(opencodeBin, args, { cwd: project, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  expect(result.code, result.stderr + result.stdout).toBe(0);
  expect(opencodeModel.requests).toHaveLength(2);
  const messages = (opencodeModel.requests[1]!.body as { messages: { role: string; content: unknown }[] }).messages;
  const toolResult = messages.at(-1)!;
  expect(toolResult.role).toBe('tool');
  const text = typeof toolResult.content === 'string' ? toolResult.content : JSON.stringify(toolResult.content);
  const envelope = JSON.parse(text) as Record<string, unknown>;
  expect(envelopeProblems(envelope)).toEqual([]);
  expect(envelope).toMatchObject({
    status: 'complete',
    verdict: 'Codex looked: parse() is fine.',
    direction: 'opencode->codex',
  });
  expect((await new Ledger(project).runs())[0]).toMatchObject({ status: 'complete', direction: 'opencode->codex' });
}, 180_000);
