// Run state for the retention tests (test/state/ on the pruner itself, test/mcp/ through a real
// server): transcripts and incidents as real files of a chosen size and age, and calls in the real
// ledger, settled or still open.
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Ledger } from '../../src/state/ledger.js';

export const DAY = 86_400_000;

export const transcript = (id: string) => `.peer-bridge/transcripts/${id}.jsonl`;
export const incident = (id: string) => `.peer-bridge/incidents/20261101T000000.000Z-${id}-timeout.json`;

/** A real file of `bytes` bytes, last written `ageMs` ago. */
export function put(workspace: string, relative: string, bytes: number, ageMs: number): void {
  const file = path.join(workspace, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x'.repeat(bytes));
  const when = (Date.now() - ageMs) / 1000;
  utimesSync(file, when, when);
}

/** A call started in the ledger and, when `settle`, settled: complete, or timed out with its incident. */
export async function call(ledger: Ledger, id: string, settle = true, failed = false): Promise<void> {
  await ledger.start({
    run_id: id,
    verb: 'advise',
    runner: 'codex',
    direction: 'cli->codex',
    budget_seconds: 1,
    depth: 0,
  });
  if (settle)
    await ledger.settle({
      run_id: id,
      status: failed ? 'timeout' : 'complete',
      incident: failed ? incident(id) : null,
      duration_seconds: 1,
    });
}
