// Bridge calls over MCP end to end: the SDK client over real stdio, `peer-bridge serve`, and the
// real Codex / Claude Code CLIs as children against the scripted model doubles on 127.0.0.1.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import type { SettleRecord } from '../../src/state/ledger-records.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Double } from '../doubles/serve.js';
import type { Turn } from '../doubles/script.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, claudeEnv, codexEnv } from '../helpers/peers.js';
import { startServer, type Served } from '../helpers/serve-client.js';
import { processesIn, waitFor } from './wait.js';

const tempDir = useTempDir('peer-bridge-calls-');
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Setup {
  served: Served;
  double: Double;
  workspace: string;
}

async function setup(
  turns: Turn[],
  options: { runner?: 'codex' | 'claude'; env?: Record<string, string> } = {},
): Promise<Setup> {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'work space ü');
  mkdirSync(workspace);
  const claude = options.runner === 'claude';
  const double = claude ? await startMessagesDouble(turns) : await startResponsesDouble(turns);
  cleanup.push(() => double.close());
  const env = { ...(claude ? claudeEnv(double.origin, dir) : codexEnv(double.origin, dir)), ...options.env };
  const served = await startServer({ workspace, env, ...(claude ? { args: ['--runner', 'claude'] } : {}) });
  cleanup.push(() => served.close());
  return { served, double, workspace };
}

async function call(
  served: Served,
  name: string,
  args: Record<string, unknown>,
  extra: { onprogress?: (p: Progress) => void; signal?: AbortSignal } = {},
) {
  return (await served.client.callTool({ name, arguments: args }, CallToolResultSchema, {
    timeout: 120_000,
    ...extra,
  })) as CallToolResult;
}

const envelopeOf = (result: CallToolResult) => result.structuredContent as Record<string, any>;
const readJson = (workspace: string, relative: string) =>
  JSON.parse(readFileSync(path.join(workspace, relative), 'utf8'));

async function settlements(workspace: string): Promise<SettleRecord[]> {
  return (await new Ledger(workspace).read()).records.filter((r): r is SettleRecord => r.type === 'settle');
}

