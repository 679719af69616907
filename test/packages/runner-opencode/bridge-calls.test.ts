// Bridge calls to an OpenCode peer: the OpenCode runner plugin loaded by path through a granted
// config file, the real OpenCode CLI (devDependency opencode-ai) against the scripted Chat
// Completions double, and every envelope checked against schemas/harness-envelope.schema.json.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBridge } from '../../../src/index.js';
import { startChatDouble } from '../../doubles/openai-chat-server.js';
import type { Turn } from '../../doubles/script.js';
import { answer } from '../../helpers/peers.js';
import { envelopeProblems, opencodeConfigFile, opencodeEnv, opencodePlugin } from '../../helpers/opencode.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { processesIn, waitFor } from '../../mcp/wait.js';
import { useRestoredEnv } from '../../helpers/restore-env.js';

const tempDir = useTempDir('peer-bridge-opencode-');
const closers = useRestoredEnv();

/** A workspace with one file, OpenCode's home beside it, the double, and the plugin granted. */
async function setUp(turns: Turn[] | { origin: string }) {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  writeFileSync(path.join(ws, 'notes.txt'), 'one\ntwo\n');
  const double = Array.isArray(turns) ? await startChatDouble(turns) : null;
  if (double) closers.push(double.close);
  const origin = double ? double.origin : (turns as { origin: string }).origin;
  Object.assign(process.env, opencodeEnv(origin, dir), { PEER_BRIDGE_CONFIG: await opencodeConfigFile(dir) });
  return { dir, ws, double };
}

function valid(envelope: unknown) {
  expect(envelopeProblems(envelope)).toEqual([]);
  return envelope;
}

// OpenCode answers a call in about 4 s alone, and ten times slower on a loaded 2-core machine: the
// tests wait for what they check, and these limits only stop a test that hangs.
const LIMIT = { timeout: 240_000 };

describe('an OpenCode peer answering through the runner plugin', LIMIT, () => {
  it('advises: the answer becomes the envelope, with the session, tokens and cost OpenCode reported', async () => {
    const { ws, double } = await setUp([{ kind: 'answer', answer: answer() }]);
    // An effort goes to --variant; a model without that variant (the double's) runs as it is.
    const envelope = await runBridge({
      verb: 'advise',
      task: 'Check parse().',
      workspace: ws,
      runner: opencodePlugin,
      effort: 'high',
    });
    valid(envelope);
    expect(envelope).toMatchObject({ status: 'complete', verb: 'advise', findings: answer().findings });
    expect(envelope).toMatchObject({ effort: 'high', effort_substituted: null });
    expect(envelope.session_id).toMatch(/^ses_/);
    expect(envelope.tokens).toMatchObject({ input_tokens: 900, output_tokens: 200, cached_input_tokens: 100 });
    // OpenCode counts input without the cached part (1000 sent, 100 cached): 900 × $1 + 100 × $0.1
    // + 200 × $10 per million tokens, priced by OpenCode itself.
    expect(envelope.cost).toBeCloseTo(0.00291, 6);
    expect(envelope.direction).toBe('api->opencode');
    // One model call: the session title is given, so OpenCode does not ask the model for one.
    expect(double!.requests).toHaveLength(1);
    const request = double!.requests[0]!.body as { messages: { role: string; content: unknown }[] };
    const prompt = JSON.stringify(request.messages.at(-1)!.content);
    expect(prompt).toContain('Check parse().');
    expect(prompt).toContain('read-only');
    // OpenCode kept its sessions in the test's XDG_DATA_HOME, not in the user's ~/.local/share/opencode.
    expect(existsSync(path.join(process.env.XDG_DATA_HOME!, 'opencode', 'opencode.db'))).toBe(true);
  });

  it('reviews read-only: the plan agent without bash, edit, write or sub-agents; a shell call is refused', async () => {
    const { ws, double } = await setUp([
      { kind: 'tool', command: 'echo changed > notes.txt' },
      { kind: 'answer', answer: answer({ verdict: 'Nothing serious found.' }) },
    ]);
    const envelope = await runBridge({ verb: 'review', task: 'Review notes.', workspace: ws, runner: opencodePlugin });
    valid(envelope);
    expect(envelope).toMatchObject({ status: 'complete', verdict: 'Nothing serious found.', verb: 'review' });
    const tools = (double!.requests[0]!.body as { tools: { function: { name: string } }[] }).tools.map(
      (t) => t.function.name,
    );
    expect(tools).toContain('read');
    for (const name of ['bash', 'edit', 'write', 'task']) expect(tools).not.toContain(name);
    expect(readFileSync(path.join(ws, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
    const second = JSON.stringify(double!.requests[1]!.body);
    expect(second).toContain("unavailable tool 'bash'");
  });
});

describe('an OpenCode peer that cannot answer', LIMIT, () => {
  it('ends invalid-output when the model answers with text that holds no JSON object', async () => {
    const { ws } = await setUp([{ kind: 'text', text: 'I looked around and all is well.' }]);
    const envelope = await runBridge({ verb: 'advise', task: 'Check.', workspace: ws, runner: opencodePlugin });
    valid(envelope);
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^invalid-output: .*no JSON object/);
    const incident = JSON.parse(readFileSync(path.join(ws, envelope.incident!), 'utf8')) as { fault: string };
    expect(incident.fault).toBe('invalid-output');
  });

  it('stops a peer whose output passes the byte cap: blocked, fault output-limit, no partial output', async () => {
    const { ws } = await setUp([{ kind: 'flood', prelude: 'working', count: 3, size: 200_000 }]);
    process.env.PEER_BRIDGE_MAX_OUTPUT_BYTES = '100000';
    const envelope = await runBridge({ verb: 'advise', task: 'Check.', workspace: ws, runner: opencodePlugin });
    valid(envelope);
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^output-limit: /);
    expect(envelope.partial_output).toBeUndefined();
    await waitFor(() => processesIn(ws).length === 0, 'the peer process tree to be gone');
  });

  it('times out a peer whose model never answers, and kills its tree', async () => {
    const { ws, double } = await setUp([{ kind: 'hang' }]);
    const call = runBridge({
      verb: 'advise',
      task: 'Check.',
      workspace: ws,
      runner: opencodePlugin,
      timeout_seconds: 5,
    });
    const envelope = await call;
    valid(envelope);
    expect(envelope.status).toBe('timeout');
    expect(envelope.blockers[0]).toMatch(/^timeout: /);
    expect(double!.requests.length).toBeLessThanOrEqual(1);
    await waitFor(() => processesIn(ws).length === 0, 'the peer process tree to be gone');
  });

  it('is blocked with fault model-unreachable once OpenCode gives up retrying a refused connection', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const { ws } = await setUp({ origin: `http://127.0.0.1:${port}` });
    // OpenCode 1.18 retries five times (2, 4, 8, 16 and 30 s apart) before it reports the error.
    const envelope = await runBridge({
      verb: 'advise',
      task: 'Check.',
      workspace: ws,
      runner: opencodePlugin,
      timeout_seconds: 300,
    });
    valid(envelope);
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^model-unreachable: the peer could not reach its model/);
    const incident = JSON.parse(readFileSync(path.join(ws, envelope.incident!), 'utf8')) as { fault: string };
    expect(incident.fault).toBe('model-unreachable');
  }, 400_000);
});
