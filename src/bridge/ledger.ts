// The call ledger, .peer-bridge/ledger.jsonl: one JSON line per event. A call's start is durable
// (fsynced) before its child is spawned and its settlement is appended after, so a crash leaves an
// unpaired start that the next server settles as `unknown` exactly once: never replayed.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, lstat, open, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { EnvelopeError } from '../envelope/errors.js';
import { stateDirectory, transcriptsDir } from '../envelope/paths.js';
import { partialTranscriptPath } from '../envelope/transcript.js';
import { fsyncDirectory, lock, renameNoReplace, type LockHandle } from '../native/index.js';

export const STATE_DIR = '.peer-bridge';
export const LEDGER_FILE = 'ledger.jsonl';

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
  task_preview?: string;
  at: string;
}

export type LedgerRecord = StartRecord | SettleRecord | ResultRecord;

export interface LedgerContents {
  records: LedgerRecord[];
  /** Lines that did not parse (a torn last line after a crash). */
  skipped: number;
}

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
}

// One owner id per process and ledger directory, held as a lock for the process's lifetime: a
// recovering server knows an owner is dead when it can take that lock.
const owners = new Map<string, Promise<{ id: string; handle: LockHandle }>>();
// In-process queue in front of the cross-process lock, so local appends do not poll each other.
const queues = new Map<string, Promise<unknown>>();

// Owner ids as owner() makes them: they become lock-file names, so nothing else may pass.
const OWNER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const orNull = <T>(check: (value: unknown) => value is T) => (value: unknown): value is T | null => value === null || check(value);
const optionalString = (value: unknown) => value === undefined || isString(value);

// The ledger lives in the workspace, where a peer or a person can write anything: a line is a
// record only when every field the readers use has its type (an owner id is also a file name).
function isRecord(value: Record<string, unknown>): value is LedgerRecord & Record<string, unknown> {
  switch (value.type) {
    case 'start':
      return (
        [value.run_id, value.verb, value.runner, value.direction, value.at].every(isString) &&
        [value.budget_seconds, value.depth, value.pid].every(isNumber) &&
        isString(value.owner) &&
        OWNER_ID.test(value.owner) &&
        optionalString(value.task_preview)
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
        optionalString(value.task_preview)
      );
    default:
      return false;
  }
}

