// A Claude Code peer waits for a workbench that is slow to start. On its own `claude -p` connects
// MCP servers in the background and sends its first model request with whatever is up by then,
// which left an implement peer on a busy machine with no tool to
// edit with. The workbench here is a stand-in MCP server that answers `initialize` late and reports
// the MCP_* variables the CLI ran with (the CLI passes its environment on to its servers).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRunner } from '../../src/runners/index.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import type { RecordedRequest } from '../doubles/script.js';
import { claudeEnv, collector, request, setEnv, slowWorkbench, tempDir, validCore } from './helpers.js';

// Past the CLI's own wait when it is told to wait (MCP_CONNECT_TIMEOUT_MS, default 5 s), well
// inside MCP_TIMEOUT's 30 s.
const START_DELAY_MS = 6000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

const isMessages = (r: RecordedRequest) => r.method === 'POST' && r.url.startsWith('/v1/messages');

/**
 * An implement run whose workbench answers `initialize` after `delayMs`, with `userEnv` in the
 * environment the bridge starts from: the tools of the first model request, and the CLI's MCP_*
 * variables.
 */
async function implementWithWorkbench(delayMs: number, userEnv: Record<string, string> = {}) {
  const double = await startMessagesDouble([{ kind: 'answer', answer: validCore() }]);
  cleanups.push(() => double.close());
  cleanups.push(setEnv({ ...(await claudeEnv(double.origin)), ...userEnv }));
  const workspace = await tempDir('ws');
  const report = path.join(await tempDir('report'), 'mcp-env.json');
  const runner = await loadRunner('claude', { workspace });
  const workbench = slowWorkbench(delayMs, report);
  const events = collector();
  const result = await runner.run(request('implement', workspace, events.onEvent, { workbench }));
  expect(result.exitCode).toBe(0);
  const first = double.requests.find(isMessages)!.body as { tools?: { name: string }[] };
  return {
    tools: (first.tools ?? []).map((tool) => tool.name),
    cliEnv: JSON.parse(await readFile(report, 'utf8')) as Record<string, string>,
  };
}

describe('claude runner with a workbench that is slow to start', () => {
  it('waits for it, up to MCP_TIMEOUT: the first model request already offers its tools', async () => {
    const { tools, cliEnv } = await implementWithWorkbench(START_DELAY_MS);
    expect(tools).toContain('mcp__workbench__read_file');
    expect(cliEnv).toMatchObject({ MCP_CONNECTION_NONBLOCKING: '0', MCP_CONNECT_TIMEOUT_MS: '30000' });
  }, 60_000);

  it("waits as long as the user's MCP_TIMEOUT lets a server start", async () => {
    const { tools, cliEnv } = await implementWithWorkbench(0, { MCP_TIMEOUT: '45000' });
    expect(tools).toContain('mcp__workbench__read_file');
    expect(cliEnv).toMatchObject({ MCP_CONNECTION_NONBLOCKING: '0', MCP_CONNECT_TIMEOUT_MS: '45000' });
  }, 60_000);

  it("keeps the user's own MCP_CONNECT_TIMEOUT_MS and MCP_CONNECTION_NONBLOCKING", async () => {
    const { cliEnv } = await implementWithWorkbench(0, {
      MCP_CONNECT_TIMEOUT_MS: '4000',
      MCP_CONNECTION_NONBLOCKING: '1',
    });
    expect(cliEnv).toMatchObject({ MCP_CONNECTION_NONBLOCKING: '1', MCP_CONNECT_TIMEOUT_MS: '4000' });
  }, 60_000);
});
