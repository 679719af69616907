// Regressions from an attack run, over real stdio in raw JSON-RPC lines (input the SDK client never
// sends), on both surfaces: over-size messages, malformed requests, prototype tool names.
import { mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { startRawServer, type RawServer } from './raw-client.js';

const tempDir = useTempDir('peer-bridge-hardening-');
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const SURFACES = [
  { surface: 'bridge', args: [] as string[] },
  { surface: 'workbench', args: ['--surface', 'workbench'] },
];

async function start(
  surface: string,
  env: Record<string, string> = {},
  workspace = realpathSync(tempDir()),
): Promise<RawServer> {
  const args = surface === 'workbench' ? ['--surface', 'workbench'] : [];
  const server = await startRawServer({
    workspace,
    args,
    env: { PEER_BRIDGE_LOCK_DIR: path.join(workspace, '..', 'locks'), ...env },
  });
  cleanup.push(() => server.close());
  return server;
}

/** tools/call the way the SDK client serialises it: method and params first, the id last. */
function toolCallLine(id: number, name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ method: 'tools/call', params: { name, arguments: args }, jsonrpc: '2.0', id });
}

describe.each(SURFACES)('$surface surface: messages over the maximum size', ({ surface }) => {
  it('an over-size request gets an error naming the limit, and the session goes on', async () => {
    const server = await start(surface, { PEER_BRIDGE_MAX_MESSAGE_BYTES: String(64 * 1024) });
    const big = toolCallLine(5, surface === 'bridge' ? 'bridge_advise' : 'write_file', {
      path: 'big.txt',
      task: 'x',
      content: 'y'.repeat(200 * 1024),
    });
    server.send(big);
    const refused = await server.response(5);
    expect(refused.error).toMatchObject({
      code: -32600,
      data: { max_message_bytes: 64 * 1024, message_bytes: Buffer.byteLength(big) },
    });
    expect(refused.error?.message).toMatch(
      /larger than the maximum message size of 65536 bytes.*PEER_BRIDGE_MAX_MESSAGE_BYTES/,
    );
    expect((await server.request(6, 'ping')).result).toEqual({});
    expect((await server.request(7, 'tools/list')).result?.tools.length).toBeGreaterThan(0);
    expect(await server.stderrMatching(/larger than the maximum message size/)).toMatch(
      /larger than the maximum message size/,
    );
    expect(server.child.exitCode).toBeNull();
  });

  it('an over-size line without an id is skipped with a log line, and the next request is answered', async () => {
    const server = await start(surface, { PEER_BRIDGE_MAX_MESSAGE_BYTES: String(4096) });
    server.send(
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { data: 'z'.repeat(10_000) } }),
    );
    expect((await server.request(8, 'ping')).result).toEqual({});
    expect(await server.stderrMatching(/no readable id/)).toMatch(/no readable id/);
  });

  it('a bad PEER_BRIDGE_MAX_MESSAGE_BYTES stops the start with a message that says what to set', async () => {
    const workspace = realpathSync(tempDir());
    await expect(
      startRawServer({
        workspace,
        args: surface === 'workbench' ? ['--surface', 'workbench'] : [],
        env: { PEER_BRIDGE_MAX_MESSAGE_BYTES: '10MB' },
      }),
    ).rejects.toThrow(/exited with code 2[\s\S]*PEER_BRIDGE_MAX_MESSAGE_BYTES must be a whole number of bytes/);
  });
});

describe('the default maximum', () => {
  it('a 12 MB write_file over the workbench is written and answered (the SDK transport closed at 10 MiB)', async () => {
    const workspace = realpathSync(tempDir());
    const server = await start('workbench', {}, workspace);
    const content = 'line of text\n'.repeat(1_000_000);
    server.send(toolCallLine(11, 'write_file', { path: 'big.txt', content }));
    const written = await server.response(11);
    expect(written.result?.structuredContent).toMatchObject({ ok: true });
    expect(statSync(path.join(workspace, 'big.txt')).size).toBe(Buffer.byteLength(content));
    expect((await server.request(12, 'ping')).result).toEqual({});
  });
});

