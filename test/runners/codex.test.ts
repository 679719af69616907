// The Codex runner against the real `codex` CLI and the scripted Responses API double.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { strictCoreSchema, validateCore } from '../../src/envelope/index.js';
import { loadRunner } from '../../src/runners/index.js';
import type { RunnerEvent } from '../../src/runners/types.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Turn } from '../doubles/script.js';
import { alive, cmdline, codexEnv, collector, descendantsOf, request, setEnv, tempDir, validCore } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

async function setup(turns: Turn[], options: { rejectEfforts?: string[]; extraToml?: string } = {}) {
  const double = await startResponsesDouble(
    turns,
    options.rejectEfforts ? { rejectEfforts: options.rejectEfforts } : {},
  );
  cleanups.push(() => double.close());
  cleanups.push(setEnv(await codexEnv(double.origin, options.extraToml)));
  const workspace = await tempDir('ws');
  const runner = await loadRunner('codex', { workspace });
  return { double, workspace, runner, events: collector() };
}

const efforts = (double: { requests: { body: unknown }[] }) =>
  double.requests.map((r) => (r.body as { reasoning?: { effort?: string } }).reasoning?.effort);
const finals = (events: RunnerEvent[]) => events.filter((e) => e.type === 'final');
const fatal = (events: RunnerEvent[]) => events.filter((e) => e.type === 'error' && e.fatal);

