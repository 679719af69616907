// The start and finish phases around a child that never ran: the ledger start and the start
// snapshot are on disk once the call starts, and a harness failure before the envelope still
// gives the caller an envelope, settles the call and removes its snapshot.
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { admitCall } from '../../../src/bridge/call/admit.js';
import { finishCall } from '../../../src/bridge/call/finish.js';
import { callSettings } from '../../../src/bridge/call/settings.js';
import { startCall } from '../../../src/bridge/call/start.js';
import { Ledger } from '../../../src/state/ledger.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { codexBin } from '../../helpers/peers.js';

const tempDir = useTempDir('peer-bridge-call-finish-');
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
  // The built-in runner loads from here; it is never run.
  process.env.PEER_BRIDGE_CODEX_BIN = codexBin;
});
afterEach(() => {
  process.env = saved;
});

describe('startCall and finishCall', () => {
  it('settle a call whose run failed in the harness with an invalid-envelope envelope', async () => {
    const ws = path.join(realpathSync(tempDir()), 'ws');
    mkdirSync(ws);
    const settings = callSettings(
      { verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'codex', run_id: 'finish-1' },
      { env: {}, caller: 'cli' },
    );
    const admitted = await admitCall(settings);
    if ('answer' in admitted) throw new Error(`refused: ${admitted.answer.blockers[0]}`);
    try {
      const started = await startCall(admitted.call);
      if ('answer' in started) throw new Error(`not started: ${started.answer.blockers[0]}`);
      const snapshot = path.join(ws, '.peer-bridge', 'snapshots', 'finish-1.json');
      expect(existsSync(snapshot)).toBe(true);
      const { records: atStart } = await new Ledger(ws).read();
      expect(atStart).toMatchObject([{ type: 'start', run_id: 'finish-1', runner: 'codex', direction: 'cli->codex' }]);

      const envelope = await finishCall(started.call, { error: new Error('the outcome was lost') });
      expect(envelope).toMatchObject({ run_id: 'finish-1', status: 'blocked', direction: 'cli->codex' });
      expect(envelope.blockers[0]).toContain('peer-bridge failed while finishing the call: the outcome was lost');
      const { records } = await new Ledger(ws).read();
      expect(records.map((r) => r.type)).toEqual(['start', 'settle']);
      expect(records[1]).toMatchObject({ run_id: 'finish-1', status: envelope.status });
      expect(existsSync(snapshot)).toBe(false);
    } finally {
      admitted.call.release();
    }
  });
});
