// The call ledger, .peer-bridge/ledger.jsonl: one JSON line per event. A call's start is durable
// (fsynced) before its child is spawned and its settlement is appended after, so a crash leaves an
// unpaired start that the next server settles as `unknown` exactly once: never replayed.
import { constants } from 'node:fs';
import { open, readdir, readFile, unlink } from 'node:fs/promises';
import { fsyncDirectory } from '../native/index.js';
import {
  parseLedger,
  usesRunId,
  type LedgerContents,
  type LedgerRecord,
  type ResultRecord,
  type SettleRecord,
  type StartRecord,
} from './ledger-records.js';
import { heldOwner, ownerIsAlive, ownerLockPath, ownOwner, refuseSymlink, retireOwners, withLedgerLock } from './owners.js';
import { ledgerPath, ownersDir, resolveInWorkspace, STATE_DIR } from './paths.js';
import { joinRuns, markInterrupted, type RunSummary } from './runs-view.js';
import { publishInterruptedTranscript } from './transcript-recovery.js';

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
    this.dir = resolveInWorkspace(workspace, STATE_DIR);
    this.file = resolveInWorkspace(workspace, ledgerPath);
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
  async start(record: Omit<StartRecord, 'type' | 'owner' | 'pid' | 'at'>, options: { fresh?: boolean } = {}): Promise<StartRecord> {
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
        (await ownerIsAlive(this.workspace, start.owner)) ? alive.add(start.owner) : dead.add(start.owner);
      }
      const settled = [...open.values()].filter((start) => dead.has(start.owner));
      for (const start of settled) await publishInterruptedTranscript(this.workspace, start.run_id);
      const at = now();
      await this.#append(
        settled.map(
          (start): SettleRecord => ({
            type: 'settle',
            run_id: start.run_id,
            status: 'unknown',
            incident: null,
            duration_seconds: null,
            at,
            reason: `the process that ran this call (pid ${start.pid}) ended before it settled; not replayed`,
          }),
        ),
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
    return (await this.read()).records.some((record) => usesRunId(record, runId));
  }

  /** The most recent calls, newest first. */
  async runs(limit = 20): Promise<RunSummary[]> {
    const { records } = await this.read();
    const recent = joinRuns(records).slice(-limit).reverse();
    const mine = await heldOwner(this.workspace);
    await markInterrupted(recent, async (owner) => owner === mine || (await ownerIsAlive(this.workspace, owner)));
    return recent.map((run) => run.summary);
  }

  // Called under the lock. A torn last line (a crash mid-write) is closed off with a newline first,
  // so the new record stays parseable.
  async #append(records: LedgerRecord[]): Promise<void> {
    if (records.length === 0) return;
    const flags = constants.O_RDWR | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
    const handle = await open(this.file, flags, 0o666).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOOP' || error.code === 'EMLINK') await refuseSymlink(this.workspace, this.file);
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

function now(): string {
  return new Date().toISOString();
}
