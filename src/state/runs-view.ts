// The runs view: ledger records joined per call (a start with its settlement, or the result of a
// call that never started), as `peer-bridge runs` and bridge_status show them.
import type { LedgerRecord, ResultRecord, SettleRecord, StartRecord } from './ledger-records.js';

/** One call as `peer-bridge runs` shows it. */
export interface RunSummary {
  run_id: string | null;
  verb: string;
  runner: string | null;
  direction: string | null;
  /**
   * The settlement status (`unknown` after recovery), `running` while its process lives,
   * `interrupted` when that process is gone but no server has settled it yet, or the result of a
   * call that never started.
   */
  status: string;
  started_at: string;
  settled_at: string | null;
  duration_seconds: number | null;
  incident: string | null;
  reason: string | null;
}

/** A run summary and, for a started call, the owner that ran it. */
export interface JoinedRun {
  summary: RunSummary;
  owner: string | null;
}

/** A started call joined with its settlement (`running` without one). */
export function startRun(start: StartRecord, settle?: SettleRecord): JoinedRun {
  return {
    owner: start.owner,
    summary: {
      run_id: start.run_id,
      verb: start.verb,
      runner: start.runner,
      direction: start.direction,
      status: settle?.status ?? 'running',
      started_at: start.at,
      settled_at: settle?.at ?? null,
      duration_seconds: settle?.duration_seconds ?? null,
      incident: settle?.incident ?? null,
      reason: settle?.reason ?? null,
    },
  };
}

/** A call that never started, as its result record says. */
export function resultRun(result: ResultRecord): JoinedRun {
  return {
    owner: null,
    summary: {
      run_id: result.run_id,
      verb: result.tool,
      runner: null,
      direction: null,
      status: result.status,
      started_at: result.at,
      settled_at: result.at,
      duration_seconds: 0,
      incident: null,
      reason: `${result.code}: ${result.reason}`,
    },
  };
}

/**
 * Joins records in ledger order into one entry per call, oldest first: a start with its
 * settlement, a result on its own. A settlement without its start is ignored. O(n) in records.
 * Records may span rotated files (oldest first): a start carried into the next file counts once.
 */
export function joinRuns(records: Iterable<LedgerRecord>): JoinedRun[] {
  const byId = new Map<string, { start: StartRecord; run: JoinedRun }>();
  const list: JoinedRun[] = [];
  for (const record of records) {
    if (record.type === 'start') {
      // A call open at a rotation has its start copied into the next file: one run, listed once.
      if (byId.has(record.run_id)) continue;
      const run = startRun(record);
      byId.set(record.run_id, { start: record, run });
      list.push(run);
    } else if (record.type === 'settle') {
      const entry = byId.get(record.run_id);
      if (entry) entry.run.summary = startRun(entry.start, record).summary;
    } else if (record.type === 'result') {
      list.push(resultRun(record));
    }
  }
  return list;
}

/**
 * Marks running calls whose owner process is gone as `interrupted` (a start is not running any
 * more once its process is gone, even before a server settles it). Asks once per owner.
 */
export async function markInterrupted(runs: JoinedRun[], isAlive: (owner: string) => Promise<boolean>): Promise<void> {
  const alive = new Map<string, boolean>();
  for (const { summary, owner } of runs) {
    if (summary.status !== 'running' || owner === null) continue;
    if (!alive.has(owner)) alive.set(owner, await isAlive(owner));
    if (!alive.get(owner)) {
      summary.status = 'interrupted';
      summary.reason = 'its process ended before the call settled; the next server start settles it as unknown';
    }
  }
}
