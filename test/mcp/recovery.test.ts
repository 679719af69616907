// Restart recovery: kill -9 the server mid-call, start it again, and the interrupted call gets
// exactly one `unknown` settlement. Nothing is replayed and later calls work.
import { mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { expectTimedRecords, transcriptRecords } from '../helpers/transcript-times.js';
import { startServer, type Served } from '../helpers/serve-client.js';
import { processesIn, waitFor } from './wait.js';

const tempDir = useTempDir('peer-bridge-recovery-');
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

it('settles a call interrupted by kill -9 as unknown exactly once, without replay', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const double = await startResponsesDouble([
    { kind: 'hang' },
    { kind: 'answer', answer: answer({ verdict: 'after restart' }) },
  ]);
  cleanup.push(() => double.close());
  const env = codexEnv(double.origin, dir);
  const ledger = new Ledger(workspace);
  const serve = async (): Promise<Served> => {
    const served = await startServer({ workspace, env });
    cleanup.push(() => served.close());
    return served;
  };

  const first = await serve();
  const interrupted = first.client.callTool(
    { name: 'bridge_advise', arguments: { task: 'long job' } },
    CallToolResultSchema,
    { timeout: 120_000 },
  );
  interrupted.catch(() => undefined);
  const start = await waitFor(
    async () => (await ledger.read()).records.find((r) => r.type === 'start'),
    'the ledger start',
  );
  await waitFor(() => double.requests.length === 1, 'the child to reach the model');
  process.kill(first.pid()!, 'SIGKILL');
  await expect(interrupted).rejects.toThrow();
  // The killed server cannot stop its child; its watchdog does, so nothing of the call runs on.
  await waitFor(() => processesIn(workspace).length === 0, 'the watchdog to kill the orphaned child');

  const second = await serve();
  // The server answers initialize and tools/list at once; a call waits for its recovery.
  await recovered(second);
  const settles = (await ledger.read()).records.filter((r) => r.type === 'settle');
  expect(settles).toMatchObject([{ run_id: start.run_id, status: 'unknown' }]);
  // What the killed server had spilled of the run's transcript is published under its name.
  const transcripts = path.join(workspace, '.peer-bridge', 'transcripts');
  expect(readdirSync(transcripts)).toEqual([`${start.run_id}.jsonl`]);
  const spilled = readFileSync(path.join(transcripts, `${start.run_id}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line).type);
  expect(spilled[0]).toBe('transcript.start');
  expect(spilled).toContain('bridge.call');
  expect(spilled.at(-1)).toBe('transcript.interrupted');
  // Its records keep their times; the marker's is when recovery found the run, after all of them.
  const timed = expectTimedRecords(
    transcriptRecords(readFileSync(path.join(transcripts, `${start.run_id}.jsonl`), 'utf8')),
  );
  expect(Date.parse(String(timed.at(-1)!.recovered_at))).toBeGreaterThanOrEqual(
    Date.parse(String(timed[0]!.started_at)),
  );
  expect(double.requests).toHaveLength(1);

  const later = (await second.client.callTool(
    { name: 'bridge_advise', arguments: { task: 'next job' } },
    CallToolResultSchema,
    { timeout: 120_000 },
  )) as CallToolResult;
  expect(later.structuredContent).toMatchObject({ status: 'complete', verdict: 'after restart' });
  expect(double.requests).toHaveLength(2);
  await second.close();
  // The killed server's owner file went with the recovery, the cleanly stopped one's with its exit.
  expect(readdirSync(path.join(workspace, '.peer-bridge', 'owners'))).toEqual([]);

  await recovered(await serve());
  const finalSettles = (await ledger.read()).records.filter((r) => r.type === 'settle' && r.run_id === start.run_id);
  expect(finalSettles).toHaveLength(1);
  expect((await ledger.runs()).map((r) => r.status)).toEqual(['complete', 'unknown']);
});

/** Resolves once the server has recovered the ledger: calls are served only after that. */
async function recovered(served: Served): Promise<void> {
  await served.client.callTool({ name: 'bridge_status', arguments: {} }, CallToolResultSchema);
}

it('on SIGTERM cancels the calls in flight, kills their children, settles and answers them, then exits', async () => {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  const double = await startResponsesDouble([{ kind: 'hang' }]);
  cleanup.push(() => double.close());
  const served = await startServer({ workspace, env: codexEnv(double.origin, dir) });
  cleanup.push(() => served.close());
  const pending = served.client.callTool(
    { name: 'bridge_review', arguments: { task: 'long review' } },
    CallToolResultSchema,
    { timeout: 120_000 },
  );
  const answered = pending.then(
    (result) => result as CallToolResult,
    (error: Error) => error,
  );
  await waitFor(
    () => double.requests.length === 1 && processesIn(workspace).length > 0,
    'the child to reach the model',
  );
  const exited = new Promise((resolve) => (served.client.onclose = () => resolve(undefined)));
  process.kill(served.pid()!, 'SIGTERM');
  await exited;
  // Already on disk when the server has gone: it settles before it exits.
  const settle = (await new Ledger(workspace).read()).records.find((r) => r.type === 'settle');
  expect(settle).toMatchObject({ status: 'blocked', incident: expect.stringMatching(/cancelled/) });
  await waitFor(() => processesIn(workspace).length === 0, 'the child tree to be gone');
  expect(served.stderr()).toContain('stopping (SIGTERM)');
  // Drained before the close: the caller got the cancelled call's envelope, not a closed connection.
  expect(await answered).toMatchObject({
    structuredContent: { status: 'blocked', incident: expect.stringMatching(/cancelled/) },
  });
});
