// The records of the call ledger and how a line of it is read. The ledger lives in the workspace,
// where a peer or a person can write anything: a line is a record only when every field the
// readers use has its type (an owner id is also a file name).

/** A call about to spawn its child. `owner` identifies the live process that ran it. */
export interface StartRecord {
  type: 'start';
  run_id: string;
  verb: string;
  runner: string;
  direction: string;
  budget_seconds: number;
  depth: number;
  /** The task on one line, cut short (older ledgers have none). */
  task_preview?: string;
  owner: string;
  pid: number;
  at: string;
  /** Set on the copy of an open call's start carried into a new file at rotation: that file's name. */
  carried_from?: string;
  /** Seconds the call waited for its writer turn and peer slot; absent when it did not wait. */
  queued_seconds?: number;
}

/** How a started call ended; `unknown` when its process died before saying. */
export interface SettleRecord {
  type: 'settle';
  run_id: string;
  status: string;
  incident: string | null;
  duration_seconds: number | null;
  at: string;
  reason?: string;
  /** What the call used and cost, as its envelope said (absent in older ledgers; see run-usage.ts). */
  model?: string | null;
  effort?: string | null;
  effort_substituted?: { requested: string; applied: string; reason: string } | null;
  cost?: number | null;
  tokens?: Record<string, number>;
}

/** A call that never started (bad input, refusal): its explicit result. */
export interface ResultRecord {
  type: 'result';
  run_id: string | null;
  tool: string;
  status: string;
  code: string;
  reason: string;
  /** As the call's envelope had it, when it got that far (a refusal); absent for bad input. */
  direction?: string;
  /** The task on one line, cut short. */
  task_preview?: string;
  /** A refusal's runner (as far as it was known) and incident file, as its envelope had them. */
  runner?: string;
  incident?: string | null;
  /** Seconds a call cancelled while it waited for its peer had waited. */
  queued_seconds?: number;
  at: string;
}

/**
 * First line of a rotated-to ledger file: the run ids of the file before it, so `run_id`
 * uniqueness reaches back one whole file without reading it. (Open calls are carried as copies of
 * their start records.)
 */
export interface CarriedRecord {
  type: 'carried';
  run_ids: string[];
  /** The archive file the ids come from (name only). */
  from: string;
  at: string;
}

/**
 * Transcripts and incidents that retention removed (retention.ts): appended before they are
 * removed, so `runs` can say a call's transcript was pruned rather than lost.
 */
export interface PrunedRecord {
  type: 'pruned';
  /** Workspace-relative paths of the removed files. */
  paths: string[];
  /** Why, in a few words: the age or size limit that removed them. */
  reason: string;
  at: string;
}

export type LedgerRecord = StartRecord | SettleRecord | ResultRecord | CarriedRecord | PrunedRecord;

export interface LedgerContents {
  records: LedgerRecord[];
  /** Lines that did not parse (a torn last line after a crash). */
  skipped: number;
}

// Owner ids as owners.ts makes them: they become lock-file names, so nothing else may pass.
export const OWNER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const optionalString = (value: unknown) => value === undefined || isString(value);
const optionalNumber = (value: unknown) => value === undefined || isNumber(value);
const orNull =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || check(value);

function isRecord(value: Record<string, unknown>): value is LedgerRecord & Record<string, unknown> {
  switch (value.type) {
    case 'start':
      return (
        [value.run_id, value.verb, value.runner, value.direction, value.at].every(isString) &&
        [value.budget_seconds, value.depth, value.pid].every(isNumber) &&
        isString(value.owner) &&
        OWNER_ID.test(value.owner) &&
        optionalString(value.carried_from) &&
        optionalString(value.task_preview) &&
        optionalNumber(value.queued_seconds)
      );
    case 'settle':
      return (
        [value.run_id, value.status, value.at].every(isString) &&
        orNull(isString)(value.incident) &&
        orNull(isNumber)(value.duration_seconds) &&
        (value.reason === undefined || isString(value.reason))
      );
    case 'result':
      return (
        orNull(isString)(value.run_id) &&
        [value.tool, value.status, value.code, value.reason, value.at].every(isString) &&
        optionalString(value.direction) &&
        optionalString(value.task_preview) &&
        optionalString(value.runner) &&
        optionalNumber(value.queued_seconds) &&
        (value.incident === undefined || orNull(isString)(value.incident))
      );
    case 'carried':
      return (
        Array.isArray(value.run_ids) && value.run_ids.every(isString) && isString(value.from) && isString(value.at)
      );
    case 'pruned':
      return Array.isArray(value.paths) && value.paths.every(isString) && isString(value.reason) && isString(value.at);
    default:
      return false;
  }
}

/** One ledger line as a record, or null (torn, malformed or foreign). */
export function parseLine(line: string): LedgerRecord | null {
  try {
    const value: unknown = JSON.parse(line);
    if (
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      isRecord(value as Record<string, unknown>)
    ) {
      return value as LedgerRecord;
    }
  } catch {
    // torn line: skipped and counted
  }
  return null;
}

/** Reads ledger text, tolerating torn, malformed or foreign lines (skipped and counted). */
export function parseLedger(text: string): LedgerContents {
  const records: LedgerRecord[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const record = parseLine(line);
    if (record) records.push(record);
    else skipped += 1;
  }
  return { records, skipped };
}

/** Whether `record` shows `runId` as used: it started, or it ended in an envelope (a refusal). */
export function usesRunId(record: LedgerRecord, runId: string): boolean {
  if (record.type === 'carried') return record.run_ids.includes(runId);
  if (record.type === 'pruned') return false;
  return record.run_id === runId && !(record.type === 'result' && record.status === 'rejected');
}

/** The run id a record is about (null for a carried-ids or pruned record and a run-less result). */
export function runIdOf(record: LedgerRecord): string | null {
  return record.type === 'carried' || record.type === 'pruned' ? null : record.run_id;
}
