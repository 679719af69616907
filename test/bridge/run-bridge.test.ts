// runBridge as a library call, with the real Codex CLI as the child against the Responses double.
import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import { BridgeError } from '../../src/bridge/errors.js';
import { Ledger } from '../../src/state/ledger.js';
import type { BridgeProgress } from '../../src/bridge/types.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Turn } from '../doubles/script.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { waitFor } from '../mcp/wait.js';

const tempDir = useTempDir('peer-bridge-run-');
const doubles: { close(): Promise<void> }[] = [];
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(async () => {
  process.env = saved;
  for (const d of doubles.splice(0)) await d.close();
});

/** A workspace, and the Codex CLI pointed at a fresh double replaying `turns`. */
async function setup(turns: Turn[]) {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  const double = await startResponsesDouble(turns);
  doubles.push(double);
  Object.assign(process.env, codexEnv(double.origin, dir));
  return { ws, double };
}

describe('runBridge', () => {
  it('rejects bad input with a BridgeError naming the field, before anything is written', async () => {
    const { ws } = await setup([]);
    const bad: [Record<string, unknown>, string][] = [
      [{ verb: 'deploy' }, 'verb'],
      [{ task: '  ' }, 'task'],
      [{ timeout_seconds: -1 }, 'timeout_seconds'],
      [{ effort: 'ludicrous' }, 'effort'],
      [{ supported_efforts: ['low', 'warp'] }, 'supported_efforts'],
      [{ run_id: '../escape' }, 'run_id'],
      [{ depth: 1.5 }, 'depth'],
      // A NUL cannot be part of a command-line argument: bad input, not a failed spawn.
      [{ task: 'a\u0000b' }, 'task'],
      [{ model: 'gpt\u0000' }, 'model'],
    ];
    for (const [override, field] of bad) {
      const call = runBridge({ verb: 'advise', task: 'x', workspace: ws, ...override } as never);
      await expect(call).rejects.toSatisfy((e) => e instanceof BridgeError && e.field === field);
    }
    await expect(runBridge({ verb: 'advise', task: 'x', workspace: path.join(ws, 'missing') })).rejects.toMatchObject({
      code: 'invalid_workspace',
    });
    expect(existsSync(path.join(ws, '.peer-bridge'))).toBe(false);
  });

  it('rejects a task too long to hand to the child as one argument, naming the field, before anything is written', async () => {
    const { ws, double } = await setup([]);
    // 70 000 characters pass the MCP schema (at most 100 000) but are 140 000 bytes of UTF-8,
    // past what one argument of a process may hold (128 KiB on Linux).
    const call = runBridge({ verb: 'advise', task: 'é'.repeat(70_000), workspace: ws });
    await expect(call).rejects.toSatisfy(
      (e) =>
        e instanceof BridgeError &&
        e.code === 'invalid_arguments' &&
        e.field === 'task' &&
        /file in the workspace/.test(e.message),
    );
    expect(existsSync(path.join(ws, '.peer-bridge'))).toBe(false);
    expect(double.requests).toHaveLength(0);
  });

  it('rejects a budget longer than a timer can wait instead of timing out at once', async () => {
    const { ws, double } = await setup([{ kind: 'answer', answer: answer() }]);
    // 2 000 000 s x 1.2 is past 2^31 - 1 ms, where Node fires a timer after 1 ms.
    const call = runBridge({ verb: 'advise', task: 'x', workspace: ws, timeout_seconds: 2_000_000 });
    await expect(call).rejects.toMatchObject({ code: 'invalid_arguments', field: 'timeout_seconds' });
    expect(double.requests).toHaveLength(0);
  });

  it('rejects a run_id the workspace has already used', async () => {
    const { ws } = await setup([]);
    await new Ledger(ws).result({
      run_id: 'taken',
      tool: 'advise',
      status: 'refused',
      code: 'recursion-depth',
      reason: 'x',
    });
    await expect(runBridge({ verb: 'advise', task: 'x', workspace: ws, run_id: 'taken' })).rejects.toMatchObject({
      code: 'invalid_arguments',
      field: 'run_id',
    });
  });

  it('lets a run_id whose call was rejected for bad arguments be used once the arguments are fixed', async () => {
    const { ws } = await setup([]);
    process.env.PEER_BRIDGE_CODEX_BIN = path.join(ws, 'no-such-codex');
    // What the MCP server records for a call it rejects before runBridge runs it.
    await new Ledger(ws).result({
      run_id: 'retry-me',
      tool: 'bridge_advise',
      status: 'rejected',
      code: 'invalid_arguments',
      reason: 'effort',
    });
    const envelope = await runBridge({ verb: 'advise', task: 'x', workspace: ws, run_id: 'retry-me' });
    expect(envelope).toMatchObject({ run_id: 'retry-me', status: 'blocked' });
    await expect(runBridge({ verb: 'advise', task: 'x', workspace: ws, run_id: 'retry-me' })).rejects.toMatchObject({
      code: 'invalid_arguments',
      field: 'run_id',
    });
  });

  it('starts only one of two concurrent calls that name the same run_id', async () => {
    const { ws } = await setup([
      { kind: 'answer', answer: answer() },
      { kind: 'answer', answer: answer() },
    ]);
    const calls = await Promise.allSettled(
      [1, 2].map(() => runBridge({ verb: 'advise', task: 'x', workspace: ws, run_id: 'twice' })),
    );
    expect(calls.filter((c) => c.status === 'fulfilled')).toHaveLength(1);
    expect(calls.find((c) => c.status === 'rejected')).toMatchObject({
      reason: { code: 'invalid_arguments', field: 'run_id' },
    });
    expect((await new Ledger(ws).read()).records.filter((r) => r.type === 'start')).toHaveLength(1);
    // The rejected call leaves nothing behind: one transcript, no partial file.
    expect(readdirSync(path.join(ws, '.peer-bridge', 'transcripts'))).toEqual(['twice.jsonl']);
  });

  it('has the ledger start on disk before the child runs, and settles after', async () => {
    const { ws } = await setup([
      { kind: 'tool', command: 'cat .peer-bridge/ledger.jsonl > seen.txt' },
      { kind: 'answer', answer: answer() },
    ]);
    const progress: BridgeProgress[] = [];
    const envelope = await runBridge({
      verb: 'implement',
      task: 'look at the ledger',
      workspace: ws,
      run_id: 'ledger-check',
      onProgress: (p) => progress.push(p),
    });
    expect(envelope).toMatchObject({ status: 'complete', run_id: 'ledger-check', direction: 'api->codex' });
    const seen = readFileSync(path.join(ws, 'seen.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(seen).toMatchObject([{ type: 'start', run_id: 'ledger-check' }]);
    expect((await new Ledger(ws).runs())[0]).toMatchObject({ run_id: 'ledger-check', status: 'complete' });
    expect(progress[0]).toMatchObject({
      run_id: 'ledger-check',
      count: 1,
      message: 'starting the peer',
      budget_seconds: 600,
    });
    expect(readFileSync(path.join(ws, envelope.transcript_path), 'utf8')).toContain('cat .peer-bridge/ledger.jsonl');
  });

  it('resolves to a cancelled envelope when its signal aborts', async () => {
    const { ws, double } = await setup([{ kind: 'hang' }]);
    const controller = new AbortController();
    const call = runBridge({ verb: 'advise', task: 'wait', workspace: ws, signal: controller.signal });
    await waitFor(() => double.requests.length > 0, 'the child to reach the model');
    controller.abort();
    const envelope = await call;
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^cancelled: /);
    expect(JSON.parse(readFileSync(path.join(ws, envelope.incident!), 'utf8')).fault).toBe('cancelled');
  });

  it('turns a missing runner executable into a blocked spawn envelope and a ledger result', async () => {
    const { ws, double } = await setup([]);
    process.env.PEER_BRIDGE_CODEX_BIN = path.join(ws, 'no-such-codex');
    const envelope = await runBridge({ verb: 'advise', task: 'x', workspace: ws });
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^spawn: runner "codex" could not be loaded/);
    // The run history links the incident the envelope named, and the runner asked for.
    expect(envelope.incident).toMatch(/^\.peer-bridge\/incidents\//);
    expect((await new Ledger(ws).runs())[0]).toMatchObject({
      run_id: envelope.run_id,
      status: 'blocked',
      runner: 'codex',
      incident: envelope.incident,
    });
    expect(readdirSync(path.join(ws, '.peer-bridge', 'incidents'))).toHaveLength(1);
    expect(double.requests).toHaveLength(0);
  });
});
