// The call ledger, .peer-bridge/ledger.jsonl: one JSON line per event. A call's start is durable
// (fsynced) before its child is spawned and its settlement is appended after, so a crash leaves an
// unpaired start that the next server settles as `unknown` exactly once: never replayed.
//
// Costs (n: records in the current file, a: bytes appended since this process last looked):
// start/settle/result O(a) plus one fsync; has O(a); recover O(a + open calls); runs(k) O(k)
// records read back from the end. Past `maxBytes` the file is rotated to an archive, so a fresh
// process's first look is O(maxBytes), never O(history). read() and records() are O(history).
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, open, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { promises as nativeFs } from '../native/index.js';
import { replaceFileAtomic } from './atomic-write.js';
import { STATE_DIR } from '../vocabulary.js';
import { ledgerIndex, type LedgerIndex } from './ledger-index.js';
import { ledgerArchives, readAllRecords, readBackward, streamRecords } from './ledger-history.js';
import {
  parseLedger,
  type CarriedRecord,
  type LedgerContents,
  type LedgerRecord,
  type PrunedRecord,
  type ResultRecord,
  type SettleRecord,
  type StartRecord,
} from './ledger-records.js';
import {
  heldOwner,
  ownerIsAlive,
  ownerLockPath,
  ownOwner,
  refuseSymlink,
  retireOwners,
  withLedgerLock,
} from './owners.js';
import { ensureStateIgnored, LEDGER_FILE, ledgerPath, ownersDir, resolveInWorkspace } from './paths.js';
import { markInterrupted, newestRuns, type RunSummary } from './runs-view.js';
import { writeHandoff } from './handoff.js';
import { publishInterruptedTranscript } from './transcript-recovery.js';

/** Size past which the ledger is rotated to an archive before the next append. */
export const DEFAULT_LEDGER_MAX_BYTES = 8 * 1024 * 1024;
/** Archives kept next to the ledger (`ledger.<time>.jsonl`); older ones are removed at rotation. */
export const LEDGER_ARCHIVES_KEPT = 4;
const PRUNED_PER_RECORD = 200;

export interface LedgerOptions {
  /** Rotation threshold in bytes (default 8 MiB: a fresh process's one full look stays short). */
  maxBytes?: number;
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
  readonly maxBytes: number;
  readonly #index: LedgerIndex;

  constructor(workspace: string, options: LedgerOptions = {}) {
    this.workspace = workspace;
    this.dir = resolveInWorkspace(workspace, STATE_DIR);
    this.file = resolveInWorkspace(workspace, ledgerPath);
    this.maxBytes = Math.max(1, options.maxBytes ?? DEFAULT_LEDGER_MAX_BYTES);
    this.#index = ledgerIndex(this.file);
  }

  /** This process's owner id (taking its liveness lock on first use). */
  owner(): Promise<string> {
    return ownOwner(this.workspace);
  }

  /** At a clean exit, once every call of this process is settled: see owners.ts. */
  static retireOwners(): Promise<void> {
    return retireOwners();
  }

  /**
   * Appends a start record; resolves once it is on disk. With `fresh`, the run_id is checked under
   * the ledger lock and a used one (see has()) rejects with `RunIdTaken`, so two concurrent calls
   * that name the same run_id never both start.
   */
  async start(
    record: Omit<StartRecord, 'type' | 'owner' | 'pid' | 'at'>,
    options: { fresh?: boolean } = {},
  ): Promise<StartRecord> {
    const owner = await this.owner();
    return withLedgerLock(this.workspace, async () => {
      if (options.fresh && (await this.has(record.run_id))) throw new RunIdTaken(record.run_id);
      const full: StartRecord = { type: 'start', ...record, owner, pid: process.pid, at: now() };
      await this.#append([full]);
      return full;
    });
  }

