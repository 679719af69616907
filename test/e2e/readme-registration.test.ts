// The README's registrations, run as written with the real CLIs on both sides: Claude Code as the
// MCP client with a Codex peer, and Codex as the MCP client with a Claude Code peer. The server is
// the packed package installed into a fresh project, reached the way a user's client reaches it
// (npx, a global-install `peer-bridge` on PATH, or the absolute path `peer-bridge config` prints).
// The models on both sides are the scripted doubles on 127.0.0.1.
import { execFile, spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { answer, claudeBin, claudeEnv, claudeEnvWithSettings, codexBin, codexEnv } from '../helpers/peers.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Double } from '../doubles/serve.js';
import { baseEnv } from '../helpers/serve-client.js';
import { processesIn, waitFor } from '../mcp/wait.js';
import { lastToolResult, startToolCallingModel, toolCalls, turnEndedWithout } from './mcp-calling-model.js';
import { lastFunctionOutput, startToolCallingResponses } from './mcp-calling-responses-model.js';
import { installPacked, type Installed } from './packed-install.js';
import { registerSnippets, withoutNpx } from './readme-snippets.js';

const snippets = registerSnippets();
let root: string;
let installed: Installed;
// The user's PATH: `claude`, `codex` and (for the global-install form) `peer-bridge` found there.
let shims: string;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-readme-')));
  installed = await installPacked(root);
  shims = path.join(root, 'bin');
  mkdirSync(shims);
  symlinkSync(claudeBin, path.join(shims, 'claude'));
  symlinkSync(codexBin, path.join(shims, 'codex'));
}, 300_000);
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  // The client ended; its server (and any peer) stop on their own once their stdin closes.
  // Only ours: a client's login-shell snapshot may leave the user's shell start-up files running.
  const ours = () =>
    processesIn(installed.project).filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('peer-bridge');
      } catch {
        return false; // already gone
      }
    });
  await waitFor(() => ours().length === 0, 'the servers started in the project to exit', 60_000);
  rmSync(path.join(installed.project, '.peer-bridge'), { recursive: true, force: true });
  rmSync(path.join(installed.project, '.mcp.json'), { force: true });
});
async function double<T extends Double>(started: Promise<T>): Promise<T> {
  const d = await started;
  closers.push(() => d.close());
  return d;
}

const userPath = (extra: string[] = []) =>
  [...extra, shims, path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter);

