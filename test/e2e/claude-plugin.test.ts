// The Claude Code plugin as a user installs it: the marketplace added from the package's files,
// `claude plugin install peer-bridge@peer-bridge` into a fresh CLAUDE_CONFIG_DIR (and HOME), then
// headless Claude Code against the scripted Anthropic double, with no --allowedTools: the model
// calls the plugin's bridge_advise (or a slash command's tool), the plugin's server runs the real
// Codex CLI against the scripted OpenAI double, and the envelope comes back to the model.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { answer, claudeBin, claudeEnv, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Turn } from '../doubles/script.js';
import type { Double } from '../doubles/serve.js';
import { baseEnv, repoRoot } from '../helpers/serve-client.js';
import { processesIn, waitFor } from '../mcp/wait.js';
import { lastToolResult, startToolCallingModel } from './mcp-calling-model.js';
import { installedCopy, packTarball, unpackTarball } from './packed-install.js';
import { installSnippets, withMarketplace } from './readme-snippets.js';

const run = promisify(execFile);
const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
const TOOL = 'mcp__plugin_peer-bridge_peer-bridge__';

let root: string;
let tarball: string;
// The marketplace folder: the package's files as npm ships them (.claude-plugin/marketplace.json
// among them), the same files a user's `claude plugin marketplace add peer-bridge/peer-bridge` reads.
let marketplace: string;

beforeAll(async () => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-claude-plugin-')));
  tarball = await packTarball(root);
  marketplace = await unpackTarball(tarball, root);
}, 300_000);
afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

const closers: (() => Promise<void>)[] = [];
const projects: string[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  // Claude Code ended; the plugin's server (and any peer) stop on their own once their stdin closes.
  for (const project of projects.splice(0))
    await waitFor(() => processesIn(project).length === 0, 'the servers started in the project to exit', 60_000);
});
async function double<T extends Double>(started: Promise<T>): Promise<T> {
  const d = await started;
  closers.push(() => d.close());
  return d;
}

