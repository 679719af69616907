// The runs view: ledger records joined per call (a start with its settlement, or the result of a
// call that never started), as `peer-bridge runs` and bridge_status show them.
import type { LedgerRecord, PrunedRecord, ResultRecord, SettleRecord, StartRecord } from './ledger-records.js';
import { partialTranscriptPath, transcriptPath } from './paths.js';

/** One call as `peer-bridge runs` shows it. */
export interface RunSummary {
  run_id: string | null;
  verb: string;
  runner: string | null;
  direction: string | null;
  /** The task on one line, cut short; null when the ledger line has none. */
  task_preview: string | null;
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
  /**
   * When and why retention removed this call's transcript or incident (`paths`), as the ledger's
   * pruned records say; null while they are kept.
   */
  pruned: { at: string; reason: string; paths: string[] } | null;
  /** Seconds it waited for its writer turn and a peer slot before its peer started; null when it did not wait. */
  queued_seconds: number | null;
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
      task_preview: start.task_preview ?? null,
      status: settle?.status ?? 'running',
      started_at: start.at,
      settled_at: settle?.at ?? null,
      duration_seconds: settle?.duration_seconds ?? null,
      incident: settle?.incident ?? null,
      reason: settle?.reason ?? null,
      pruned: null,
      queued_seconds: start.queued_seconds ?? null,
    },
  };
}

/** A call that never started, as its result record says. */
export function resultRun(result: ResultRecord): JoinedRun {
  return {
    owner: null,
    summary: {
      run_id: result.run_id,
      // MCP rejections name the tool (bridge_advise): show its verb, as started calls do.
      verb: result.tool.replace(/^bridge_(implement|advise|review)$/, '$1'),
      runner: result.runner ?? null,
      direction: result.direction ?? null,
      task_preview: result.task_preview ?? null,
      status: result.status,
      started_at: result.at,
      settled_at: result.at,
      duration_seconds: 0,
      incident: result.incident ?? null,
      reason: `${result.code}: ${result.reason}`,
      pruned: null,
      queued_seconds: result.queued_seconds ?? null,
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
  const pruned: PrunedPaths = new Map();
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
    } else if (record.type === 'pruned') {
      notePruned(pruned, record);
    }
  }
  markPruned(list, pruned);
  return list;
}

/** Path → the pruned record that named it first (a pass that crashed may name a path again). */
export type PrunedPaths = Map<string, PrunedRecord>;

export function notePruned(pruned: PrunedPaths, record: PrunedRecord): void {
  for (const path of record.paths) {
    const seen = pruned.get(path);
    if (!seen || record.at < seen.at) pruned.set(path, record);
  }
}

/** Sets `pruned` on calls whose transcript or incident is among `pruned`. */
export function markPruned(runs: readonly JoinedRun[], pruned: PrunedPaths): void {
  if (pruned.size === 0) return;
  for (const { summary } of runs) {
    const own = summary.run_id === null ? [] : [transcriptPath(summary.run_id), partialTranscriptPath(summary.run_id)];
    const paths = [...own, ...(summary.incident ? [summary.incident] : [])].filter((path) => pruned.has(path));
    const record = paths.length > 0 ? pruned.get(paths[0]!)! : undefined;
    if (record) summary.pruned = { at: record.at, reason: record.reason, paths };
  }
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

/**
 * The newest `limit` calls, newest first, joined from the end of the ledger: `readBackward` hands
 * records from the newest back (until its callback returns false), so a settlement is met before
 * its start. Resolves early once `limit` calls are joined.
 */
export async function newestRuns(
  readBackward: (onRecord: (record: LedgerRecord) => boolean) => Promise<boolean>,
  limit: number,
): Promise<JoinedRun[]> {
  const settles = new Map<string, SettleRecord>();
  const started = new Set<string>();
  const copies = new Map<string, StartRecord>();
  const pruned: PrunedPaths = new Map();
  const out: JoinedRun[] = [];
  if (limit <= 0) return out;
  const complete = await readBackward((record) => {
    if (record.type === 'settle') {
      if (!settles.has(record.run_id)) settles.set(record.run_id, record);
    } else if (record.type === 'start') {
      // A copy carried across a rotation stands in only if its original was pruned (below).
      if (record.carried_from !== undefined) {
        if (!copies.has(record.run_id)) copies.set(record.run_id, record);
        return true;
      }
      if (started.has(record.run_id)) return true;
      started.add(record.run_id);
      out.push(startRun(record, settles.get(record.run_id)));
    } else if (record.type === 'result') {
      out.push(resultRun(record));
    } else if (record.type === 'pruned') {
      // Pruning follows a call's settlement, so it is met before the call's own records.
      notePruned(pruned, record);
    }
    return out.length < limit;
  });
  if (complete) {
    for (const [runId, copy] of copies) if (!started.has(runId)) out.push(startRun(copy, settles.get(runId)));
  }
  const newest = out.slice(0, limit);
  markPruned(newest, pruned);
  return newest;
}
