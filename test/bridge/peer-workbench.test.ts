// Implement peers edit through the workbench: the real Claude Code CLI (scripted Messages double)
// gets `peer-bridge serve --surface workbench` as its only MCP server and no edit tools of its own,
// so a caller's concurrent edit wins with FS_STALE_VERSION for the peer instead of being overwritten.
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import { cliEntry } from '../../src/bridge/peer-workbench.js';
import { openWorkbench } from '../../src/fs/index.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { RecordedRequest, Turn } from '../doubles/script.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, claudeEnv, codexEnv } from '../helpers/peers.js';
import { existsSync } from 'node:fs';

const tempDir = useTempDir('peer-bridge-peer-wb-');
const closers: (() => Promise<void>)[] = [];
let saved: NodeJS.ProcessEnv;
beforeAll(() => {
  // The peer starts the built CLI (dist/), as an installed package would.
  if (!existsSync(cliEntry()))
    throw new Error('run `npm run build:ts` first: the peer workbench is served by dist/cli/main.cjs');
});
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(async () => {
  process.env = saved;
  for (const close of closers.splice(0)) await close();
});

const isMessages = (r: RecordedRequest) => r.method === 'POST' && r.url.startsWith('/v1/messages');

async function claudeSetup(turns: Turn[]) {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  const double = await startMessagesDouble(turns);
  closers.push(double.close);
  Object.assign(process.env, claudeEnv(double.origin, dir), {
    HOME: dir,
    PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'),
  });
  return { ws, double };
}

// The tool results the peer's CLI sent back to the model, as text.
function toolResults(request: RecordedRequest): string[] {
  const body = request.body as { messages?: { role: string; content: unknown }[] };
  const last = body.messages?.at(-1);
  if (!last || !Array.isArray(last.content)) return [];
  return last.content
    .filter((block: { type?: string }) => block.type === 'tool_result')
    .map((block: { content?: unknown }) => JSON.stringify(block.content));
}

const isResponses = (r: RecordedRequest) => r.method === 'POST' && r.url.startsWith('/v1/responses');

async function codexSetup(turns: Turn[]) {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  const double = await startResponsesDouble(turns);
  closers.push(double.close);
  Object.assign(process.env, codexEnv(double.origin, dir), {
    HOME: dir,
    PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'),
  });
  return { ws, double };
}

// The items Codex sent to the Responses API in one request.
function inputItems(request: RecordedRequest): { type?: string; output?: unknown }[] {
  const input = (request.body as { input?: unknown }).input;
  return Array.isArray(input) ? (input as { type?: string; output?: unknown }[]) : [];
}

// The output of the tool call that ends a request's input (what the MCP tool answered), as text.
function callOutput(request: RecordedRequest): string {
  const last = inputItems(request).at(-1);
  if (last?.type !== 'function_call_output') return '';
  return typeof last.output === 'string' ? last.output : JSON.stringify(last.output);
}

// The race both peers run: the peer reads notes.txt through the workbench and its model holds the
// edit back (a gate) until the caller has read and edited the same file.
function callerGate() {
  let release!: () => void;
  const callerEdited = new Promise<void>((resolve) => (release = resolve));
  return { callerEdited, release };
}

// The peer's last turn: its edit got FS_STALE_VERSION, so it reports the call blocked.
const peerGivesUp: Turn = {
  kind: 'answer',
  answer: answer({
    status: 'blocked',
    verdict: 'notes.txt changed under me; left it as it is.',
    files_touched: [],
    blockers: ['FS_STALE_VERSION on notes.txt'],
  }),
};

/**
 * Starts an implement call on notes.txt, makes the caller's edit once `peerHasRead` resolves, then
 * lets the peer's edit go (`release`). The call ends blocked and the caller's edit stays.
 */
async function callerEditsFirst(
  ws: string,
  runner: 'claude' | 'codex',
  peerHasRead: () => Promise<unknown>,
  release: () => void,
): Promise<void> {
  const file = path.join(ws, 'notes.txt');
  writeFileSync(file, 'alpha\nbeta\n');
  const call = runBridge({ verb: 'implement', task: 'Mark beta in notes.txt as yours.', workspace: ws, runner });
  await peerHasRead();
  const caller = openWorkbench({ workspace: ws });
  expect(await caller.call('read_file', { path: 'notes.txt' })).toMatchObject({ ok: true });
  expect(
    await caller.call('edit_file', { path: 'notes.txt', old_string: 'alpha', new_string: 'alpha (caller)' }),
  ).toMatchObject({ ok: true });
  release();
  expect((await call).status).toBe('blocked');
  expect(readFileSync(file, 'utf8')).toBe('alpha (caller)\nbeta\n');
}