function parseLine(line: string): LedgerRecord | null {
  try {
    const value: unknown = JSON.parse(line);
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && isRecord(value as Record<string, unknown>)) return value as LedgerRecord;
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

/** start() with `fresh` found the run_id already used in this ledger. */
export class RunIdTaken extends Error {
  readonly runId: string;
  constructor(runId: string) {
    super(`run_id ${JSON.stringify(runId)} was already used in this workspace`);
    this.name = 'RunIdTaken';
    this.runId = runId;
  }
}

/** The ledger of one workspace. Cheap to construct; files are created on first append. */
export class Ledger {
  readonly workspace: string;
  readonly dir: string;
  readonly file: string;

  constructor(workspace: string) {
    this.workspace = workspace;
    this.dir = path.join(workspace, STATE_DIR);
    this.file = path.join(this.dir, LEDGER_FILE);
  }

  /** This process's owner id (taking its liveness lock on first use). */
  async owner(): Promise<string> {
    let entry = owners.get(this.dir);
    if (!entry) {
      // Under the ledger lock, so a recovery never sees the lock file between its creation and
      // its locking (and unlinks it as a dead owner's).
      entry = this.#locked(async () => {
        await stateDirectory(this.workspace, `${STATE_DIR}/owners`);
        const id = `${process.pid}-${randomBytes(6).toString('hex')}`;
        const handle = await lock(this.#ownerLock(id), { wait: false });
        return { id, handle };
      });
      owners.set(this.dir, entry);
      entry.catch(() => owners.delete(this.dir));
    }
    return (await entry).id;
  }

  /**
   * At a clean exit, once every call of this process is settled: drops this process's owner lock
   * files, so `owners/` does not keep one file per `peer-bridge run`. Without its file an owner
   * counts as dead, which is true from here on, and none of its calls is open.
   */
  static async retireOwners(): Promise<void> {
    const held = [...owners.entries()];
    owners.clear();
    for (const [dir, entry] of held) {
      const ledger = new Ledger(path.dirname(dir));
      const owner = await entry.catch(() => null);
      if (!owner) continue;
      await ledger.#locked(async () => {
        await unlink(ledger.#ownerLock(owner.id)).catch(() => undefined);
        owner.handle.release();
      });
    }
  }

  /**
   * Appends a start record; resolves once it is on disk. With `fresh`, the run_id is checked under
   * the ledger lock and a used one (see has()) rejects with `RunIdTaken`, so two concurrent calls
   * that name the same run_id never both start.
   */
  async start(record: Omit<StartRecord, 'type' | 'owner' | 'pid' | 'at'>, options: { fresh?: boolean } = {}): Promise<StartRecord> {
    const owner = await this.owner();
    return this.#locked(async () => {
      if (options.fresh && (await this.has(record.run_id))) throw new RunIdTaken(record.run_id);
      const full: StartRecord = { type: 'start', ...record, owner, pid: process.pid, at: now() };
      await this.#append([full]);
      return full;
    });
  }

  async settle(record: Omit<SettleRecord, 'type' | 'at'>): Promise<void> {
    await this.#locked(() => this.#append([{ type: 'settle', ...record, at: now() }]));
  }

  async result(record: Omit<ResultRecord, 'type' | 'at'>): Promise<void> {
    await this.#locked(() => this.#append([{ type: 'result', ...record, at: now() }]));
  }

  async read(): Promise<LedgerContents> {
    try {
      return parseLedger(await readFile(this.file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], skipped: 0 };
      throw error;
    }
  }

  /**
   * Settles, as `unknown`, every started call whose owner process is gone. Runs under the ledger
   * lock and re-reads first, so concurrent recoveries settle each call exactly once.
   * Returns the run ids it settled.
   */
  async recover(): Promise<string[]> {
    const mine = await this.owner();
    return this.#locked(async () => {
      const { records } = await this.read();
      const open = new Map<string, StartRecord>();
      for (const record of records) {
        if (record.type === 'start') open.set(record.run_id, record);
        else if (record.type === 'settle') open.delete(record.run_id);
      }
      const dead = new Set<string>();
      const alive = new Set<string>([mine]);
      for (const start of open.values()) {
        if (alive.has(start.owner) || dead.has(start.owner)) continue;
        (await this.#ownerIsAlive(start.owner)) ? alive.add(start.owner) : dead.add(start.owner);
      }
      const settled = [...open.values()].filter((start) => dead.has(start.owner));
      for (const start of settled) await this.#publishPartialTranscript(start.run_id);
      const at = now();
      await this.#append(
        settled.map((start): SettleRecord => ({
          type: 'settle',
          run_id: start.run_id,
          status: 'unknown',
          incident: null,
          duration_seconds: null,
          at,
          reason: `the process that ran this call (pid ${start.pid}) ended before it settled; not replayed`,
        })),
      );
      // Lock files of every other dead owner go too, so they do not pile up across restarts.
      const lockFiles = await readdir(path.join(this.dir, 'owners')).catch(() => [] as string[]);
      for (const name of lockFiles) {
        const owner = name.replace(/\.lock$/, '');
        if (!name.endsWith('.lock') || alive.has(owner)) continue;
        if (dead.has(owner) || !(await this.#ownerIsAlive(owner))) await unlink(this.#ownerLock(owner)).catch(() => undefined);
      }
      return settled.map((start) => start.run_id);
    });
  }

  /**
   * Whether a call already used `runId`: it started, or it ended in an envelope (a refusal).
   * A call rejected for bad input never got that far, so its run_id is free for the corrected call.
   */
  async has(runId: string): Promise<boolean> {
    return (await this.read()).records.some((record) => record.run_id === runId && !(record.type === 'result' && record.status === 'rejected'));
  }

  /** The most recent calls, newest first. */
  async runs(limit = 20): Promise<RunSummary[]> {
    const { records } = await this.read();
    const byId = new Map<string, RunSummary>();
    const startOwners = new Map<string, string>();
    const list: RunSummary[] = [];
    for (const record of records) {
      if (record.type === 'start') {
        const summary: RunSummary = {
          run_id: record.run_id,
          verb: record.verb,
          runner: record.runner,
          direction: record.direction,
          task_preview: record.task_preview ?? null,
          status: 'running',
          started_at: record.at,
          settled_at: null,
          duration_seconds: null,
          incident: null,
          reason: null,
        };
        byId.set(record.run_id, summary);
        startOwners.set(record.run_id, record.owner);
        list.push(summary);
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
          run_id: record.run_id,
          // MCP rejections name the tool (bridge_advise): show its verb, as started calls do.
          verb: record.tool.replace(/^bridge_(implement|advise|review)$/, '$1'),
          runner: null,
          direction: record.direction ?? null,
          task_preview: record.task_preview ?? null,
          status: record.status,
          started_at: record.at,
          settled_at: record.at,
          duration_seconds: 0,
          incident: null,
          reason: `${record.code}: ${record.reason}`,
        });
      }
    }
    const recent = list.slice(-limit).reverse();
    // A start whose process is gone is not running any more, even before a server settles it.
    const owners = new Map<string, boolean>();
    for (const summary of recent) {
      if (summary.status !== 'running' || summary.run_id === null) continue;
      const owner = startOwners.get(summary.run_id);
      if (owner === undefined) continue;
      if (!owners.has(owner)) owners.set(owner, owner === (await this.#ownOwner()) || (await this.#ownerIsAlive(owner)));
      if (!owners.get(owner)) {
        summary.status = 'interrupted';
        summary.reason = 'its process ended before the call settled; the next server start settles it as unknown';
      }
    }
    return recent;
  }

  // This process's owner id if it has one, without creating it.
  async #ownOwner(): Promise<string | null> {
    const entry = owners.get(this.dir);
    return entry ? (await entry).id : null;
  }

  // The head of an interrupted run's transcript, spilled while it ran, becomes its transcript:
  // marked as interrupted, published under the usual name, never replacing a file. Best effort.
  async #publishPartialTranscript(runId: string): Promise<void> {
    const dir = path.join(this.workspace, transcriptsDir);
    const partial = path.join(this.workspace, partialTranscriptPath(runId));
    try {
      if ((await lstat(dir)).isSymbolicLink()) return;
      const handle = await open(partial, constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0));
      try {
        const note = 'the bridge process ended before this run settled; this is the start of its transcript';
        await handle.appendFile(`${JSON.stringify({ type: 'transcript.interrupted', run_id: runId, note })}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      renameNoReplace(partial, path.join(dir, `${runId}.jsonl`));
    } catch {
      // No partial file (the run never got that far), or a transcript is already there.
    }
  }

  #ownerLock(owner: string): string {
    return path.join(this.dir, 'owners', `${owner}.lock`);
  }

  // A live owner holds its lock file from before its first start record, so a missing file means
  // a dead owner (a copied ledger, a removed owners/ folder): probing must not create one. Owners
  // never make links, so a symbolic link there (ELOOP from the lock, which does not follow it) was
  // put by someone else: no owner holds it.
  async #ownerIsAlive(owner: string): Promise<boolean> {
    const file = this.#ownerLock(owner);
    try {
      await access(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    try {
      const probe = await lock(file, { wait: false });
      probe.release();
      return false;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return true;
      if (code === 'ELOOP') return false;
      throw error;
    }
  }

  // Serialises in-process first, then across processes with an exclusive lock file.
  async #locked<T>(fn: () => Promise<T>): Promise<T> {
    const previous = queues.get(this.dir) ?? Promise.resolve();
    const run = previous.catch(() => undefined).then(async () => {
      // The workspace is writable by a peer: its links must not lead the harness's writes elsewhere.
      await stateDirectory(this.workspace, STATE_DIR);
      const lockFile = path.join(this.dir, 'ledger.lock');
      await refuseSymlink(lockFile);
      const handle = await lock(lockFile);
      try {
        return await fn();
      } finally {
        handle.release();
      }
    });
    queues.set(this.dir, run);
    return run;
  }

  // Called under the lock. A torn last line (a crash mid-write) is closed off with a newline first,
  // so the new record stays parseable.
  async #append(records: LedgerRecord[]): Promise<void> {
    if (records.length === 0) return;
    const flags = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
    const handle = await open(this.file, flags, 0o666).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOOP' || error.code === 'EMLINK') await refuseSymlink(this.file);
      throw error;
    });
    try {
      const { size } = await handle.stat();
      let text = records.map((record) => JSON.stringify(record)).join('\n') + '\n';
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) text = '\n' + text;
      }
      await handle.appendFile(text, 'utf8');
      await handle.sync();
      if (size === 0) fsyncDirectory(this.dir);
    } finally {
      await handle.close();
    }
  }
}

// Throws a clear error when `file` is a symbolic link. The native lock refuses a link by itself
// (ELOOP, race-free); this check is there for the message.
async function refuseSymlink(file: string): Promise<void> {
  const stat = await lstat(file).catch(() => null);
  if (stat?.isSymbolicLink()) {
    throw new EnvelopeError(
      'ENVELOPE_STATE_SYMLINK',
      `${path.join(STATE_DIR, path.basename(file))} is a symbolic link; peer-bridge writes its state only into real files of the workspace`,
    );
  }
}

function now(): string {
  return new Date().toISOString();
}
