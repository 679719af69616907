// Implement calls to an OpenCode peer edit through peer-bridge's workbench: the real OpenCode CLI
// gets `peer-bridge serve --surface workbench` as an MCP server and loses its own edit tools, so a
// caller's concurrent edit wins with FS_STALE_VERSION for the peer instead of being overwritten.
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBridge } from '../../../src/index.js';
import { openWorkbench } from '../../../src/fs/index.js';
import { startChatDouble } from '../../doubles/openai-chat-server.js';
import type { RecordedRequest, Turn } from '../../doubles/script.js';
import { answer } from '../../helpers/peers.js';
import { envelopeProblems, opencodeConfigFile, opencodeEnv, opencodePlugin } from '../../helpers/opencode.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { useRestoredEnv } from '../../helpers/restore-env.js';

const tempDir = useTempDir('peer-bridge-opencode-wb-');
const closers = useRestoredEnv();

// What the peer's CLI sent back to the model for its last tool call.
function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
  const last = messages.at(-1)!;
  return last.role === 'tool' ? JSON.stringify(last.content) : '';
}

const toolNames = (request: RecordedRequest) =>
  ((request.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((t) => t.function.name);

describe('an OpenCode implement peer', () => {
  it('edits through the workbench and loses to a concurrent caller edit with FS_STALE_VERSION', async () => {
    const dir = realpathSync(tempDir());
    const ws = path.join(dir, 'ws');
    mkdirSync(ws);
    const file = path.join(ws, 'notes.txt');
    writeFileSync(file, 'alpha\nbeta\n');
    let release!: () => void;
    const callerEdited = new Promise<void>((resolve) => (release = resolve));
    const turns: Turn[] = [
      { kind: 'call', name: 'workbench_read_file', input: { path: 'notes.txt' } },
      {
        kind: 'gate',
        until: callerEdited,
        then: {
          kind: 'call',
          name: 'workbench_edit_file',
          input: { path: 'notes.txt', old_string: 'beta', new_string: 'beta (peer)' },
        },
      },
      {
        kind: 'answer',
        answer: answer({
          status: 'blocked',
          verdict: 'notes.txt changed under me; left it as it is.',
          blockers: ['FS_STALE_VERSION on notes.txt'],
        }),
      },
    ];
    const double = await startChatDouble(turns);
    closers.push(double.close);
    Object.assign(process.env, opencodeEnv(double.origin, dir), {
      PEER_BRIDGE_CONFIG: await opencodeConfigFile(dir),
      PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'),
    });
    const call = runBridge({
      verb: 'implement',
      task: 'Mark beta in notes.txt as yours.',
      workspace: ws,
      runner: opencodePlugin,
    });
    // The peer has read the file through the workbench and waits for its next turn: edit now.
    await double.waitForRequests(2);
    const caller = openWorkbench({ workspace: ws });
    expect(await caller.call('read_file', { path: 'notes.txt' })).toMatchObject({ ok: true });
    expect(
      await caller.call('edit_file', { path: 'notes.txt', old_string: 'alpha', new_string: 'alpha (caller)' }),
    ).toMatchObject({ ok: true });
    release();
    const envelope = await call;
    expect(envelopeProblems(envelope)).toEqual([]);
    expect(envelope).toMatchObject({ status: 'blocked', verb: 'implement' });
    expect(readFileSync(file, 'utf8')).toBe('alpha (caller)\nbeta\n');
    expect(double.requests).toHaveLength(3);
    // OpenCode offered the workbench's tools and none of its own edit tools.
    const tools = toolNames(double.requests[0]!);
    expect(tools).toEqual(expect.arrayContaining(['workbench_read_file', 'workbench_edit_file', 'bash']));
    for (const name of ['edit', 'write', 'patch', 'multiedit', 'task']) expect(tools).not.toContain(name);
    expect(lastToolResult(double.requests[1]!)).toContain('ok');
    expect(lastToolResult(double.requests[2]!)).toContain('FS_STALE_VERSION');
    const prompt = JSON.stringify((double.requests[0]!.body as { messages: unknown[] }).messages.at(-1));
    expect(prompt).toContain('tools of the `workbench` MCP server');
  }, 240_000);
});
