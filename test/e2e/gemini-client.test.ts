// Gemini CLI as a client: the registration `peer-bridge config gemini` prints goes into its
// settings.json, its scripted model calls bridge_advise, and the bridge hands the task to a Codex
// peer (the real Codex CLI against the Responses double). The envelope comes back to Gemini CLI.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { cliEntry } from '../../src/bridge/peer-workbench.js';
import { validateEnvelope } from '../../src/envelope/index.js';
import { mainRequests, startGeminiDouble, toolNames } from '../doubles/gemini-server.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { geminiBin } from '../helpers/gemini.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-e2e-gemini-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
beforeAll(() => {
  if (!existsSync(cliEntry()))
    throw new Error('run `npm run build:ts` first: the registration starts dist/cli/main.cjs');
});

// Gemini CLI names a server's tools mcp_<server>_<tool>.
const ADVISE = 'mcp_peer-bridge_bridge_advise';

it('Gemini CLI, with the printed registration, calls bridge_advise and gets the Codex peer envelope', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'project');
  mkdirSync(workspace);
  const codexModel = await startResponsesDouble([
    { kind: 'answer', answer: answer({ verdict: 'Codex looked: fine.' }) },
  ]);
  closers.push(() => codexModel.close());
  const geminiModel = await startGeminiDouble([
    { kind: 'call', name: ADVISE, input: { task: 'Is parse() safe?' } },
    { kind: 'text', text: 'The peer says parse() is fine.' },
  ]);
  closers.push(() => geminiModel.close());

  const peerEnv = codexEnv(codexModel.origin, dir);
  const base = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: path.join(dir, 'home'), ...peerEnv };
  const printed = execFileSync(process.execPath, [cliEntry(), 'config', 'gemini'], { env: base, encoding: 'utf8' });
  const registration = JSON.parse(printed) as { mcpServers: Record<string, { env: Record<string, string> }> };
  // Gemini CLI hides OPENAI_API_KEY from its MCP servers: the registration names it to pass it on.
  expect(registration.mcpServers['peer-bridge']!.env.OPENAI_API_KEY).toBe('$OPENAI_API_KEY');
  mkdirSync(path.join(base.HOME, '.gemini'), { recursive: true });
  const settings = {
    ...registration,
    // Offline: the double's base URL with an API key needs this auth type (else "gateway", refused in -p).
    security: { auth: { selectedType: 'gemini-api-key' } },
    privacy: { usageStatisticsEnabled: false },
  };
  writeFileSync(path.join(base.HOME, '.gemini', 'settings.json'), JSON.stringify(settings));

  const env = { ...base, GEMINI_API_KEY: 'gemini-test-double', GOOGLE_GEMINI_BASE_URL: geminiModel.origin };
  // yolo: in -p mode a tool call that would ask for confirmation is refused instead.
  const args = ['-p', 'Ask the peer whether parse() is safe.', '-o', 'json', '--skip-trust', '--approval-mode', 'yolo'];
  const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(geminiBin, ['-m', 'gemini-double-pro', ...args], {
      cwd: workspace,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  expect(result.code, result.stderr).toBe(0);
  expect(JSON.parse(result.stdout).response).toBe('The peer says parse() is fine.');

  const requests = mainRequests(geminiModel);
  expect(toolNames(requests[0]!.body)).toContain(ADVISE);
  const parts = requests[1]!.body.contents!.at(-1)!.parts!;
  const response = parts.find((p) => p.functionResponse)!.functionResponse!;
  const text = JSON.stringify(response.response);
  const envelope = JSON.parse(/\{\\?"status[\s\S]*\}/.exec(JSON.parse(text).output ?? text)![0]);
  expect(validateEnvelope(envelope).ok).toBe(true);
  expect(envelope).toMatchObject({
    status: 'complete',
    verdict: 'Codex looked: fine.',
    verb: 'advise',
    direction: expect.stringMatching(/->codex$/),
  });
  expect(codexModel.requests.length).toBeGreaterThan(0);
});
