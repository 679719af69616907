// The Gemini runner plugin (packages/runner-gemini) through runBridge, chosen by its short name, with
// the real Gemini CLI against the scripted Gemini API double: every envelope is checked against
// schemas/harness-envelope.schema.json.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBridge, type PublicEnvelope } from '../../../src/index.js';
import { cliEntry } from '../../../src/bridge/peer-workbench.js';
import { validateEnvelope } from '../../../src/envelope/index.js';
import { GEMINI_DOUBLE_USAGE, mainRequests, startGeminiDouble, toolNames } from '../../doubles/gemini-server.js';
import type { Turn } from '../../doubles/script.js';
import { geminiEnv } from '../../helpers/gemini.js';
import { answer } from '../../helpers/peers.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { processesIn, waitFor } from '../../mcp/wait.js';

const tempDir = useTempDir('peer-bridge-gemini-');
const closers: (() => Promise<void>)[] = [];
let saved: NodeJS.ProcessEnv;
beforeAll(() => {
  // An implement peer starts the built CLI (dist/) as its workbench, as an installed package would.
  if (!existsSync(cliEntry())) throw new Error('run `npm run build:ts` first: the workbench is dist/cli/main.cjs');
});
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(async () => {
  process.env = saved;
  for (const close of closers.splice(0)) await close();
});

async function setup(turns: Turn[], origin?: string) {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  const double = await startGeminiDouble(turns);
  closers.push(double.close);
  Object.assign(process.env, geminiEnv(origin ?? double.origin, dir), {
    PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'),
  });
  return { ws, double };
}

function valid(envelope: PublicEnvelope): PublicEnvelope {
  const checked = validateEnvelope(envelope);
  expect(checked.ok, JSON.stringify(checked)).toBe(true);
  return envelope;
}

const incidentFault = (ws: string, envelope: PublicEnvelope) =>
  (JSON.parse(readFileSync(path.join(ws, envelope.incident!), 'utf8')) as { fault: string }).fault;

