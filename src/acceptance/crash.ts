// A bridge call whose process dies between its start record and its result: the next recovery
// settles it as `unknown` exactly once and never replays it.
import { Ledger } from '../state/ledger.js';
import { startWorker } from './children.js';
import { expectEqual, pass, type Sequence } from './types.js';

export const crashSequences: Sequence[] = [
  {
    id: 'crash-recovered-unknown',
    sequence: "a process killed between a call's start and its result: recovered once as unknown, never replayed",
    async run({ dir }) {
      const runId = 'acceptance-crash-1';
      const worker = startWorker({ mode: 'ledger-start', dir, runId });
      try {
        expectEqual((await worker.next()).started, runId, 'start record written');
      } finally {
        worker.child.kill('SIGKILL');
      }
      const ended = await worker.ended;
      const ledger = new Ledger(dir);
      const before = (await ledger.runs()).find((run) => run.run_id === runId)?.status;
      expectEqual(before, 'interrupted', 'status of the killed call before recovery');
      const first = await ledger.recover();
      const second = await ledger.recover();
      expectEqual([first, second], [[runId], []], 'run ids settled by two recoveries');
      const after = (await ledger.runs()).find((run) => run.run_id === runId)?.status;
      expectEqual(after, 'unknown', 'status after recovery');
      const starts = (await ledger.read()).records.filter((r) => r.type === 'start' && r.run_id === runId).length;
      expectEqual(starts, 1, 'start records of the run (no replay)');
      await Ledger.retireOwners();
      return pass(
        `killed (${ended}) after its start record; runs said "interrupted"; ` +
          'recovery settled it "unknown" once; second recovery settled nothing',
      );
    },
  },
];
