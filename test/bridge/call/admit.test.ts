// The admit and start phases without a child: refusals, a call cancelled while it waits in the
// server's line, unusable state, and a runner that cannot load each answer the call with an
// envelope and leave the ledger as a call that never started.
import { existsSync, mkdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { admitCall } from '../../../src/bridge/call/admit.js';
import { callSettings } from '../../../src/bridge/call/settings.js';
import { startCall } from '../../../src/bridge/call/start.js';
import { queuedMessage } from '../../../src/bridge/admission.js';
import { PeerPool } from '../../../src/bridge/peer-pool.js';
import type { BridgeContext, BridgeProgress } from '../../../src/bridge/types.js';
import { Ledger } from '../../../src/state/ledger.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-call-admit-');

function workspace(): string {
  const ws = path.join(realpathSync(tempDir()), 'ws');
  mkdirSync(ws);
  return ws;
}

async function ledgerOf(ws: string): Promise<Record<string, unknown>[]> {
  return (await new Ledger(ws).read()).records.map((r): Record<string, unknown> => ({ ...r }));
}

const advise = (ws: string, extra: Record<string, unknown> = {}) =>
  ({ verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'codex', ...extra }) as never;

describe('admitCall', () => {
  it('refuses a call at the depth limit with a recursion envelope and a ledger result', async () => {
    const ws = workspace();
    const settings = callSettings(advise(ws, { run_id: 'deep-1' }), { env: { PEER_BRIDGE_DEPTH: '1' } });
    const admitted = await admitCall(settings);
    if (!('answer' in admitted)) throw new Error('the call was admitted');
    expect(admitted.answer).toMatchObject({ run_id: 'deep-1', status: 'refused' });
    expect(admitted.answer.blockers[0]).toMatch(/^recursion-depth: /);
    const records = await ledgerOf(ws);
    expect(records).toMatchObject([{ type: 'result', run_id: 'deep-1', code: 'recursion-depth', tool: 'advise' }]);
  });

  it('answers a call cancelled in the peer line as cancelled, with its queue time, and starts nothing', async () => {
    const ws = workspace();
    const pool = new PeerPool(1);
    const held = await pool.acquire({ run_id: 'ahead', verb: 'advise' });
    const controller = new AbortController();
    const progress: BridgeProgress[] = [];
    const onProgress = (p: BridgeProgress) => {
      progress.push(p);
      controller.abort(new Error('the caller gave up'));
    };
    const context: BridgeContext = { env: {}, pool };
    const settings = callSettings(advise(ws, { run_id: 'waiting-1', signal: controller.signal, onProgress }), context);
    const admitted = await admitCall(settings);
    held.release();
    if (!('answer' in admitted)) throw new Error('the call was admitted');
    expect(admitted.answer.status).toBe('blocked');
    expect(admitted.answer.blockers[0]).toMatch(/^cancelled: the caller cancelled the call after .* in the queue/);
    expect(progress.map((p) => p.message)).toEqual([queuedMessage(0, 1)]);
    const [result, ...more] = await ledgerOf(ws);
    expect(more).toEqual([]);
    expect(result).toMatchObject({ type: 'result', run_id: 'waiting-1', status: 'blocked', code: 'cancelled' });
    expect(typeof result!.queued_seconds).toBe('number');
    expect(pool.snapshot()).toEqual({ running: [], queued: [] });
  });

  it('answers a call whose state a peer broke with state-unusable, and writes nothing', async () => {
    const ws = workspace();
    mkdirSync(path.join(ws, 'old'));
    writeFileSync(path.join(ws, '.peer-bridge'), 'planted');
    const admitted = await admitCall(callSettings(advise(ws), { env: {} }));
    if (!('answer' in admitted)) throw new Error('the call was admitted');
    expect(admitted.answer).toMatchObject({ status: 'blocked', incident: null });
    expect(admitted.answer.blockers[0]).toMatch(/^state-unusable: .*\.peer-bridge/);
    renameSync(path.join(ws, '.peer-bridge'), path.join(ws, 'planted'));
    expect(existsSync(path.join(ws, '.peer-bridge'))).toBe(false);
  });
});

describe('startCall', () => {
  it('answers a call whose runner cannot load with a spawn envelope, before any ledger start', async () => {
    const ws = workspace();
    const missing = path.join(ws, 'no-such-runner.mjs');
    const settings = callSettings(advise(ws, { run_id: 'spawn-1', runner: missing }), { env: {} });
    const admitted = await admitCall(settings);
    if ('answer' in admitted) throw new Error(`refused: ${admitted.answer.blockers[0]}`);
    try {
      const started = await startCall(admitted.call);
      if (!('answer' in started)) throw new Error('the call started');
      expect(started.answer).toMatchObject({ run_id: 'spawn-1', status: 'blocked', direction: 'api->no-such-runner' });
      expect(started.answer.blockers[0]).toMatch(/^spawn: runner ".*no-such-runner\.mjs" could not be loaded: /);
    } finally {
      admitted.call.release();
    }
    const records = await ledgerOf(ws);
    expect(records.map((r) => [r.type, r.run_id])).toEqual([['result', 'spawn-1']]);
    expect(existsSync(path.join(ws, '.peer-bridge', 'snapshots'))).toBe(false);
  });
});
