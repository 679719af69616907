// serve --default-timeout: the server's budget for a verb when a call names none. With the real
// Codex CLI against the scripted Responses double (a peer that never answers), over MCP stdio.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { cliArgs, repoRoot, startServer } from '../helpers/serve-client.js';
import { processesIn, waitFor } from './wait.js';

const tempDir = useTempDir('peer-bridge-default-timeout-');
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function serveWith(args: string[], turns: Parameters<typeof startResponsesDouble>[0]) {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const double = await startResponsesDouble(turns);
  cleanup.push(() => double.close());
  const served = await startServer({ workspace, env: codexEnv(double.origin, dir), args });
  cleanup.push(() => served.close());
  return { served, workspace, double };
}

const call = async (served: Awaited<ReturnType<typeof serveWith>>['served'], args: Record<string, unknown>) =>
  (await served.client.callTool({ name: 'bridge_advise', arguments: args }, CallToolResultSchema, {
    timeout: 120_000,
  })) as CallToolResult;

describe('serve --default-timeout', () => {
  it('is the budget of a call that names none, and bridge_status reports it', async () => {
    const { served, workspace } = await serveWith(['--default-timeout', 'advise=1, review=200'], [{ kind: 'hang' }]);
    const status = (await served.client.callTool({ name: 'bridge_status', arguments: {} })).structuredContent as {
      limits: { default_budget_seconds: Record<string, number> };
    };
    expect(status.limits.default_budget_seconds).toEqual({ implement: 600, advise: 1, review: 200 });
    const result = await call(served, { task: 'Think forever' });
    const envelope = result.structuredContent as Record<string, any>;
    expect(envelope).toMatchObject({ status: 'timeout' });
    expect(envelope.blockers[0]).toMatch(/1 s budget/);
    expect(JSON.parse(readFileSync(path.join(workspace, envelope.incident), 'utf8'))).toMatchObject({
      budget_seconds: 1,
    });
    await waitFor(() => processesIn(workspace).length === 0, 'the child tree to be gone');
  });

  it('gives way to a call that names its own timeout_seconds', async () => {
    const { served, double } = await serveWith(
      ['--default-timeout', 'advise=1'],
      [{ kind: 'answer', answer: answer() }],
    );
    const envelope = (await call(served, { task: 'Is parse() safe?', timeout_seconds: 120 })).structuredContent;
    expect(envelope).toMatchObject({ status: 'complete' });
    // The peer was told the call's own budget (src/bridge/prompt.ts).
    expect(JSON.stringify(double.requests[0]?.body)).toContain('Time budget: 120 seconds.');
  });

  it.each([
    ['advise=400', /--default-timeout advise is at most 350 seconds over MCP, got 400/],
    ['ask=10', /--default-timeout takes VERB=SECONDS entries .*verbs: implement, advise, review.*"ask=10"/],
    ['advise=soon', /--default-timeout advise must be a positive number of seconds, got "soon"/],
  ])('refuses %s before serving, saying what is allowed', (value, message) => {
    const run = spawnSync(
      process.execPath,
      [...cliArgs, 'serve', '--workspace', tempDir(), '--default-timeout', value],
      { cwd: repoRoot, encoding: 'utf8', input: '', timeout: 60_000 },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
