// The runs view: ledger records joined per call (a start with its settlement, or the result of a
// call that never started), as `peer-bridge runs` and bridge_status show them.
import type { LedgerRecord } from './ledger-records.js';

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

/**
 * Joins records in ledger order into one entry per call, oldest first: a start with its
 * settlement, a result on its own. A settlement without its start is ignored. O(n) in records.
 */
export function joinRuns(records: Iterable<LedgerRecord>): JoinedRun[] {
  const byId = new Map<string, RunSummary>();
  const list: JoinedRun[] = [];
  for (const record of records) {
    if (record.type === 'start') {
      const summary: RunSummary = {
        run_id: record.run_id,
        verb: record.verb,
        runner: record.runner,
        direction: record.direction,
        status: 'running',
        started_at: record.at,
        settled_at: null,
        duration_seconds: null,
        incident: null,
        reason: null,
      };
      byId.set(record.run_id, summary);
      list.push({ summary, owner: record.owner });
    } else if (record.type === 'settle') {
      const summary = byId.get(record.run_id);
      if (!summary) continue;
      Object.assign(summary, {
        status: record.status,
        settled_at: record.at,
        duration_seconds: record.duration_seconds,
        incident: record.incident,
        reason: record.reason ?? null,
      });
    } else {
      list.push({
        owner: null,
        summary: {
          run_id: record.run_id,
          verb: record.tool,
          runner: null,
          direction: null,
          status: record.status,
          started_at: record.at,
          settled_at: record.at,
          duration_seconds: 0,
          incident: null,
          reason: `${record.code}: ${record.reason}`,
        },
      });
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
