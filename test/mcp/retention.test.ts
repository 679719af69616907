// Retention end to end: a real `peer-bridge serve` over the MCP SDK client, the real Codex CLI
// against the scripted model double, real files. The server prunes at start (after its
// recovery) and after a call, never an open call's files, and `runs` still lists every call.
import { existsSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execa } from 'execa';
import { afterEach, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import type { PrunedRecord } from '../../src/state/ledger-records.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { call, DAY, incident, put, transcript } from '../helpers/retention-files.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs, repoRoot, startServer } from '../helpers/serve-client.js';
import { waitFor } from './wait.js';

const tempDir = useTempDir('peer-bridge-retention-');
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const prunedRecords = async (ledger: Ledger) =>
  (await ledger.read()).records.filter((r): r is PrunedRecord => r.type === 'pruned');

it('prunes at start and after a call, keeps an open call whole, and runs lists every call', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const ledger = new Ledger(workspace);
  // A settled call from 40 days ago, and a call this test process holds open (its owner is alive,
  // so the server's recovery leaves it open): both with files past the age limit.
  await call(ledger, 'old', true, true);
  await call(ledger, 'held', false);
  for (const id of ['old', 'held']) {
    put(workspace, transcript(id), 4096, 40 * DAY);
    put(workspace, incident(id), 2048, 40 * DAY);
  }
  const double = await startResponsesDouble([{ kind: 'answer', answer: answer({ verdict: 'fine' }) }]);
  cleanup.push(() => double.close());
  const env = { ...codexEnv(double.origin, dir), PEER_BRIDGE_STATE_MAX_BYTES: '1MiB' };
  const served = await startServer({ workspace, env });
  cleanup.push(() => served.close());

  // At start: the old call's files go, the open call's stay.
  await waitFor(() => /retention removed 2 /.test(served.stderr()), 'the start-up retention pass');
  expect(existsSync(path.join(workspace, transcript('old')))).toBe(false);
  expect(existsSync(path.join(workspace, incident('old')))).toBe(false);
  expect(existsSync(path.join(workspace, transcript('held')))).toBe(true);
  expect(existsSync(path.join(workspace, incident('held')))).toBe(true);
  expect(await prunedRecords(ledger)).toMatchObject([{ reason: 'older than 30d' }]);

  // Recent calls now fill more than the 1 MiB limit; the next call's pass removes the oldest.
  for (const [i, id] of ['r1', 'r2', 'r3'].entries()) {
    await call(ledger, id, true, true);
    put(workspace, transcript(id), 400 * 1024, (10 - i) * 60_000);
  }
  const result = (await served.client.callTool(
    { name: 'bridge_advise', arguments: { task: 'Is parse() safe?' } },
    CallToolResultSchema,
    { timeout: 120_000 },
  )) as CallToolResult;
  const envelope = result.structuredContent as { status: string; transcript_path: string; run_id: string };
  expect(envelope.status).toBe('complete');
  // The ledger says what goes before it goes: wait for the file itself.
  await waitFor(() => !existsSync(path.join(workspace, transcript('r1'))), 'the pass after the call');
  expect((await prunedRecords(ledger))[1]).toMatchObject({
    reason: 'the oldest past the 1 MiB limit',
    paths: [transcript('r1')],
  });
  expect(existsSync(path.join(workspace, transcript('r2')))).toBe(true);
  expect(existsSync(path.join(workspace, envelope.transcript_path))).toBe(true);
  expect(existsSync(path.join(workspace, transcript('held')))).toBe(true);
  // bridge_status shows it too (the SDK client checks the result against the tool's outputSchema).
  const status = (await served.client.callTool({ name: 'bridge_status', arguments: {} })) as CallToolResult;
  const recent = (status.structuredContent as { recent_runs: { run_id: string; pruned: unknown }[] }).recent_runs;
  expect(recent.find((run) => run.run_id === 'r1')?.pruned).toMatchObject({ paths: [transcript('r1')] });
  expect(recent.find((run) => run.run_id === 'r2')?.pruned).toBeNull();
  await served.close();

  // `runs` still lists every call of the ledger, and says what was pruned, when and why.
  const runs = await execa(process.execPath, [...cliArgs, 'runs', '--workspace', workspace], {
    cwd: repoRoot,
    env: baseEnv(),
    extendEnv: false,
  });
  const text = runs.stdout;
  for (const id of ['old', 'held', 'r1', 'r2', 'r3', envelope.run_id]) expect(text).toContain(id);
  expect(text).toMatch(/transcript and incident pruned \d\d-\d\d [\d:]+: older than 30d/);
  expect(text).toMatch(/transcript pruned \d\d-\d\d [\d:]+: the oldest past the 1 MiB limit/);
  const json = await execa(process.execPath, [...cliArgs, 'runs', '--workspace', workspace, '--json'], {
    cwd: repoRoot,
    env: baseEnv(),
    extendEnv: false,
  });
  const listed = JSON.parse(json.stdout) as { run_id: string; pruned: { paths: string[] } | null }[];
  expect(listed.find((run) => run.run_id === 'old')!.pruned!.paths.sort()).toEqual(
    [incident('old'), transcript('old')].sort(),
  );
  expect(listed.find((run) => run.run_id === 'held')!.pruned).toBeNull();
  expect(listed.find((run) => run.run_id === envelope.run_id)!.pruned).toBeNull();
  expect(readFileSync(path.join(workspace, transcript('held')), 'utf8')).toHaveLength(4096);
});

it('refuses to start with a bad retention setting, naming it and what to set', async () => {
  const workspace = realpathSync(tempDir());
  const result = await execa(process.execPath, [...cliArgs, 'serve', '--workspace', workspace], {
    cwd: repoRoot,
    env: baseEnv({ PEER_BRIDGE_STATE_MAX_BYTES: '256' }),
    extendEnv: false,
    input: '',
    reject: false,
  });
  expect(result.exitCode).toBe(2);
  expect(result.stderr).toMatch(/invalid_environment: PEER_BRIDGE_STATE_MAX_BYTES must be a size of at least 1 MiB/);
  expect(existsSync(path.join(workspace, '.peer-bridge'))).toBe(false);
});
