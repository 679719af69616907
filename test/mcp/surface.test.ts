// The MCP surface without a child: tools/list, argument checks, retired names, status, refusals.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { cliArgs, repoRoot, type Served, startServer } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-mcp-');
let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

const schemaFile = (name: string) => JSON.parse(readFileSync(path.join(repoRoot, 'schemas', name), 'utf8'));
const body = (result: CallToolResult) => JSON.parse((result.content[0] as { text: string }).text);

describe('peer-bridge serve over stdio', () => {
  it('advertises exactly the four tools with the schemas from the file', async () => {
    served = await startServer({ workspace: tempDir() });
    const { tools } = await served.client.listTools();
    const defs = schemaFile('mcp-tools.schema.json').$defs;
    const harness = schemaFile('harness-envelope.schema.json');
    expect(tools.map((t) => t.name)).toEqual(['bridge_implement', 'bridge_advise', 'bridge_review', 'bridge_status']);
    for (const tool of tools) {
      expect(tool.inputSchema).toEqual(defs[tool.name]);
      expect(tool.outputSchema).toEqual(
        tool.name === 'bridge_status' ? schemaFile('bridge-status.schema.json') : harness,
      );
    }
    expect(tools.map((t) => t.name)).not.toContain('complete_step');
  });

  it('rejects each host-only argument with an error naming it, and records the result', async () => {
    const workspace = tempDir();
    served = await startServer({ workspace });
    for (const field of ['workspace', 'cwd', 'background', 'session', 'session_id']) {
      const result = (await served.client.callTool({
        name: 'bridge_advise',
        arguments: { task: 'look', [field]: 'x' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(body(result)).toMatchObject({ code: 'forbidden_argument', field });
      expect(body(result).message).toContain(`"${field}"`);
    }
    const runs = await new Ledger(workspace).runs();
    expect(runs).toHaveLength(5);
    expect(runs.every((run) => run.status === 'rejected')).toBe(true);
  });

  it('answers schema violations with invalid_arguments naming the argument', async () => {
    served = await startServer({ workspace: tempDir() });
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'task'],
      [{ task: 'x', timeout_seconds: 351 }, 'timeout_seconds'],
      [{ task: 'x', effort: 'extreme' }, 'effort'],
      [{ task: 'x', colour: 'blue' }, 'colour'],
    ];
    for (const [args, field] of cases) {
      const result = (await served.client.callTool({ name: 'bridge_review', arguments: args })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(body(result)).toMatchObject({ code: 'invalid_arguments', field });
    }
  });

  it('still answers bad arguments and retired names when the ledger cannot be written', async () => {
    const workspace = tempDir();
    served = await startServer({ workspace });
    rmSync(path.join(workspace, '.peer-bridge'), { recursive: true });
    writeFileSync(path.join(workspace, '.peer-bridge'), 'not a folder');
    const bad = (await served.client.callTool({
      name: 'bridge_advise',
      arguments: { task: 'x', effort: 'warp' },
    })) as CallToolResult;
    expect(body(bad)).toMatchObject({ code: 'invalid_arguments', field: 'effort' });
    const retired = (await served.client.callTool({ name: 'complete_step', arguments: {} })) as CallToolResult;
    expect(body(retired).code).toBe('tool_retired');
    expect(served.stderr()).toMatch(/could not record/);
  });

  it('answers retired names with ordinary results, and unknown tools with a protocol error', async () => {
    served = await startServer({ workspace: tempDir() });
    const retired = (await served.client.callTool({ name: 'complete_step', arguments: {} })) as CallToolResult;
    expect(body(retired).code).toBe('tool_retired');
    const recovery = (await served.client.callTool({
      name: 'review_report',
      arguments: { action: 'recover' },
    })) as CallToolResult;
    expect(body(recovery).code).toBe('tool_recovery_retired');
    await expect(served.client.callTool({ name: 'bridge_nonsense', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('reports runners, native backend, limits and incidents in bridge_status', async () => {
    served = await startServer({
      workspace: tempDir(),
      env: { PEER_BRIDGE_CODEX_BIN: path.join(repoRoot, 'node_modules', '.bin', 'codex') },
    });
    const result = (await served.client.callTool({ name: 'bridge_status', arguments: {} })) as CallToolResult;
    const status = result.structuredContent as Record<string, any>;
    expect(status.runners.find((r: any) => r.id === 'codex')).toMatchObject({
      available: true,
      source: 'PEER_BRIDGE_CODEX_BIN',
      version: expect.stringMatching(/0\.171\.0/),
    });
    expect(status.native.platform).toBe(process.platform);
    expect(status.limits).toMatchObject({
      max_budget_seconds: { implement: 700, advise: 350, review: 350 },
      depth_limit: 1,
    });
    expect(status.recent_incidents).toEqual([]);
    expect(status.default_runner).toBe('codex');
    expect(status.file_locks).toMatchObject({
      dir: expect.any(String),
      source: expect.stringMatching(/^(default|PEER_BRIDGE_LOCK_DIR)$/),
    });
  });

  it('reports the runner chosen with serve --runner as default_runner', async () => {
    served = await startServer({ workspace: tempDir(), args: ['--runner', 'claude'] });
    // The SDK client has checked structuredContent against the advertised outputSchema already.
    const status = (await served.client.callTool({ name: 'bridge_status', arguments: {} })).structuredContent as Record<
      string,
      any
    >;
    expect(status.default_runner).toBe('claude');
  });

  it('refuses a call at the depth limit with an envelope, an incident and a ledger result', async () => {
    const workspace = tempDir();
    served = await startServer({ workspace, env: { PEER_BRIDGE_DEPTH: '1' } });
    const result = (await served.client.callTool({
      name: 'bridge_advise',
      arguments: { task: 'recurse' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    const envelope = result.structuredContent as Record<string, any>;
    expect(envelope).toMatchObject({ status: 'refused', depth: 1, direction: 'claude-code->codex', findings: [] });
    expect(envelope.blockers[0]).toMatch(/recursion-depth/);
    expect(JSON.parse(readFileSync(path.join(workspace, envelope.incident), 'utf8')).fault).toBe('recursion');
    expect(await new Ledger(workspace).runs()).toMatchObject([{ run_id: envelope.run_id, status: 'refused' }]);
    expect(body(result)).toEqual(envelope);
    const status = (await served.client.callTool({ name: 'bridge_status', arguments: {} })).structuredContent as Record<
      string,
      any
    >;
    expect(status.recent_incidents).toMatchObject([
      { path: envelope.incident, fault: 'recursion', run_id: envelope.run_id },
    ]);
    expect(status.limits.depth).toBe(1);
  });

  it('names a bad PEER_BRIDGE_DEPTH of the host as the host environment, in calls and in bridge_status', async () => {
    const workspace = tempDir();
    served = await startServer({ workspace, env: { PEER_BRIDGE_DEPTH: 'abc' } });
    const call = (await served.client.callTool({
      name: 'bridge_advise',
      arguments: { task: 'look' },
    })) as CallToolResult;
    expect(call.isError).toBe(true);
    expect(body(call)).toMatchObject({
      code: 'invalid_environment',
      message: expect.stringContaining('PEER_BRIDGE_DEPTH'),
    });
    // A status call is how a caller finds out what is wrong: a tool result, not a protocol error.
    const status = (await served.client.callTool({ name: 'bridge_status', arguments: {} })) as CallToolResult;
    expect(status.isError).toBeFalsy();
    expect((status.structuredContent as any).limits).toMatchObject({
      depth: null,
      depth_limit: 1,
      problem: expect.stringContaining('PEER_BRIDGE_DEPTH'),
    });
  });

  it('refuses a write call when the workspace is the home directory', async () => {
    const home = tempDir();
    served = await startServer({ workspace: home, env: { HOME: home } });
    const result = (await served.client.callTool({
      name: 'bridge_implement',
      arguments: { task: 'edit everything' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 'refused', findings: [] });
    expect((result.structuredContent as any).blockers[0]).toMatch(/^unsafe-workspace: .*home directory/);
    expect(await new Ledger(home).runs()).toMatchObject([
      { status: 'refused', reason: expect.stringMatching(/^unsafe-workspace/) },
    ]);
    const incident = (result.structuredContent as any).incident as string;
    expect(JSON.parse(readFileSync(path.join(home, incident), 'utf8')).fault).toBe('unsafe-workspace');
  });
});

describe('peer-bridge serve stdout', () => {
  it('carries JSON-RPC only, and the server exits when stdin closes', async () => {
    const { spawn } = await import('node:child_process');
    const { baseEnv } = await import('../helpers/serve-client.js');
    const child = spawn(process.execPath, [...cliArgs, 'serve', '--workspace', tempDir()], {
      cwd: repoRoot,
      env: baseEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const send = (message: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list' });
    send({ id: 3, method: 'tools/call', params: { name: 'bridge_status', arguments: {} } });
    send({ id: 4, method: 'tools/call', params: { name: 'review_report', arguments: {} } });
    const { waitFor } = await import('./wait.js');
    await waitFor(() => stdout.split('\n').filter(Boolean).length >= 4, 'four responses');
    child.stdin.end();
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const lines = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => l.id).sort()).toEqual([1, 2, 3, 4]); // calls may finish in any order
    expect(lines.every((l) => l.jsonrpc === '2.0' && 'result' in l)).toBe(true);
    expect(stderr).toContain('serving');
  });
});