  async settle(record: Omit<SettleRecord, 'type' | 'at'>): Promise<void> {
    await withLedgerLock(this.workspace, () => this.#append([{ type: 'settle', ...record, at: now() }]));
  }

  async result(record: Omit<ResultRecord, 'type' | 'at'>): Promise<void> {
    await withLedgerLock(this.workspace, () => this.#append([{ type: 'result', ...record, at: now() }]));
  }

  /**
   * Appends what retention is about to remove, before it removes it (at most 200 paths a line,
   * so no record grows without bound).
   */
  async pruned(paths: readonly string[], reason: string): Promise<void> {
    if (paths.length === 0) return;
    const at = now();
    const records: PrunedRecord[] = [];
    for (let i = 0; i < paths.length; i += PRUNED_PER_RECORD) {
      records.push({ type: 'pruned', paths: paths.slice(i, i + PRUNED_PER_RECORD), reason, at });
    }
    await withLedgerLock(this.workspace, () => this.#append(records));
  }

  /**
   * Run ids of the calls started and not settled, in every process (running, or interrupted and
   * not yet recovered): the calls whose files retention keeps. O(appended bytes).
   */
  async openRunIds(): Promise<Set<string>> {
    await this.#index.catchUp();
    return new Set(this.#index.open.keys());
  }

  /** The records of the current file (not its archives). O(n): for tests and doctor, not calls. */
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
    return withLedgerLock(this.workspace, async () => {
      // State folders made before they carried a .gitignore get one here, once per server start.
      await ensureStateIgnored(this.workspace);
      // Only calls that can be open: the index (carried starts make the current file enough).
      await this.#index.catchUp();
      const open = new Map(this.#index.open);
      const dead = new Set<string>();
      const alive = new Set<string>([mine]);
      for (const start of open.values()) {
        if (alive.has(start.owner) || dead.has(start.owner)) continue;
        if (await ownerIsAlive(this.workspace, start.owner)) alive.add(start.owner);
        else dead.add(start.owner);
      }
      const settled = [...open.values()].filter((start) => dead.has(start.owner));
      for (const start of settled) await publishInterruptedTranscript(this.workspace, start.run_id);
      const at = now();
      // Best effort: a handoff that cannot be written must not keep the call unsettled.
      for (const start of settled) await writeHandoff(this.workspace, start, at).catch(() => undefined);
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
      const lockFiles = await readdir(resolveInWorkspace(this.workspace, ownersDir)).catch(() => [] as string[]);
      for (const name of lockFiles) {
        const owner = name.replace(/\.lock$/, '');
        if (!name.endsWith('.lock') || alive.has(owner)) continue;
        if (dead.has(owner) || !(await ownerIsAlive(this.workspace, owner))) {
          await unlink(ownerLockPath(this.workspace, owner)).catch(() => undefined);
        }
      }
      return settled.map((start) => start.run_id);
    });
  }

  /**
   * Whether a call already used `runId`: it started, or it ended in an envelope (a refusal).
   * A call rejected for bad input never got that far, so its run_id is free for the corrected call.
   */
  async has(runId: string): Promise<boolean> {
    await this.#index.catchUp();
    return this.#index.has(runId);
  }

  /** The most recent calls, newest first, read back from the end of the ledger. O(limit) records. */
  async runs(limit = 20): Promise<RunSummary[]> {
    const recent = await newestRuns(async (onRecord) => readBackward(await this.#newestFirst(), onRecord), limit);
    const mine = await heldOwner(this.workspace);
    await markInterrupted(recent, async (owner) => owner === mine || (await ownerIsAlive(this.workspace, owner)));
    return recent.map((run) => run.summary);
  }

  /**
   * Every record of the whole history (archives oldest first, then the current file), with the
   * count of lines that did not parse. O(history) time and memory: for reports, not for calls.
   */
  async readAll(): Promise<LedgerContents> {
    return readAllRecords(await this.#oldestFirst());
  }

  /** The last `count` records (oldest first), across rotated files. O(count) records read back. */
  async lastRecords(count: number): Promise<LedgerRecord[]> {
    const out: LedgerRecord[] = [];
    if (count > 0) {
      await readBackward(await this.#newestFirst(), (record) => {
        out.push(record);
        return out.length < count;
      });
    }
    return out.reverse();
  }

  /** Every record from the oldest archive to the end of the current file. O(history), streaming. */
  async *records(): AsyncGenerator<LedgerRecord> {
    yield* streamRecords(await this.#oldestFirst());
  }

  /** Absolute paths of the rotated ledger files, newest first. */
  archives(): Promise<string[]> {
    return ledgerArchives(this.dir);
  }

  async #newestFirst(): Promise<string[]> {
    return [this.file, ...(await this.archives())];
  }

  async #oldestFirst(): Promise<string[]> {
    return [...(await this.archives()).reverse(), this.file];
  }

  // Called under the lock. A torn last line (a crash mid-write) is closed off with a newline first,
  // so the new record stays parseable.
  async #append(records: LedgerRecord[]): Promise<void> {
    if (records.length === 0) return;
    let text = records.map((record) => JSON.stringify(record)).join('\n') + '\n';
    let handle = await this.#openForAppend();
    if ((await handle.stat()).size + Buffer.byteLength(text) > this.maxBytes) {
      await this.#index.catchUp();
      if (this.#index.fresh > 0) {
        await handle.close();
        await this.#rotate();
        handle = await this.#openForAppend();
      }
    }
    try {
      const { size } = await handle.stat();
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) text = '\n' + text;
      }
      await handle.appendFile(text, 'utf8');
      await handle.sync();
      // On the thread pool: a directory fsync may take milliseconds, and calls run concurrently.
      if (size === 0) await nativeFs.fsyncDirectory(this.dir);
    } finally {
      await handle.close();
    }
  }

  async #openForAppend() {
    const flags = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
    return open(this.file, flags, 0o666).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOOP' || error.code === 'EMLINK') await refuseSymlink(this.workspace, this.file);
      throw error;
    });
  }

  // Called under the lock with the index caught up. The full file stays whole as an archive (a
  // hard link, so readers see either file complete); the new file begins with the run ids of the
  // archived one and copies of the starts still open, so uniqueness and recovery need only it.
  // O(open calls + run ids of the file).
  async #rotate(): Promise<void> {
    const stamp = new Date().toISOString().replace(/[-:]/g, '');
    let archive = path.join(this.dir, `ledger.${stamp}.jsonl`);
    await link(this.file, archive).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
      archive = path.join(this.dir, `ledger.${stamp}-${randomBytes(3).toString('hex')}.jsonl`);
      await link(this.file, archive);
    });
    const from = path.basename(archive);
    const at = now();
    const carried: CarriedRecord = { type: 'carried', run_ids: [...this.#index.used], from, at };
    const starts = [...this.#index.open.values()].map((start): StartRecord => ({ ...start, carried_from: from }));
    const text = [carried, ...starts].map((record) => JSON.stringify(record)).join('\n') + '\n';
    const temp = path.join(this.dir, `.${LEDGER_FILE}.${randomBytes(6).toString('hex')}.tmp`);
    await replaceFileAtomic(this.file, temp, text);
    for (const old of (await this.archives()).slice(LEDGER_ARCHIVES_KEPT)) await unlink(old).catch(() => undefined);
  }
}

function now(): string {
  return new Date().toISOString();
}
