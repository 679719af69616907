import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListToolsRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS as SDK_VERSIONS,
  LATEST_PROTOCOL_VERSION,
} from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { earlyAnswers } from '../../src/mcp/early-answers.js';
import { EarlyStdioTransport } from '../../src/mcp/early-stdio.js';
import { LineTransport } from '../../src/mcp/stdio/line-transport.js';
import {
  initializeResult,
  SERVER_CAPABILITIES,
  SERVER_INSTRUCTIONS,
  SERVER_NAME,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '../../src/mcp/server-info.js';
import { listTools } from '../../src/mcp/tools.js';
import { waitFor } from './wait.js';

const sdkServer = () =>
  new Server(
    { name: SERVER_NAME, version: '9.9.9' },
    { capabilities: SERVER_CAPABILITIES, instructions: SERVER_INSTRUCTIONS },
  );

// The raw initialize answer of an SDK server, as a client asking for `protocolVersion` receives it.
async function sdkInitialize(protocolVersion: string): Promise<unknown> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await sdkServer().connect(serverSide);
  const answer = new Promise(
    (resolve) => (clientSide.onmessage = (message) => resolve((message as { result: unknown }).result)),
  );
  await clientSide.start();
  await clientSide.send({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
  });
  return answer;
}

// The real transport behind the front, as serve builds it.
const lineTransport = (stdout: PassThrough) => (stdin: import('node:stream').Readable) =>
  new LineTransport({ maxMessageBytes: 1 << 20, stdin, stdout });

function pipes() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const lines: { id?: number; result?: unknown; error?: unknown }[] = [];
  let buffer = '';
  stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
      lines.push(JSON.parse(buffer.slice(0, i)));
      buffer = buffer.slice(i + 1);
    }
  });
  const send = (message: object) => stdin.write(`${JSON.stringify(message)}\n`);
  return { stdin, stdout, lines, send };
}

const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'codex-mcp-client', version: '1' } },
};

describe('the early answers of serve', () => {
  it('negotiate the protocol versions of the MCP SDK in use', () => {
    expect(SUPPORTED_PROTOCOL_VERSIONS).toEqual(SDK_VERSIONS);
    expect(SUPPORTED_PROTOCOL_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('answer initialize exactly as the SDK server does, for a known and an unknown protocol version', async () => {
    for (const requested of ['2025-06-18', '1999-01-01']) {
      expect(initializeResult('9.9.9', requested)).toEqual(await sdkInitialize(requested));
    }
  });

  it('answer initialize and tools/list at once, and hand the rest to the SDK server in order', async () => {
    const io = pipes();
    const transport = new EarlyStdioTransport({
      answer: earlyAnswers('9.9.9'),
      inner: lineTransport(io.stdout),
      stdin: io.stdin,
      stdout: io.stdout,
    });
    transport.listen();
    io.send(initialize);
    io.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    io.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    io.send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'bridge_status', arguments: {} } });
    // No ready(): neither waits for the ledger's recovery.
    await waitFor(() => io.lines.length === 2, 'the initialize and tools/list answers');
    expect(io.lines[0]).toMatchObject({ id: 1, result: initializeResult('9.9.9', '2025-06-18') });
    expect(io.lines[1]).toEqual({ jsonrpc: '2.0', id: 2, result: { tools: listTools() } });
    transport.ready();

    const server = sdkServer();
    server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
    const { CallToolRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    server.setRequestHandler(CallToolRequestSchema, () => ({
      content: [{ type: 'text', text: `client ${server.getClientVersion()?.name}` }],
    }));
    await server.connect(transport);
    await waitFor(() => io.lines.length === 3, 'the tools/call answer');
    // The SDK server saw the initialize (it names the client) and did not answer it a second time.
    expect(io.lines[2]).toMatchObject({ id: 3, result: { content: [{ text: 'client codex-mcp-client' }] } });
    io.send({ jsonrpc: '2.0', id: 4, method: 'ping' });
    await waitFor(() => io.lines.length === 4, 'the ping answer');
    expect(io.lines.map((line) => line.id)).toEqual([1, 2, 3, 4]);
    await server.close();
  });

  it('leave a malformed initialize to the SDK server, which answers it with an error', async () => {
    const io = pipes();
    const transport = new EarlyStdioTransport({
      answer: earlyAnswers('9.9.9'),
      inner: lineTransport(io.stdout),
      stdin: io.stdin,
      stdout: io.stdout,
    });
    transport.listen();
    io.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { capabilities: {} } });
    transport.ready();
    await sdkServer().connect(transport);
    await waitFor(() => io.lines.length === 1, 'an answer');
    expect(io.lines[0]).toMatchObject({ id: 1, error: { code: expect.any(Number) } });
    expect(io.lines[0]).not.toHaveProperty('result');
  });

  it('serve a real SDK client: server info, instructions and the tool list', async () => {
    const clientToServer = new PassThrough();
    const serverToClient = new PassThrough();
    const transport = new EarlyStdioTransport({
      answer: earlyAnswers('9.9.9'),
      inner: lineTransport(serverToClient),
      stdin: clientToServer,
      stdout: serverToClient,
    });
    transport.listen();
    transport.ready();
    const client = new Client({ name: 'c', version: '1' });
    const connecting = client.connect({
      start: async () => {
        serverToClient.on('data', (chunk: Buffer) => {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
            client.transport?.onmessage?.(JSON.parse(line));
        });
      },
      send: async (message) => void clientToServer.write(`${JSON.stringify(message)}\n`),
      close: async () => undefined,
    });
    await connecting;
    expect(client.getServerVersion()).toEqual({ name: SERVER_NAME, version: '9.9.9' });
    expect(client.getInstructions()).toBe(SERVER_INSTRUCTIONS);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(listTools().map((tool) => tool.name));
  });
});