function sh(line: string, cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('/bin/sh', ['-c', line], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Milliseconds from now until the first request that `carries` a tool result arrives at `model`. */
function timeToResult(model: Double, carries: (body: unknown) => boolean): () => number | null {
  const t0 = performance.now();
  let took: number | null = null;
  void model.waitForRequests(1, (r) => carries(r.body)).then(() => (took = performance.now() - t0));
  return () => took;
}

const measured: string[] = [];
afterAll(() => {
  if (measured.length > 0)
    process.stderr.write(`launch to first successful bridge call:\n  ${measured.join('\n  ')}\n`);
});

// Claude Code as the MCP client: register with `line`, then run the README's headless line in the project.
async function claudeCalls(form: string, register: (env: Record<string, string>) => Promise<void>) {
  const dir = mkdtempSync(path.join(root, 'claude-'));
  const codexModel = await double(
    startResponsesDouble([{ kind: 'answer', answer: answer({ verdict: 'Codex looked: parse() is fine.' }) }]),
  );
  const claudeModel = await double(
    startToolCallingModel('mcp__peer-bridge__bridge_advise', { task: 'Is parse() safe?' }),
  );
  const env = baseEnv({ ...claudeEnv(claudeModel.origin, dir), ...codexEnv(codexModel.origin, dir), PATH: userPath() });
  delete env.PEER_BRIDGE_CLAUDE_BIN;
  delete env.PEER_BRIDGE_CODEX_BIN; // the peer is found on PATH, as on a user's machine
  await register(env);
  const took = timeToResult(claudeModel, (body) => lastToolResult(body) !== null);
  const result = await sh(snippets.claudeHeadless, installed.project, env);
  expect(result.code, result.stderr).toBe(0);
  const toolResult = claudeModel.requests.map((r) => lastToolResult(r.body)).find((t) => t !== null);
  expect(toolResult, result.stdout).toBeTruthy();
  const envelope = JSON.parse(toolResult!);
  expect(envelope).toMatchObject({
    status: 'complete',
    verb: 'advise',
    direction: 'claude-code->codex',
    verdict: 'Codex looked: parse() is fine.',
  });
  expect(result.stdout).toContain('Codex looked');
  expect((await new Ledger(installed.project).runs())[0]).toMatchObject({
    run_id: envelope.run_id,
    status: 'complete',
  });
  measured.push(`Claude Code, ${form}: ${(took() ?? NaN).toFixed(0)} ms`);
}

async function register(line: string, env: Record<string, string>) {
  const added = await sh(line, installed.project, env);
  expect(added.code, added.stderr + added.stdout).toBe(0);
}

const configOutput = promisify(execFile);

describe('the README registration for Claude Code, run as written', () => {
  it('user scope through npx, headless with --allowedTools', async () => {
    expect(snippets.claudeAdd).toContain('--scope user');
    await claudeCalls('user scope, npx', (env) => register(snippets.claudeAdd, env));
  }, 300_000);

  it('project scope (.mcp.json) with a global install on PATH instead of npx', async () => {
    const line = withoutNpx(snippets.claudeAdd).replace('--scope user', '--scope project');
    await claudeCalls('project scope, peer-bridge on PATH', async (env) => {
      const global = path.join(root, 'global-bin');
      mkdirSync(global, { recursive: true });
      rmSync(path.join(global, 'peer-bridge'), { force: true });
      symlinkSync(installed.bin, path.join(global, 'peer-bridge'));
      env.PATH = userPath([global]);
      await register(line, env);
      expect(
        JSON.parse(readFileSync(path.join(installed.project, '.mcp.json'), 'utf8')).mcpServers['peer-bridge'],
      ).toMatchObject({ command: 'peer-bridge', alwaysLoad: true });
    });
  }, 300_000);

  it('the absolute-path registration that `peer-bridge config claude` prints (local scope, no npx)', async () => {
    await claudeCalls('local scope, node + absolute path', async (env) => {
      const printed = await configOutput(process.execPath, [installed.bin, 'config', 'claude'], {
        cwd: installed.project,
        env,
      });
      expect(printed.stdout).toContain(`"command":"${process.execPath}"`);
      await register(printed.stdout.trim(), env);
    });
  }, 300_000);
});

// Interactive Claude Code with the prompt on its command line, in a pseudo-terminal (util-linux
// `script`), as a person starts it. Its first prompt can come before the server is connected;
// Claude Code then offers the model WaitForMcpServers, which the scripted model uses as a real
// model does, so the first call still succeeds.
describe.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/script'))(
  'the README registration, interactive Claude Code',
  () => {
    it('user scope through npx, allowed in the user settings, prompt on the command line', async () => {
      const dir = mkdtempSync(path.join(root, 'interactive-'));
      const codexModel = await double(
        startResponsesDouble([{ kind: 'answer', answer: answer({ verdict: 'Codex looked: parse() is fine.' }) }]),
      );
      const claudeModel = await double(
        startToolCallingModel('mcp__peer-bridge__bridge_advise', { task: 'Is parse() safe?' }),
      );
      const env = baseEnv({
        ...claudeEnv(claudeModel.origin, dir),
        ...codexEnv(codexModel.origin, dir),
        PATH: userPath(),
        TERM: 'xterm-256color',
      });
      delete env.PEER_BRIDGE_CLAUDE_BIN;
      delete env.PEER_BRIDGE_CODEX_BIN;
      // What a person has done once before: onboarding, trusting the folder, accepting the API key.
      const config = env.CLAUDE_CONFIG_DIR!;
      writeFileSync(
        path.join(config, '.claude.json'),
        JSON.stringify({
          hasCompletedOnboarding: true,
          customApiKeyResponses: { approved: [env.ANTHROPIC_API_KEY!.slice(-20)], rejected: [] },
          projects: { [installed.project]: { hasTrustDialogAccepted: true } },
        }),
      );
      writeFileSync(
        path.join(config, 'settings.json'),
        JSON.stringify({ permissions: { allow: ['mcp__peer-bridge'] } }),
      );
      await register(snippets.claudeAdd, env);
      const envelopeArrived = (body: unknown) => lastToolResult(body)?.includes('"run_id"') === true;
      const took = timeToResult(claudeModel, envelopeArrived);
      const child = spawn('/usr/bin/script', ['-qec', `claude 'Ask the peer whether parse() is safe.'`, '/dev/null'], {
        cwd: installed.project,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let screen = '';
      child.stdout.on('data', (c: Buffer) => (screen += c.toString('utf8')));
      const closed = new Promise<void>((resolve) => child.on('close', () => resolve()));
      // Should the test end some other way, the interactive session must not outlive it.
      closers.unshift(async () => {
        child.kill('SIGKILL');
        await closed;
      });
      // What the model saw, for a failure message: every tool result in order.
      const seen = () =>
        claudeModel.requests.map((r, i) => `#${i + 1}: ${String(lastToolResult(r.body)).slice(0, 400)}`).join('\n');
      try {
        await Promise.race([
          claudeModel.waitForRequests(1, (r) => envelopeArrived(r.body)),
          closed.then(() => Promise.reject(new Error(`claude ended before the call: ${screen.slice(-2000)}`))),
          // The scripted model ended its turn without the envelope: an interactive session would
          // now wait for the person forever, so fail with what the model was told.
          claudeModel
            .waitForRequests(1, (r) => turnEndedWithout(r.body, 'mcp__peer-bridge__bridge_advise', envelopeArrived))
            .then(() => Promise.reject(new Error(`the model ended its turn without an envelope:\n${seen()}`))),
        ]);
      } finally {
        child.kill('SIGTERM');
        await closed;
      }
      const envelope = JSON.parse(
        claudeModel.requests.map((r) => lastToolResult(r.body)).find((t) => t?.includes('"run_id"'))!,
      );
      expect(envelope).toMatchObject({
        status: 'complete',
        verb: 'advise',
        direction: 'claude-code->codex',
        verdict: 'Codex looked: parse() is fine.',
      });
      const route = toolCalls(claudeModel.requests.find((r) => envelopeArrived(r.body))!.body).join(' → ');
      measured.push(`Claude Code interactive, user scope, npx: ${(took() ?? NaN).toFixed(0)} ms (${route})`);
    }, 300_000);
  },
);

// Codex as the MCP client: the README's table in its config.toml, then `codex exec` in the project.
async function codexCalls(form: string, table: string) {
  const dir = mkdtempSync(path.join(root, 'codex-'));
  const claudeModel = await double(
    startMessagesDouble([{ kind: 'answer', answer: answer({ verdict: 'Claude looked: parse() is fine.' }) }]),
  );
  const codexModel = await double(startToolCallingResponses('bridge_advise', { task: 'Is parse() safe?' }));
  const parent = codexEnv(codexModel.origin, dir);
  appendFileSync(path.join(parent.CODEX_HOME!, 'config.toml'), `\n${table}\n`);
  // The peer's Claude configuration: what Codex passes on (env_vars) reaches it; the offline
  // switches live in its settings file, as a user's own preferences would.
  const peer = claudeEnvWithSettings(claudeModel.origin, dir);
  const env = baseEnv({
    ...parent,
    ANTHROPIC_API_KEY: peer.ANTHROPIC_API_KEY!,
    ANTHROPIC_BASE_URL: peer.ANTHROPIC_BASE_URL!,
    CLAUDE_CONFIG_DIR: peer.CLAUDE_CONFIG_DIR!,
    PATH: userPath(),
  });
  delete env.PEER_BRIDGE_CODEX_BIN;
  const took = timeToResult(codexModel, (body) => lastFunctionOutput(body) !== null);
  const result = await sh(
    `codex exec --json --skip-git-repo-check -- 'Ask the peer whether parse() is safe.'`,
    installed.project,
    env,
  );
  expect(result.code, result.stderr).toBe(0);
  const output = codexModel.requests.map((r) => lastFunctionOutput(r.body)).find((o) => o !== null);
  expect(output, result.stdout).toBeTruthy();
  expect(output).toContain('"direction":"codex->claude-code"');
  expect(output).toContain('Claude looked: parse() is fine.');
  expect((await new Ledger(installed.project).runs())[0]).toMatchObject({
    status: 'complete',
    direction: 'codex->claude-code',
  });
  measured.push(`Codex, ${form}: ${(took() ?? NaN).toFixed(0)} ms`);
}

describe('the README registration for Codex, run as written', () => {
  it('config.toml through npx, with env_vars carrying the Claude peer its key and endpoint', async () => {
    await codexCalls('npx', snippets.codexToml);
  }, 300_000);

  it('the absolute-path table that `peer-bridge config codex` prints', async () => {
    const printed = await configOutput(process.execPath, [installed.bin, 'config', 'codex'], {
      cwd: installed.project,
      env: baseEnv(),
    });
    expect(printed.stdout).toContain(`command = ${JSON.stringify(process.execPath)}`);
    await codexCalls('node + absolute path', printed.stdout);
  }, 300_000);
});