describe('bridge tools with Codex as the peer', () => {
  it('advise returns the validated envelope as structuredContent and as JSON text', async () => {
    const { served, workspace } = await setup([{ kind: 'answer', answer: answer() }]);
    const result = await call(served, 'bridge_advise', { task: 'Is parse() safe?' });
    const envelope = envelopeOf(result);
    expect(result.isError).toBe(false);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(envelope);
    expect(envelope).toMatchObject({
      status: 'complete',
      verb: 'advise',
      direction: 'claude-code->codex',
      depth: 0,
      model: 'gpt-5.5',
      incident: null,
    });
    expect(envelope).not.toHaveProperty('details');
    expect(Buffer.byteLength(JSON.stringify(envelope))).toBeLessThan(8 * 1024);
    const transcript = readFileSync(path.join(workspace, envelope.transcript_path), 'utf8');
    expect(transcript).toContain('Read src/parse.ts and its tests.');
    expect(await settlements(workspace)).toMatchObject([{ run_id: envelope.run_id, status: 'complete' }]);
  });

  it('implement lets the peer run a command that writes in the workspace', async () => {
    const { served, workspace, double } = await setup([
      { kind: 'tool', command: 'echo done > note.txt' },
      { kind: 'answer', answer: answer({ verdict: 'Wrote note.txt.', files_touched: ['note.txt'] }) },
    ]);
    const envelope = envelopeOf(await call(served, 'bridge_implement', { task: 'Write note.txt', effort: 'high' }));
    expect(envelope).toMatchObject({
      status: 'complete',
      verb: 'implement',
      files_touched: ['note.txt'],
      effort: 'high',
    });
    expect(readFileSync(path.join(workspace, 'note.txt'), 'utf8').trim()).toBe('done');
    expect((double.requests.at(-1)?.body as { reasoning?: { effort?: string } }).reasoning?.effort).toBe('high');
  });

  it('review tells the peer to review adversarially and records effort substitution', async () => {
    const { served, double } = await setup([{ kind: 'answer', answer: answer({ findings: ['off-by-one in loop'] }) }]);
    const envelope = envelopeOf(
      await call(served, 'bridge_review', {
        task: 'Review the last commit',
        effort: 'trivial',
        supported_efforts: ['low', 'medium'],
      }),
    );
    expect(envelope).toMatchObject({ status: 'complete', verb: 'review', effort: 'low' });
    expect(envelope.effort_substituted).toMatchObject({ requested: 'trivial', applied: 'low' });
    expect(JSON.stringify(double.requests.at(-1)?.body)).toContain('adversarial review');
  });

  it('a peer that never answers times out at 1.2 x the budget, with an incident', async () => {
    const { served, workspace } = await setup([{ kind: 'hang' }]);
    const result = await call(served, 'bridge_advise', { task: 'Think forever', timeout_seconds: 1 });
    const envelope = envelopeOf(result);
    expect(result.isError).toBe(true);
    expect(envelope).toMatchObject({ status: 'timeout', findings: [] });
    expect(envelope.blockers[0]).toMatch(/1 s budget.*1\.2 s/);
    expect(readJson(workspace, envelope.incident)).toMatchObject({ fault: 'timeout', budget_seconds: 1 });
    await waitFor(() => processesIn(workspace).length === 0, 'the child tree to be gone');
  });

  it('an answer that breaks the core schema is blocked as invalid-output', async () => {
    const { served, workspace } = await setup([{ kind: 'answer', answer: answer({ status: 'timeout' }) }]);
    const result = await call(served, 'bridge_advise', { task: 'x' });
    expect(result.isError).toBe(true);
    expect(envelopeOf(result).status).toBe('blocked');
    expect(readJson(workspace, envelopeOf(result).incident).fault).toBe('invalid-output');
  });

  it('a peer that floods output is stopped at the cap, with unverified partial output', async () => {
    const { served, workspace } = await setup(
      [{ kind: 'flood', prelude: 'Working on it: the parser needs a bounds check.', count: 400, size: 2000 }],
      { env: { PEER_BRIDGE_MAX_OUTPUT_BYTES: String(128 * 1024) } },
    );
    const envelope = envelopeOf(await call(served, 'bridge_advise', { task: 'x' }));
    expect(envelope).toMatchObject({ status: 'blocked', findings: [] });
    expect(readJson(workspace, envelope.incident).fault).toBe('output-limit');
    expect(envelope.partial_output).toMatchObject({ unverified: true, source: 'codex:item.completed:agent_message' });
    await waitFor(() => processesIn(workspace).length === 0, 'the child tree to be gone');
  });

  it('a model API failure ends as child-exit with the cause', async () => {
    const { served, workspace } = await setup([{ kind: 'http_error', status: 500, message: 'upstream exploded' }]);
    const envelope = envelopeOf(await call(served, 'bridge_review', { task: 'x' }));
    expect(envelope.status).toBe('blocked');
    expect(readJson(workspace, envelope.incident).fault).toBe('child-exit');
  });

  it('sends progress notifications of at most 200 characters, heartbeats included', async () => {
    const { served } = await setup([{ kind: 'hang' }], { env: { PEER_BRIDGE_HEARTBEAT_MS: '300' } });
    const seen: Progress[] = [];
    await call(served, 'bridge_advise', { task: 'x', timeout_seconds: 2 }, { onprogress: (p) => seen.push(p) });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((p) => (p.message ?? '').length <= 200)).toBe(true);
    expect(seen.some((p) => /^working, \d+ s of 2 s/.test(p.message ?? ''))).toBe(true);
    expect(seen.map((p) => p.progress)).toEqual([...seen.map((p) => p.progress)].sort((a, b) => a - b));
  });

  it('refuses a heartbeat period too long for a timer instead of checking every millisecond', async () => {
    // Node runs an interval longer than 2^31 - 1 ms every 1 ms (and warns), which would spin. Such a
    // value once fell back to the default in silence; now the call is refused, naming it.
    const { served, double } = await setup([{ kind: 'answer', answer: answer() }], {
      env: { PEER_BRIDGE_HEARTBEAT_MS: '100000000000' },
    });
    const result = await call(served, 'bridge_advise', { task: 'x' }, { onprogress: () => undefined });
    expect(result.isError).toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({
      code: 'invalid_environment',
      message: expect.stringMatching(/^PEER_BRIDGE_HEARTBEAT_MS must be .* to 2147483647, got "100000000000"/),
    });
    expect(double.requests).toHaveLength(0);
    expect(served.stderr()).not.toContain('TimeoutOverflowWarning');
  });

  it('cancellation kills the child tree, settles the ledger and writes a cancelled incident', async () => {
    const { served, workspace, double } = await setup([{ kind: 'hang' }]);
    const controller = new AbortController();
    const pending = call(served, 'bridge_advise', { task: 'x' }, { signal: controller.signal });
    await waitFor(
      () => double.requests.length > 0 && processesIn(workspace).length > 0,
      'the child to reach the model',
    );
    controller.abort('changed my mind');
    await expect(pending).rejects.toThrow();
    const settled = await waitFor(async () => (await settlements(workspace))[0], 'the settlement');
    expect(settled).toMatchObject({ status: 'blocked' });
    expect(readJson(workspace, settled.incident!).fault).toBe('cancelled');
    await waitFor(() => processesIn(workspace).length === 0, 'the child tree to be gone');
  });

  it('cancelling one of two concurrent calls leaves the other running to its answer', async () => {
    const { served, workspace, double } = await setup([
      { kind: 'hang' },
      { kind: 'tool', command: 'touch b-running; while [ ! -e release ]; do sleep 0.05; done' },
      { kind: 'answer', answer: answer({ verdict: 'B finished.' }) },
    ]);
    const controller = new AbortController();
    const a = call(served, 'bridge_advise', { task: 'a', run_id: 'call-a' }, { signal: controller.signal });
    const rejectedA = expect(a).rejects.toThrow();
    await waitFor(() => double.requests.length === 1, 'call A to reach the model');
    const b = call(served, 'bridge_implement', { task: 'b', run_id: 'call-b' });
    await waitFor(() => existsSync(path.join(workspace, 'b-running')), 'call B to run its command');
    controller.abort('only A');
    await rejectedA;
    const settledA = await waitFor(
      async () => (await settlements(workspace)).find((r) => r.run_id === 'call-a'),
      'A settled',
    );
    expect(readJson(workspace, settledA.incident!).fault).toBe('cancelled');
    expect((await settlements(workspace)).map((r) => r.run_id)).toEqual(['call-a']);
    writeFileSync(path.join(workspace, 'release'), '');
    const envelopeB = envelopeOf(await b);
    expect(envelopeB).toMatchObject({ run_id: 'call-b', status: 'complete', verdict: 'B finished.' });
    expect((await settlements(workspace)).map((r) => [r.run_id, r.status])).toEqual([
      ['call-a', 'blocked'],
      ['call-b', 'complete'],
    ]);
  });

  it('runs concurrent calls, each with its own run id and transcript', async () => {
    const { served, workspace } = await setup([
      { kind: 'answer', answer: answer({ verdict: 'one' }) },
      { kind: 'answer', answer: answer({ verdict: 'two' }) },
    ]);
    const [a, b] = await Promise.all([
      call(served, 'bridge_advise', { task: 'a' }),
      call(served, 'bridge_review', { task: 'b' }),
    ]);
    const [ea, eb] = [envelopeOf(a), envelopeOf(b)];
    expect(ea.run_id).not.toBe(eb.run_id);
    expect(ea.transcript_path).not.toBe(eb.transcript_path);
    expect([ea.verdict, eb.verdict].sort()).toEqual(['one', 'two']);
    expect(
      existsSync(path.join(workspace, ea.transcript_path)) && existsSync(path.join(workspace, eb.transcript_path)),
    ).toBe(true);
  });

  it('reminds identical consecutive calls at the third', async () => {
    const turns = [1, 2, 3].map((): Turn => ({ kind: 'answer', answer: answer() }));
    const { served } = await setup(turns);
    const envelopes = [];
    for (let i = 0; i < 3; i++) envelopes.push(envelopeOf(await call(served, 'bridge_advise', { task: 'same' })));
    expect(envelopes.map((e) => 'reminder' in e)).toEqual([false, false, true]);
  });
});

describe('bridge tools with Claude Code as the peer', () => {
  it('advise returns the structured answer, the reported cost and the session', async () => {
    const { served } = await setup([{ kind: 'answer', answer: answer({ verdict: 'From Claude.' }) }], {
      runner: 'claude',
    });
    const envelope = envelopeOf(await call(served, 'bridge_advise', { task: 'Is parse() safe?' }, {}));
    expect(envelope).toMatchObject({
      status: 'complete',
      verdict: 'From Claude.',
      direction: 'claude-code->claude-code',
    });
    expect(envelope.session_id).toEqual(expect.any(String));
    expect(envelope.cost).toEqual(expect.any(Number));
  });
});
