// `serve --surface workbench` answers the MCP handshake (initialize, tools/list) before the MCP SDK
// has loaded: an implement peer's CLI waits for it before the model's first turn. The early
// answers must be exactly the SDK server's.
import { spawn } from 'node:child_process';
import { realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { cliEntry } from '../../src/bridge/peer-workbench.js';
import { DEFAULT_MAX_RESULT_BYTES } from '../../src/mcp/result-budget.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/server-info.js';
import { workbenchEarlyAnswersFor } from '../../src/mcp/workbench-early.js';
import { createWorkbenchServer } from '../../src/mcp/workbench-server.js';
import { waitFor } from './wait.js';
import { useWorkbenchServers } from './workbench-client.js';

const { tempDir, lockDir } = useWorkbenchServers('pb-wb-early-');

// The SDK workbench server's raw answers to initialize (asking for `protocolVersion`) and tools/list.
async function sdkAnswers(workspace: string, protocolVersion: string, maxResultBytes: number) {
  const { server } = createWorkbenchServer({ workspace, version: '9.9.9', lockDir, maxResultBytes });
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const results = new Map<unknown, unknown>();
  client.onmessage = (message) =>
    results.set((message as { id?: unknown }).id, (message as { result?: unknown }).result);
  await client.start();
  const params = { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } };
  await client.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await client.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
  await waitFor(() => results.size === 2, 'the initialize and tools/list answers');
  await server.close();
  return { initialize: results.get(1), toolsList: results.get(2), params };
}

describe('the early answers of serve --surface workbench', () => {
  it('are the SDK server’s: initialize for known and unknown protocol versions, and tools/list', async () => {
    // Through a symlink: the early answers name the workspace as the workbench does, resolved.
    const workspace = path.join(tempDir('pb-wb-early-link-'), 'ws');
    symlinkSync(tempDir('pb-wb-early-'), workspace);
    // With the default result budget and a raised one (which read_file declares in its _meta).
    for (const budget of [DEFAULT_MAX_RESULT_BYTES, 200_000]) {
      // What serve answers with, before the fs layer loads.
      const early = workbenchEarlyAnswersFor('9.9.9', workspace, budget);
      for (const requested of [...SUPPORTED_PROTOCOL_VERSIONS, '1999-01-01']) {
        const sdk = await sdkAnswers(workspace, requested, budget);
        expect(JSON.stringify(sdk.initialize)).toContain(JSON.stringify(realpathSync.native(workspace)).slice(1, -1));
        expect(sdk.initialize).toBeDefined();
        expect(early('initialize', sdk.params, false)).toEqual(sdk.initialize);
        expect(early('tools/list', {}, false)).toEqual(sdk.toolsList);
      }
      const readFile = (early('tools/list', {}, false) as { tools: { name: string; _meta?: unknown }[] }).tools.find(
        (tool) => tool.name === 'read_file',
      );
      expect(readFile?._meta).toEqual(budget > 50_000 ? { 'anthropic/maxResultSizeChars': budget } : undefined);
    }
    const early = workbenchEarlyAnswersFor('9.9.9', workspace, DEFAULT_MAX_RESULT_BYTES);
    // A malformed initialize and tool calls are left to the SDK server.
    expect(early('initialize', { capabilities: {} }, false)).toBeUndefined();
    expect(early('tools/call', { name: 'read_file', arguments: {} }, false)).toBeUndefined();
  });

  it('stops cleanly when stdin ends before the SDK server is up', async () => {
    const workspace = tempDir('pb-wb-early-');
    const child = spawn(process.execPath, [cliEntry(), 'serve', '--surface', 'workbench', '--workspace', workspace], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, PEER_BRIDGE_LOCK_DIR: lockDir },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(stderr).toContain('stopping (stdin closed)');
  });
});
