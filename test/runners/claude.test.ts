// The Claude runner against the real Claude Code CLI and the scripted Messages API double.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { strictCoreSchema, validateCore } from '../../src/envelope/index.js';
import { loadRunner } from '../../src/runners/index.js';
import type { RunnerEvent } from '../../src/runners/types.js';
import { startMessagesDouble, STRUCTURED_OUTPUT_TOOL } from '../doubles/anthropic-messages-server.js';
import type { RecordedRequest, Turn } from '../doubles/script.js';
import {
  alive,
  claudeEnv,
  cmdline,
  collector,
  descendantsOf,
  pgid,
  request,
  setEnv,
  tempDir,
  validCore,
} from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

async function setup(turns: Turn[], allowBash = false) {
  const double = await startMessagesDouble(turns);
  cleanups.push(() => double.close());
  cleanups.push(setEnv(await claudeEnv(double.origin, allowBash)));
  const workspace = await tempDir('ws');
  const runner = await loadRunner('claude', { workspace });
  return { double, workspace, runner, events: collector() };
}

const isMessages = (r: RecordedRequest) => r.method === 'POST' && r.url.startsWith('/v1/messages');
const messages = (double: { requests: RecordedRequest[] }) =>
  double.requests
    .filter(isMessages)
    .map((r) => r.body as { output_config?: { effort?: string }; tools?: { name: string; input_schema: unknown }[] });
const finals = (events: RunnerEvent[]) => events.filter((e) => e.type === 'final');
const fatal = (events: RunnerEvent[]) => events.filter((e) => e.type === 'error' && e.fatal);