describe('codex runner', () => {
  it('returns a clean structured answer, with the strict core schema sent to the model', async () => {
    const answer = validCore();
    const { double, workspace, runner, events } = await setup([{ kind: 'answer', answer }]);
    const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'gpt-5.5' }));
    expect(result.exitCode).toBe(0);
    expect(finals(events.events)).toEqual([{ type: 'final', answer, text: JSON.stringify(answer) }]);
    expect(validateCore(answer).ok).toBe(true);
    const session = events.events.find((e) => e.type === 'session');
    expect(session).toMatchObject({ model: 'gpt-5.5', session_id: result.sessionId });
    expect(result.sessionId).toMatch(/\w/);
    expect(events.events).toContainEqual({
      type: 'usage',
      cost_usd: null,
      cost_source: null,
      tokens: expect.objectContaining({ input_tokens: 100, cached_input_tokens: 20, output_tokens: 30 }),
    });
    const format = (double.requests[0]!.body as { text: { format: { schema: unknown; strict: boolean } } }).text.format;
    expect(format.strict).toBe(true);
    expect(format.schema).toEqual(strictCoreSchema());
  });

  it('reports a tool command the model ran before answering', async () => {
    const { double, workspace, runner, events } = await setup([
      { kind: 'tool', command: 'echo made > made.txt && echo ok' },
      { kind: 'answer', answer: validCore({ files_touched: ['made.txt'] }) },
    ]);
    await runner.run(request('implement', workspace, events.onEvent));
    const commands = events.events.filter((e) => e.type === 'command');
    expect(commands.map((c) => c.type === 'command' && c.status)).toEqual(['in_progress', 'completed']);
    expect(commands[1]).toMatchObject({ exit_code: 0, output_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await readFile(path.join(workspace, 'made.txt'), 'utf8')).toBe('made\n');
    expect(double.requests).toHaveLength(2);
    expect(finals(events.events)).toHaveLength(1);
  });

  it('passes on an answer that breaks the core schema as it came, for the envelope module to reject', async () => {
    const answer = validCore({ verdict: 'x'.repeat(600), findings: Array.from({ length: 9 }, (_, i) => `f${i}`) });
    const { workspace, runner, events } = await setup([{ kind: 'answer', answer }]);
    await runner.run(request('review', workspace, events.onEvent));
    const [final] = finals(events.events);
    expect(final).toMatchObject({ answer });
    expect(validateCore((final as { answer: unknown }).answer).ok).toBe(false);
  });

  it('turns an HTTP error into a fatal error event and no answer', async () => {
    const { workspace, runner, events } = await setup([
      { kind: 'http_error', status: 500, message: 'the model is down' },
    ]);
    const result = await runner.run(request('advise', workspace, events.onEvent));
    expect(result.exitCode).not.toBe(0);
    expect(finals(events.events)).toEqual([]);
    expect(fatal(events.events)).toEqual([expect.objectContaining({ cause: 'http-error' })]);
  });

  it.skipIf(process.platform !== 'linux')(
    'kills the whole tree, grandchildren included, when a model never answers',
    async () => {
      const { double, workspace, runner, events } = await setup([{ kind: 'hang' }]);
      const controller = new AbortController();
      const running = runner.run(request('advise', workspace, events.onEvent, { signal: controller.signal }));
      await double.waitForRequests(1);
      await events.when((e) => e.type === 'progress' && e.text === 'turn started');
      const tree = descendantsOf(process.pid).filter((pid) => /codex/.test(cmdline(pid)));
      // The npm launcher (node codex.js) and the native binary it starts: a child and a grandchild.
      expect(tree.length).toBeGreaterThanOrEqual(2);
      controller.abort();
      const result = await running;
      expect(result.aborted).toBe(true);
      expect(tree.filter(alive)).toEqual([]);
      expect(fatal(events.events)).toEqual([expect.objectContaining({ cause: 'aborted' })]);
    },
  );

  it('stops a child that floods its output and keeps the last complete agent message', async () => {
    const { workspace, runner, events } = await setup([
      { kind: 'flood', prelude: 'working on it', count: 3, size: 200_000 },
    ]);
    const result = await runner.run(
      request('advise', workspace, events.onEvent, { limits: { maxOutputBytes: 1 << 20, maxLineBytes: 64 << 10 } }),
    );
    expect(result.outputLimitHit).toBe(true);
    expect(result.lastAgentMessage).toBe('working on it');
    expect(finals(events.events)).toEqual([]);
    expect(fatal(events.events)).toEqual([expect.objectContaining({ cause: 'output-limit' })]);
  });

  it('substitutes an effort the model does not accept, from codex debug models, and records it', async () => {
    const { double, workspace, runner, events } = await setup([{ kind: 'answer', answer: validCore() }]);
    expect(await runner.supportedEfforts('gpt-5.5')).toEqual(['low', 'medium', 'high', 'xhigh']);
    const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'gpt-5.5', effort: 'max' }));
    expect(efforts(double)).toEqual(['xhigh']);
    expect(result.effortApplied).toBe('xhigh');
    expect(result.effortSubstitution).toMatchObject({ requested: 'max', applied: 'xhigh' });
  });

  it('retries a read-only verb once, one effort level lower, when the model rejects the effort', async () => {
    const { double, workspace, runner, events } = await setup([{ kind: 'answer', answer: validCore() }], {
      rejectEfforts: ['max'],
    });
    const result = await runner.run(
      request('review', workspace, events.onEvent, { model: 'double-model', effort: 'max' }),
    );
    expect(efforts(double)).toEqual(['max', 'xhigh']);
    expect(result.effortSubstitution).toMatchObject({
      requested: 'max',
      applied: 'xhigh',
      reason: expect.stringContaining('rejected'),
    });
    expect(events.events).toContainEqual(
      expect.objectContaining({ type: 'error', fatal: false, cause: 'unsupported-effort' }),
    );
    expect(fatal(events.events)).toEqual([]);
    expect(finals(events.events)).toHaveLength(1);
  });

  it('does not retry an implement call whose effort the model rejects', async () => {
    const { double, workspace, runner, events } = await setup([{ kind: 'answer', answer: validCore() }], {
      rejectEfforts: ['max'],
    });
    const result = await runner.run(
      request('implement', workspace, events.onEvent, { model: 'double-model', effort: 'max' }),
    );
    expect(efforts(double)).toEqual(['max']);
    expect(result.effortSubstitution).toBeNull();
    expect(fatal(events.events)).toEqual([expect.objectContaining({ cause: 'unsupported-effort' })]);
  });

  it("switches the bridge's own MCP server off in the child", async () => {
    const bridgeServer = '[mcp_servers.peer-bridge]\ncommand = "peer-bridge"\nargs = ["serve"]\n';
    const { double, workspace, runner, events } = await setup([{ kind: 'answer', answer: validCore() }], {
      extraToml: bridgeServer,
    });
    await runner.run(request('advise', workspace, events.onEvent, { model: 'gpt-5.5' }));
    const tools = (double.requests[0]!.body as { tools: { name?: string }[] }).tools.map((t) => t.name);
    expect(tools).toContain('exec_command');
    expect(tools).not.toContain('list_mcp_resources');
    expect(finals(events.events)).toHaveLength(1);
  });

  it('never lets a secret of the parent environment reach the child or its commands', async () => {
    const { workspace, runner, events } = await setup([
      { kind: 'tool', command: 'env > env.txt' },
      { kind: 'answer', answer: validCore() },
    ]);
    const secret = `canary-${process.pid}-${Date.now()}`;
    cleanups.push(
      setEnv({ PB_CANARY_VALUE: secret, NODE_OPTIONS: '--no-warnings', LD_PRELOAD: '/nonexistent/preload.so' }),
    );
    await runner.run(request('implement', workspace, events.onEvent, { depth: 3 }));
    expect(existsSync(path.join(workspace, 'env.txt'))).toBe(true);
    const env = await readFile(path.join(workspace, 'env.txt'), 'utf8');
    expect(env).toContain('PEER_BRIDGE_DEPTH=3');
    expect(env).toContain('OPENAI_API_KEY=');
    expect(env).not.toContain(secret);
    expect(env).not.toMatch(/^(NODE_OPTIONS|LD_PRELOAD)=/m);
  });

  it.skipIf(process.platform === 'win32')(
    'reports no model when the child died before saying which one runs',
    async () => {
      // The requested name is not "the model that actually ran": nothing ran.
      const dir = await tempDir('bin');
      const bin = path.join(dir, 'codex');
      await writeFile(bin, '#!/bin/sh\necho "cannot start" >&2\nexit 3\n', { mode: 0o755 });
      cleanups.push(setEnv({ PEER_BRIDGE_CODEX_BIN: bin }));
      const workspace = await tempDir('ws');
      const runner = await loadRunner('codex', { workspace });
      const events = collector();
      const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'gpt-5.5' }));
      expect(result).toMatchObject({ exitCode: 3, model: null, sessionId: null });
      expect(fatal(events.events)).toMatchObject([{ cause: 'child-exit' }]);
    },
  );
});
