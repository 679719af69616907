// Several processes on one file, each with its own workbench and the shared cross-process locks:
// concurrent creates have one winner that nobody overwrites; concurrent edits lose no update.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startWorkers, stopWorkers } from './children.js';
import { AcceptanceFailure, expectEqual, pass, type Sequence } from './types.js';

const CREATORS = 4;
const EDITORS = 3;
const ROUNDS = 10;

export const concurrencySequences: Sequence[] = [
  {
    id: 'concurrent-create',
    sequence: `${CREATORS} processes observe a file absent, then all create it at once: one winner, never overwritten`,
    async run({ dir }) {
      const workers = await startWorkers(CREATORS, (i) => ({
        mode: 'create',
        dir,
        path: 'made.txt',
        content: `process ${i}\n`,
      }));
      try {
        const ready = await Promise.all(workers.map((w) => w.next()));
        expectEqual(
          ready.map((m) => m.ready),
          Array(CREATORS).fill('FS_NOT_FOUND'),
          'each read_file before the race',
        );
        // Released together once all are waiting: the creates really race.
        for (const w of workers) w.send({ go: true });
        const results = (await Promise.all(workers.map((w) => w.next()))).map(
          (m) => m.result as { ok: boolean; code?: string },
        );
        const winners = results.flatMap((r, i) => (r.ok ? [i] : []));
        if (winners.length !== 1)
          throw new AcceptanceFailure(`expected one winner, got ${winners.length}: ${JSON.stringify(results)}`);
        expectEqual(
          results.filter((r) => !r.ok).map((r) => r.code),
          Array(CREATORS - 1).fill('FS_EXISTS'),
          "the losers' codes",
        );
        expectEqual(readFileSync(path.join(dir, 'made.txt'), 'utf8'), `process ${winners[0]}\n`, 'content');
        return pass(`process ${winners[0]} created made.txt; ${CREATORS - 1} × FS_EXISTS; content is the winner's`);
      } finally {
        await stopWorkers(workers);
      }
    },
  },
  {
    id: 'concurrent-edits',
    sequence:
      `${EDITORS} processes each add 1 to a counter file ${ROUNDS} times (re-reading when stale): ` + 'no lost update',
    async run({ dir }) {
      writeFileSync(path.join(dir, 'counter.txt'), '0\n');
      const workers = await startWorkers(EDITORS, () => ({
        mode: 'counter',
        dir,
        path: 'counter.txt',
        rounds: ROUNDS,
      }));
      try {
        const done = await Promise.all(workers.map((w) => w.next()));
        const stale = done.reduce((sum, m) => sum + Number(m.stale), 0);
        expectEqual(readFileSync(path.join(dir, 'counter.txt'), 'utf8'), `${EDITORS * ROUNDS}\n`, 'final counter');
        return pass(
          `counter = ${EDITORS * ROUNDS} after ${EDITORS} × ${ROUNDS} edits; ` +
            `${stale} stale edit(s) refused and retried`,
        );
      } finally {
        await stopWorkers(workers);
      }
    },
  },
];