describe('a bridge call in flight', () => {
  it('is still answered after an over-size message arrived while it ran', async () => {
    const dir = realpathSync(tempDir());
    const workspace = path.join(dir, 'ws');
    mkdirSync(workspace);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const double = await startResponsesDouble([
      { kind: 'gate', until: gate, then: { kind: 'answer', answer: answer() } },
    ]);
    cleanup.push(() => double.close());
    const server = await start(
      'bridge',
      { ...codexEnv(double.origin, dir), PEER_BRIDGE_MAX_MESSAGE_BYTES: String(64 * 1024) },
      workspace,
    );
    server.send(toolCallLine(21, 'bridge_advise', { task: 'Is parse() safe?' }));
    await double.waitForRequests(1);
    server.send(toolCallLine(22, 'bridge_advise', { task: 'q'.repeat(100 * 1024) }));
    expect((await server.response(22)).error?.code).toBe(-32600);
    release();
    const answered = await server.response(21);
    expect(answered.result?.structuredContent).toMatchObject({ status: 'complete', verb: 'advise' });
  });
});

describe.each(SURFACES)('$surface surface: malformed requests with a readable id are answered', ({ surface }) => {
  it('a progressToken that is an object gets invalid params', async () => {
    const server = await start(surface);
    server.send({
      jsonrpc: '2.0',
      id: 31,
      method: 'tools/list',
      params: { _meta: { progressToken: { nested: true } } },
    });
    const reply = await server.response(31);
    expect(reply.error).toMatchObject({ code: -32602 });
    expect(reply.error?.message).toMatch(/params\._meta\.progressToken/);
  });

  it('"jsonrpc":"1.0", a non-string method and an unknown top-level key get invalid request', async () => {
    const server = await start(surface);
    server.send({ jsonrpc: '1.0', id: 32, method: 'ping' });
    server.send({ jsonrpc: '2.0', id: 'thirty-three', method: 7 });
    server.send({ jsonrpc: '2.0', id: 34, method: 'ping', extra: true });
    expect((await server.response(32)).error).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/jsonrpc/),
    });
    expect((await server.response('thirty-three')).error).toMatchObject({
      code: -32600,
      message: expect.stringMatching(/method/),
    });
    expect((await server.response(34)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/extra/) });
  });

  it('a line that breaks off after its id gets a parse error with that id; a batch is refused per request', async () => {
    const server = await start(surface);
    server.send('{"jsonrpc":"2.0","id":35,"method":"tools/call","params":{"name":');
    server.send(
      JSON.stringify([
        { jsonrpc: '2.0', id: 36, method: 'ping' },
        { jsonrpc: '2.0', id: 37, method: 'ping' },
      ]),
    );
    expect((await server.response(35)).error).toMatchObject({ code: -32700 });
    expect((await server.response(36)).error).toMatchObject({ code: -32600, message: expect.stringMatching(/batch/) });
    expect((await server.response(37)).error).toMatchObject({ code: -32600 });
  });

  it('garbage without an id is logged, not answered, and the session goes on', async () => {
    const server = await start(surface);
    const before = server.messages.length;
    server.send('not json at all');
    server.send('{"jsonrpc":"2.0","id":null,"method":"ping"}');
    expect((await server.request(38, 'ping')).result).toEqual({});
    expect(server.messages.slice(before).map((m) => m.id)).toEqual([38]);
    expect(await server.stderrMatching(/not JSON/)).toMatch(/not JSON/);
  });
});

describe.each(SURFACES)('$surface surface: prototype names are unknown tools', ({ surface }) => {
  it('__proto__, constructor, toString, hasOwnProperty and valueOf get "Unknown tool" and leave no ledger record', async () => {
    const workspace = realpathSync(tempDir());
    const server = await start(surface, {}, workspace);
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
    for (const [index, name] of names.entries())
      server.send(toolCallLine(40 + index, name, { task: 'x', path: 'a.txt' }));
    for (const [index, name] of names.entries()) {
      const reply = await server.response(40 + index);
      expect(reply.error, name).toMatchObject({
        code: -32602,
        message: expect.stringContaining(`Unknown tool: ${name}`),
      });
    }
    if (surface === 'bridge') expect((await new Ledger(workspace).read()).records).toEqual([]);
    expect(() => readFileSync(path.join(workspace, 'a.txt'))).toThrow();
  });
});