describe('gemini runner plugin', () => {
  it('advises read-only (plan mode, no shell, no workbench) and reports model, tokens and session', async () => {
    const { ws, double } = await setup([{ kind: 'answer', answer: answer() }]);
    const envelope = valid(
      await runBridge({
        verb: 'advise',
        task: 'Check parse().',
        workspace: ws,
        runner: 'gemini',
        model: 'gemini-double-pro',
        effort: 'xhigh',
      }),
    );
    expect(envelope).toMatchObject({
      status: 'complete',
      findings: answer().findings,
      model: 'gemini-double-pro',
      direction: expect.stringMatching(/->gemini$/),
      session_id: expect.stringMatching(/\w/),
      tokens: expect.objectContaining({
        input_tokens: GEMINI_DOUBLE_USAGE.promptTokenCount,
        output_tokens: GEMINI_DOUBLE_USAGE.candidatesTokenCount,
        cached_input_tokens: GEMINI_DOUBLE_USAGE.cachedContentTokenCount,
      }),
      cost: null,
      // Gemini takes a thinking budget, not levels: xhigh is the next one down, high.
      effort: 'high',
      effort_substituted: expect.objectContaining({ requested: 'xhigh', applied: 'high' }),
    });
    const [request] = mainRequests(double);
    expect(request!.body.generationConfig?.thinkingConfig?.thinkingBudget).toBe(24576);
    expect(request!.url).toContain('/models/gemini-double-pro:streamGenerateContent');
    const tools = toolNames(request!.body);
    expect(tools).toContain('read_file');
    expect(tools).not.toContain('run_shell_command');
    expect(tools.filter((t) => t.startsWith('mcp_'))).toEqual([]);
    const headers = double.requests[0]!.headers;
    expect(headers['x-goog-api-key']).toBe('gemini-test-double');
  });

  it('reviews with the adversarial prompt, read-only', async () => {
    const { ws, double } = await setup([{ kind: 'answer', answer: answer({ findings: ['a race in save()'] }) }]);
    const envelope = valid(
      await runBridge({ verb: 'review', task: 'Review save().', workspace: ws, runner: 'gemini' }),
    );
    expect(envelope).toMatchObject({ status: 'complete', verb: 'review', findings: ['a race in save()'] });
    const [request] = mainRequests(double);
    expect(JSON.stringify(request!.body.contents)).toContain('adversarial review');
    expect(toolNames(request!.body)).not.toContain('run_shell_command');
  });

  it('implements through the workbench: a concurrent caller edit ends FS_STALE_VERSION for the peer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { ws, double } = await setup([
      { kind: 'call', name: 'mcp_workbench_read_file', input: { path: 'notes.txt' } },
      {
        kind: 'gate',
        until: gate,
        then: {
          kind: 'call',
          name: 'mcp_workbench_edit_file',
          input: { path: 'notes.txt', old_string: 'one', new_string: 'peer' },
        },
      },
      { kind: 'answer', answer: answer({ status: 'partial', files_touched: [] }) },
    ]);
    writeFileSync(path.join(ws, 'notes.txt'), 'one\n');
    const call = runBridge({ verb: 'implement', task: 'Edit notes.txt.', workspace: ws, runner: 'gemini' });
    // The peer has read the file (its second model request carries the read's result): the caller edits now.
    await double.waitForRequests(2, (r) => r.url.includes(':streamGenerateContent'));
    writeFileSync(path.join(ws, 'notes.txt'), 'caller\n');
    release();
    const envelope = valid(await call);
    expect(envelope.status).toBe('partial');
    expect(readFileSync(path.join(ws, 'notes.txt'), 'utf8')).toBe('caller\n');
    const requests = mainRequests(double);
    const tools = toolNames(requests[0]!.body);
    expect(tools).toEqual(expect.arrayContaining(['mcp_workbench_edit_file', 'mcp_workbench_write_file']));
    // Gemini CLI's own edit tools are off; the workbench's are the way to edit.
    expect(tools).not.toContain('replace');
    expect(tools).not.toContain('write_file');
    expect(JSON.stringify(requests[2]!.body.contents?.at(-1))).toContain('FS_STALE_VERSION');
  });

  it('times out: the envelope says timeout and no process of the peer is left', async () => {
    const { ws } = await setup([{ kind: 'hang' }]);
    const envelope = valid(
      await runBridge({ verb: 'advise', task: 'Think forever.', workspace: ws, runner: 'gemini', timeout_seconds: 1 }),
    );
    expect(envelope.status).toBe('timeout');
    expect(incidentFault(ws, envelope)).toBe('timeout');
    await waitFor(() => processesIn(ws).length === 0, 'the peer process tree to be gone');
  });

  it('stops a peer that cannot reach its model (fault model-unreachable, from its stderr retries)', async () => {
    const refusing = await refusingOrigin();
    const { ws } = await setup([], refusing);
    process.env.PEER_BRIDGE_UNREACHABLE_MS = '300';
    const envelope = valid(
      await runBridge({ verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'gemini' }),
    );
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^model-unreachable: the peer failed to reach its model \d+ times/);
    expect(envelope.blockers[0]).toMatch(/cannot connect to the model API/);
    expect(incidentFault(ws, envelope)).toBe('model-unreachable');
    await waitFor(() => processesIn(ws).length === 0, 'the peer process tree to be gone');
  });

  it('stops a peer whose output passes the cap (fault output-limit)', async () => {
    const { ws } = await setup([{ kind: 'flood', prelude: 'working', count: 40, size: 64 * 1024 }]);
    process.env.PEER_BRIDGE_MAX_OUTPUT_BYTES = String(1 << 20);
    const envelope = valid(await runBridge({ verb: 'advise', task: 'Say a lot.', workspace: ws, runner: 'gemini' }));
    expect(envelope).toMatchObject({ status: 'blocked', findings: [] });
    expect(incidentFault(ws, envelope)).toBe('output-limit');
    expect(envelope.partial_output).toBeUndefined();
  });

  it('blocks on an API error the CLI does not retry, naming its HTTP status', async () => {
    const { ws } = await setup([{ kind: 'http_error', status: 400, message: 'API key not valid' }]);
    const envelope = valid(
      await runBridge({ verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'gemini' }),
    );
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers.join(' ')).toMatch(/400|API key not valid/);
  });

  it('blocks on an answer that is not JSON (fault invalid-output)', async () => {
    const { ws } = await setup([{ kind: 'text', text: 'I think parse() is fine, mostly.' }]);
    const envelope = valid(
      await runBridge({ verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'gemini' }),
    );
    expect(envelope.status).toBe('blocked');
    expect(incidentFault(ws, envelope)).toBe('invalid-output');
  });
});

/** An origin on 127.0.0.1 whose port was just freed: connections to it are refused. */
async function refusingOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