describe('claude runner', () => {
  it('returns a clean structured answer with the reported cost, model and session', async () => {
    const answer = validCore();
    const { double, workspace, runner, events } = await setup([{ kind: 'answer', answer }]);
    const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'claude-double-1' }));
    expect(result.exitCode).toBe(0);
    expect(finals(events.events)).toEqual([expect.objectContaining({ answer })]);
    expect(events.events).toContainEqual({ type: 'session', session_id: result.sessionId, model: 'claude-double-1' });
    expect(result.sessionId).toMatch(/\w/);
    const usage = events.events.find((e) => e.type === 'usage');
    expect(usage).toMatchObject({
      cost_source: 'reported',
      cost_usd: expect.any(Number),
      tokens: expect.objectContaining({ input_tokens: 100, output_tokens: 30 }),
    });
    const tool = messages(double)[0]!.tools!.find((t) => t.name === STRUCTURED_OUTPUT_TOOL);
    expect(tool!.input_schema).toEqual(strictCoreSchema());
  });

  it('reports a tool command before the answer, and the command sees only a scrubbed environment', async () => {
    const { double, workspace, runner, events } = await setup(
      [
        { kind: 'tool', command: 'env > env.txt' },
        { kind: 'answer', answer: validCore({ files_touched: ['env.txt'] }) },
      ],
      true,
    );
    const secret = `canary-${process.pid}-${Date.now()}`;
    cleanups.push(
      setEnv({ PB_CANARY_VALUE: secret, NODE_OPTIONS: '--no-warnings', LD_PRELOAD: '/nonexistent/preload.so' }),
    );
    await runner.run(request('implement', workspace, events.onEvent, { depth: 2 }));
    const commands = events.events.filter((e) => e.type === 'command');
    expect(commands).toEqual([
      expect.objectContaining({ command: 'env > env.txt', status: 'in_progress' }),
      expect.objectContaining({
        command: 'env > env.txt',
        status: 'completed',
        output_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    expect(messages(double)).toHaveLength(2);
    expect(finals(events.events)).toHaveLength(1);
    expect(existsSync(path.join(workspace, 'env.txt'))).toBe(true);
    const env = await readFile(path.join(workspace, 'env.txt'), 'utf8');
    expect(env).toContain('PEER_BRIDGE_DEPTH=2');
    expect(env).toContain('CLAUDE_CONFIG_DIR=');
    expect(env).not.toContain(secret);
    expect(env).not.toMatch(/^(NODE_OPTIONS|LD_PRELOAD)=/m);
  });

  it('passes on an answer that breaks the core schema as it came, for the envelope module to reject', async () => {
    const answer = validCore({ verdict: 'y'.repeat(700) });
    const { workspace, runner, events } = await setup([{ kind: 'answer', answer }]);
    await runner.run(request('review', workspace, events.onEvent));
    const [final] = finals(events.events);
    expect(final).toMatchObject({ answer });
    expect(validateCore((final as { answer: unknown }).answer).ok).toBe(false);
  });

  it('maps an HTTP error result to a fatal error with its status', async () => {
    const { workspace, runner, events } = await setup([
      { kind: 'http_error', status: 500, message: 'the model is down' },
    ]);
    await runner.run(request('advise', workspace, events.onEvent));
    expect(finals(events.events)).toEqual([]);
    expect(fatal(events.events)).toEqual([
      expect.objectContaining({ cause: 'http-error', message: expect.stringContaining('500') }),
    ]);
  });

  it.skipIf(process.platform !== 'linux')(
    'kills the tree on abort, including a background grandchild that left the process group',
    async () => {
      const { double, workspace, runner, events } = await setup(
        [{ kind: 'tool', command: 'sleep 300 >/dev/null 2>&1 & echo $! > sleeper.pid' }, { kind: 'hang' }],
        true,
      );
      const controller = new AbortController();
      const running = runner.run(request('implement', workspace, events.onEvent, { signal: controller.signal }));
      await double.waitForRequests(2, isMessages);
      const sleeper = Number(await readFile(path.join(workspace, 'sleeper.pid'), 'utf8'));
      expect(alive(sleeper)).toBe(true);
      const claude = descendantsOf(process.pid).find((pid) => /claude/.test(cmdline(pid)));
      expect(claude).toBeDefined();
      // Claude Code starts its shell commands in their own process group: a group kill alone misses them.
      expect(pgid(sleeper)).not.toBe(pgid(claude!));
      controller.abort();
      const result = await running;
      expect(result.aborted).toBe(true);
      expect(alive(sleeper)).toBe(false);
      expect(fatal(events.events)).toEqual([expect.objectContaining({ cause: 'aborted' })]);
    },
  );

  it('stops a child that floods its output', async () => {
    const { workspace, runner, events } = await setup([
      { kind: 'flood', prelude: 'working on it', count: 3, size: 200_000 },
    ]);
    const result = await runner.run(
      request('advise', workspace, events.onEvent, { limits: { maxOutputBytes: 1 << 20, maxLineBytes: 64 << 10 } }),
    );
    expect(result.outputLimitHit).toBe(true);
    expect(finals(events.events)).toEqual([]);
    expect(fatal(events.events)).toEqual([expect.objectContaining({ cause: 'output-limit' })]);
  });

  it('substitutes an effort the CLI does not accept and records it', async () => {
    const { double, workspace, runner, events } = await setup([{ kind: 'answer', answer: validCore() }]);
    const result = await runner.run(request('advise', workspace, events.onEvent, { effort: 'minimal' }));
    expect(result.effortApplied).toBe('low');
    expect(result.effortSubstitution).toMatchObject({ requested: 'minimal', applied: 'low' });
    expect(messages(double)[0]!.output_config?.effort).toBe('low');
  });

  it('gives a final event with no answer when the model only ever writes prose', async () => {
    const { workspace, runner, events } = await setup([
      { kind: 'text', text: 'I think so.' },
      { kind: 'text', text: 'Still prose.' },
    ]);
    await runner.run(request('advise', workspace, events.onEvent));
    expect(finals(events.events)).toEqual([{ type: 'final', answer: null, text: 'Still prose.' }]);
  });

  it.skipIf(process.platform === 'win32')(
    'reports no model when the child died before saying which one runs',
    async () => {
      // The requested name is not "the model that actually ran": nothing ran.
      const dir = await tempDir('bin');
      const bin = path.join(dir, 'claude');
      await writeFile(bin, '#!/bin/sh\necho "cannot start" >&2\nexit 3\n', { mode: 0o755 });
      cleanups.push(setEnv({ PEER_BRIDGE_CLAUDE_BIN: bin }));
      const workspace = await tempDir('ws');
      const runner = await loadRunner('claude', { workspace });
      const events = collector();
      const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'claude-double-1' }));
      expect(result).toMatchObject({ exitCode: 3, model: null, sessionId: null });
      expect(fatal(events.events)).toMatchObject([{ cause: 'child-exit' }]);
    },
  );
});