function claude(args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(claudeBin, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A fresh user: HOME and CLAUDE_CONFIG_DIR in a temp folder, the two doubles, the plugin installed
 * from the marketplace; the Codex peer's model plays `peer` (a verdict to answer with, or its
 * turns). Returns the environment headless Claude Code runs with, the project
 * folder, the doubles and when the install began.
 */
async function installedUser(tool: string, input: Record<string, unknown>, peer: string | Turn[]) {
  const dir = mkdtempSync(path.join(root, 'user-'));
  const project = path.join(dir, 'project');
  mkdirSync(project);
  projects.push(project);
  mkdirSync(path.join(dir, 'home'));
  const turns = typeof peer === 'string' ? [{ kind: 'answer' as const, answer: answer({ verdict: peer }) }] : peer;
  const codexModel = await double(startResponsesDouble(turns));
  const claudeModel = await double(startToolCallingModel(`${TOOL}${tool}`, input));
  const env = baseEnv({
    ...claudeEnv(claudeModel.origin, dir),
    ...codexEnv(codexModel.origin, dir),
    HOME: path.join(dir, 'home'),
    // `node` for the plugin's server and hook, as on a user's PATH.
    PATH: [path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter),
  });
  const config = env.CLAUDE_CONFIG_DIR!;
  // The marketplace entry's source is the npm package at this version: Claude Code runs
  // `npm install peer-bridge@<version> --prefix <config>/plugins/npm-cache` and copies the package
  // from there, unless that folder already holds this version. The registry does not have this
  // checkout's version, so the test puts there what that npm install of the packed tarball makes
  // (made once per run: test/e2e/packed-install.ts), the only stand-in here: Claude Code's own
  // copy, install record and start are real.
  const startedAt = performance.now();
  await installedCopy(path.join(config, 'plugins', 'npm-cache'));
  const npmDoneAt = performance.now();
  // The README's two install lines, as written but for the marketplace's place.
  for (const line of installSnippets().claude)
    await run(claudeBin, withMarketplace(line, marketplace), { cwd: project, env });
  const phases = { npm: npmDoneAt - startedAt, install: performance.now() - npmDoneAt };
  return { env, project, config, codexModel, claudeModel, startedAt, phases };
}

const headless = ['-p', '--output-format', 'stream-json', '--verbose', '--no-session-persistence'];

function envelopeFrom(claudeModel: Double): Record<string, unknown> {
  const text = claudeModel.requests.map((r) => lastToolResult(r.body)).find((t) => t?.includes('"run_id"'));
  expect(text, claudeModel.requests.map((r) => String(lastToolResult(r.body))).join('\n')).toBeTruthy();
  return JSON.parse(text!) as Record<string, unknown>;
}

const measured: string[] = [];
afterAll(() => {
  if (measured.length > 0)
    process.stderr.write(`Claude Code plugin, install to first answered call:\n  ${measured.join('\n  ')}\n`);
});

it('installs from the marketplace into CLAUDE_PLUGIN_ROOT, the package itself at its version', async () => {
  const user = await installedUser('bridge_status', {}, 'unused');
  const installed = JSON.parse(readFileSync(path.join(user.config, 'plugins', 'installed_plugins.json'), 'utf8'));
  const entry = installed.plugins['peer-bridge@peer-bridge'][0];
  expect(entry.version).toBe(version);
  // The plugin root is the npm package with its built code and this platform's prebuild.
  const pluginRoot = entry.installPath as string;
  const manifest = JSON.parse(readFileSync(path.join(pluginRoot, 'package.json'), 'utf8'));
  expect(manifest).toMatchObject({ name: 'peer-bridge', version });
  expect(readFileSync(path.join(pluginRoot, 'dist', 'cli', 'main.cjs'), 'utf8').length).toBeGreaterThan(0);
  const listed = await run(claudeBin, ['mcp', 'list'], { cwd: user.project, env: user.env, timeout: 120_000 });
  expect(listed.stdout).toContain(`node ${path.join(pluginRoot, 'dist', 'cli', 'main.cjs')} serve --runner codex`);
  expect(listed.stdout).toMatch(/plugin:peer-bridge:peer-bridge: .* - ✔ Connected/);
}, 300_000);

it('headless, without --allowedTools, the model calls bridge_advise and gets the Codex envelope', async () => {
  const user = await installedUser('bridge_advise', { task: 'Is parse() safe?' }, 'Codex looked: parse() is fine.');
  let took = NaN;
  void user.claudeModel
    .waitForRequests(1, (r) => lastToolResult(r.body)?.includes('"run_id"') === true)
    .then(() => (took = performance.now() - user.startedAt));
  const result = await claude([...headless, '--', 'Ask the peer whether parse() is safe.'], user.project, user.env);
  expect(result.code, result.stderr).toBe(0);
  const init = result.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .find((l) => l.type === 'system' && l.subtype === 'init');
  expect(init.mcp_servers).toContainEqual({ name: 'plugin:peer-bridge:peer-bridge', status: 'connected' });
  expect(user.codexModel.requests.filter((r) => r.url.startsWith('/v1/responses'))).toHaveLength(1);
  const envelope = envelopeFrom(user.claudeModel);
  expect(envelope).toMatchObject({
    status: 'complete',
    verb: 'advise',
    direction: 'claude-code->codex',
    verdict: 'Codex looked: parse() is fine.',
  });
  expect((await new Ledger(user.project).runs())[0]).toMatchObject({ run_id: envelope.run_id, status: 'complete' });
  const { npm, install } = user.phases;
  measured.push(
    `bridge_advise under claude -p: ${took.toFixed(0)} ms from the npm install to the envelope at the model ` +
      `(npm install, copied from the run's own: ${npm.toFixed(0)}, marketplace add + plugin install ${install.toFixed(0)}, ` +
      `claude -p to the envelope ${(took - npm - install).toFixed(0)})`,
  );
}, 300_000);

it('the /peer-bridge:review slash command hands the user words to the model and the review comes back', async () => {
  const words = 'the change to parse() in HEAD~1..HEAD';
  const user = await installedUser('bridge_review', { task: words }, 'Codex reviewed: no blocker.');
  const result = await claude([...headless, '--', `/peer-bridge:review ${words}`], user.project, user.env);
  expect(result.code, result.stderr).toBe(0);
  // The command's text reached the model with the user's words in it and the tool to call.
  const first = JSON.stringify(user.claudeModel.requests.find((r) => r.url.startsWith('/v1/messages'))?.body);
  expect(first).toContain(words);
  expect(first).toContain('bridge_review');
  // The peer was asked with those words as its task.
  const peerAsked = user.codexModel.requests.find((r) => r.url.startsWith('/v1/responses'));
  expect(JSON.stringify(peerAsked?.body)).toContain(words);
  expect(envelopeFrom(user.claudeModel)).toMatchObject({
    status: 'complete',
    verb: 'review',
    direction: 'claude-code->codex',
    verdict: 'Codex reviewed: no blocker.',
  });
}, 300_000);

it('a deny rule in the user settings wins over the plugin hook: headless, the peer is never asked', async () => {
  const user = await installedUser('bridge_advise', { task: 'Is parse() safe?' }, 'unused');
  writeFileSync(
    path.join(user.config, 'settings.json'),
    JSON.stringify({
      ...JSON.parse(readFileSync(path.join(user.config, 'settings.json'), 'utf8')),
      permissions: { deny: ['mcp__plugin_peer-bridge_peer-bridge'] },
    }),
  );
  const result = await claude([...headless, '--', 'Ask the peer whether parse() is safe.'], user.project, user.env);
  expect(result.code, result.stderr).toBe(0);
  // The model asked for the tool and was refused; Codex was never started.
  expect(user.claudeModel.requests.some((r) => lastToolResult(r.body) !== null)).toBe(true);
  expect(user.claudeModel.requests.some((r) => lastToolResult(r.body)?.includes('"run_id"'))).toBe(false);
  expect(user.codexModel.requests.filter((r) => r.url.startsWith('/v1/responses'))).toHaveLength(0);
}, 300_000);

it('an implement peer deletes a symbol through the workbench of the installed plugin, which has no node_modules', async () => {
  // Claude Code copied the package folder alone: the peer's workbench (the plugin's own dist/, started
  // by the bridge) parses with the grammars in dist/grammars/.
  const user = await installedUser('bridge_implement', { task: 'Remove drop() from a.py.' }, [
    { kind: 'tool_search', query: 'workbench read and edit files' },
    { kind: 'call', namespace: 'mcp__workbench', name: 'read_file', input: { path: 'a.py' } },
    { kind: 'call', namespace: 'mcp__workbench', name: 'delete_symbol', input: { path: 'a.py', symbol: 'drop' } },
    { kind: 'answer', answer: answer({ verdict: 'Removed drop().', files_touched: ['a.py'] }) },
  ]);
  const installed = JSON.parse(readFileSync(path.join(user.config, 'plugins', 'installed_plugins.json'), 'utf8'));
  const pluginRoot = installed.plugins['peer-bridge@peer-bridge'][0].installPath as string;
  for (let dir = pluginRoot; dir !== path.dirname(dir); dir = path.dirname(dir))
    expect(existsSync(path.join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
  writeFileSync(path.join(user.project, 'a.py'), 'def keep():\n    pass\n\n\ndef drop():\n    return 1\n');
  const result = await claude([...headless, '--', 'Have the peer remove drop() from a.py.'], user.project, user.env);
  expect(result.code, result.stderr).toBe(0);
  // The peer's delete_symbol answered ok, and the file lost drop() alone.
  const answered = user.codexModel.requests
    .filter((r) => r.url.startsWith('/v1/responses'))
    .map((r) => JSON.stringify((r.body as { input?: unknown[] }).input?.at(-1) ?? null));
  expect(
    answered.find((text) => text.includes('deleted_lines')),
    answered.join('\n'),
  ).toContain('\\"ok\\":true');
  expect(readFileSync(path.join(user.project, 'a.py'), 'utf8')).toBe('def keep():\n    pass\n');
  expect(envelopeFrom(user.claudeModel)).toMatchObject({ status: 'complete', verb: 'implement' });
}, 300_000);