describe('implement peers edit through the workbench', () => {
  it('a Claude Code peer loses to a concurrent caller edit with FS_STALE_VERSION instead of overwriting it', async () => {
    const { callerEdited, release } = callerGate();
    const { ws, double } = await claudeSetup([
      { kind: 'call', name: 'mcp__workbench__read_file', input: { path: 'notes.txt' } },
      {
        kind: 'gate',
        until: callerEdited,
        then: {
          kind: 'call',
          name: 'mcp__workbench__edit_file',
          input: { path: 'notes.txt', old_string: 'beta', new_string: 'beta (peer)' },
        },
      },
      peerGivesUp,
    ]);
    // The peer has read the file through the workbench and waits for its next turn: edit now.
    await callerEditsFirst(ws, 'claude', () => double.waitForRequests(2, isMessages), release);
    const requests = double.requests.filter(isMessages);
    expect(requests).toHaveLength(3);
    // The CLI offered the workbench's tools and none of its own edit tools.
    const tools = ((requests[0]!.body as { tools?: { name: string }[] }).tools ?? []).map((t) => t.name);
    expect(tools).toEqual(expect.arrayContaining(['mcp__workbench__read_file', 'mcp__workbench__edit_file']));
    expect(tools.filter((name) => ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'].includes(name))).toEqual([]);
    expect(toolResults(requests[1]!).join('')).toContain('"ok\\":true');
    expect(toolResults(requests[2]!).join('')).toContain('FS_STALE_VERSION');
  }, 60_000);

  it('a Codex peer starts with the workbench as an MCP server and is told to edit through it', async () => {
    const dir = realpathSync(tempDir());
    const ws = path.join(dir, 'ws');
    mkdirSync(ws);
    const double = await startResponsesDouble([{ kind: 'answer', answer: answer({ files_touched: [] }) }]);
    closers.push(double.close);
    Object.assign(process.env, codexEnv(double.origin, dir), {
      HOME: dir,
      PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'),
    });
    const envelope = await runBridge({ verb: 'implement', task: 'Nothing to change.', workspace: ws, runner: 'codex' });
    // The -c overrides (command, args, env table) are accepted: Codex starts and answers.
    expect(envelope.status).toBe('complete');
    const prompt = JSON.stringify((double.requests[0]!.body as { input?: unknown }).input);
    expect(prompt).toContain('tools of the `workbench` MCP server');
  }, 60_000);

  it('a Codex peer finds the workbench with tool_search and loses to a concurrent caller edit with FS_STALE_VERSION', async () => {
    // Codex 0.171 defers MCP tools: the model sees only `tool_search`, searches, and gets the
    // server's tools back as the `mcp__workbench` namespace; it then calls `edit_file` in that
    // namespace (not `mcp__workbench__edit_file`, which Codex answers as an unsupported call).
    const { callerEdited, release } = callerGate();
    const { ws, double } = await codexSetup([
      { kind: 'tool_search', query: 'workbench read and edit files' },
      { kind: 'call', namespace: 'mcp__workbench', name: 'read_file', input: { path: 'notes.txt' } },
      {
        kind: 'gate',
        until: callerEdited,
        then: {
          kind: 'call',
          namespace: 'mcp__workbench',
          name: 'edit_file',
          input: { path: 'notes.txt', old_string: 'beta', new_string: 'beta (peer)' },
        },
      },
      peerGivesUp,
    ]);
    // The peer has read the file through the workbench and waits for its next turn: edit now.
    await callerEditsFirst(ws, 'codex', () => double.waitForRequests(3, isResponses), release);
    const requests = double.requests.filter(isResponses);
    expect(requests).toHaveLength(4);
    // Up front the model gets only `tool_search`; the search answers with the workbench's tools.
    const tools = (requests[0]!.body as { tools?: { type: string; name?: string }[] }).tools ?? [];
    expect(tools.map((t) => t.type)).toContain('tool_search');
    expect(tools.filter((t) => t.name?.startsWith('mcp__'))).toEqual([]);
    const found = inputItems(requests[1]!).find((item) => item.type === 'tool_search_output') as
      { tools?: { type: string; name: string; tools?: { name: string }[] }[] } | undefined;
    const namespace = found?.tools?.find((t) => t.name === 'mcp__workbench');
    expect(namespace?.type).toBe('namespace');
    expect(namespace?.tools?.map((t) => t.name)).toEqual(expect.arrayContaining(['read_file', 'edit_file']));
    expect(callOutput(requests[2]!)).toContain('"ok":true');
    expect(callOutput(requests[3]!)).toContain('FS_STALE_VERSION');
  }, 60_000);

  it('a Codex peer gets a read_file window of non-ASCII text whole, within the bytes Codex keeps', async () => {
    // Codex keeps about 48,000 bytes of a tool's output and cuts out the middle of the rest
    // ("…N tokens truncated…"); a 40,000-character window of CJK text (120,000 bytes) was cut so.
    const { ws, double } = await codexSetup([
      { kind: 'tool_search', query: 'workbench read and edit files' },
      { kind: 'call', namespace: 'mcp__workbench', name: 'read_file', input: { path: 'cjk.txt' } },
      { kind: 'answer', answer: answer({ files_touched: [] }) },
    ]);
    const lines = Array.from({ length: 3_000 }, (_, i) => `${i + 1} ${'漢字'.repeat(35)}\n`);
    writeFileSync(path.join(ws, 'cjk.txt'), lines.join(''));
    await runBridge({ verb: 'implement', task: 'Read cjk.txt.', workspace: ws, runner: 'codex' });
    const output = callOutput(double.requests.filter(isResponses)[2]!);
    expect(output).not.toMatch(/tokens truncated/);
    const window = JSON.parse(output.slice(output.indexOf('{'))) as { content: string; end_line: number };
    expect(window.end_line).toBeGreaterThan(100);
    expect(window.content).toBe(lines.slice(0, window.end_line).join(''));
  }, 60_000);

  it('the opt-out leaves a Claude Code peer its own edit tools and no workbench', async () => {
    const { ws, double } = await claudeSetup([{ kind: 'answer', answer: answer() }]);
    process.env.PEER_BRIDGE_PEER_WORKBENCH = 'off';
    await runBridge({ verb: 'implement', task: 'Nothing to change.', workspace: ws, runner: 'claude' });
    const tools = ((double.requests.filter(isMessages)[0]!.body as { tools?: { name: string }[] }).tools ?? []).map(
      (t) => t.name,
    );
    expect(tools).toEqual(expect.arrayContaining(['Edit', 'Write']));
    expect(tools.filter((name) => name.startsWith('mcp__'))).toEqual([]);
  }, 60_000);
});
