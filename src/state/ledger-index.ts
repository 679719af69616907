// What a process needs from the ledger, kept in memory and caught up incrementally: the run ids
// used (for `run_id` uniqueness) and the calls still open (for recovery). One index per workspace
// and process; a catch-up reads only what was appended since the last one, so a call's cost does
// not grow with the ledger. Rotation (ledger.ts) keeps the current file bounded, which bounds the
// one full read a fresh process makes.
import { parseLine, usesRunId, type LedgerRecord, type StartRecord } from './ledger-records.js';
import { openForReading, readLinesForward } from './ledger-lines.js';

export class LedgerIndex {
  /** Run ids used in the current ledger file (carried to the next file at rotation). */
  readonly used = new Set<string>();
  /** Run ids carried over from the file before the current one. */
  readonly carried = new Set<string>();
  /** Started calls without a settlement, by run id. */
  readonly open = new Map<string, StartRecord>();
  /** Lines of the current file that were not records. */
  skipped = 0;
  /** Records of the current file. */
  records = 0;
  /** Records written to the current file since it began (not carried over): rotation needs one. */
  fresh = 0;
  // Identity and consumed length of the file the index reflects.
  #dev = -1;
  #ino = -1;
  #offset = 0;
  #chain: Promise<void> = Promise.resolve();

  constructor(readonly file: string) {}

  /**
   * Reads what was appended to the ledger since the last catch-up. O(appended bytes); O(file) the
   * first time and after the file was rotated or replaced. Serialised, so records apply once.
   */
  catchUp(): Promise<void> {
    const run = this.#chain.catch(() => undefined).then(() => this.#catchUp());
    this.#chain = run;
    return run;
  }

  async #catchUp(): Promise<void> {
    const handle = await openForReading(this.file);
    if (!handle) return this.#reset(-1, -1);
    try {
      const stat = await handle.stat();
      if (stat.dev !== this.#dev || stat.ino !== this.#ino || stat.size < this.#offset) this.#reset(stat.dev, stat.ino);
      if (stat.size <= this.#offset) return;
      this.#offset = await readLinesForward(handle, this.#offset, stat.size, (line) => {
        if (line.trim() === '') return;
        const record = parseLine(line);
        if (record) this.apply(record);
        else this.skipped += 1;
      });
    } finally {
      await handle.close();
    }
  }

  /** Adds one record's effect. O(1) (O(k) for a record carrying k run ids). */
  apply(record: LedgerRecord): void {
    this.records += 1;
    if (record.type !== 'carried' && !(record.type === 'start' && record.carried_from !== undefined)) this.fresh += 1;
    switch (record.type) {
      case 'start':
        this.used.add(record.run_id);
        this.open.set(record.run_id, record);
        break;
      case 'settle':
        this.open.delete(record.run_id);
        break;
      case 'result':
        if (record.run_id !== null && usesRunId(record, record.run_id)) this.used.add(record.run_id);
        break;
      case 'carried':
        for (const runId of record.run_ids) this.carried.add(runId);
        break;
    }
  }

  /** Whether a call already used `runId` (as of the last catch-up). O(1). */
  has(runId: string): boolean {
    return this.used.has(runId) || this.carried.has(runId);
  }

  #reset(dev: number, ino: number): void {
    this.used.clear();
    this.carried.clear();
    this.open.clear();
    this.fresh = 0;
    this.skipped = 0;
    this.records = 0;
    this.#dev = dev;
    this.#ino = ino;
    this.#offset = 0;
  }
}

// One index per ledger file and process.
const indexes = new Map<string, LedgerIndex>();

export function ledgerIndex(file: string): LedgerIndex {
  let index = indexes.get(file);
  if (!index) indexes.set(file, (index = new LedgerIndex(file)));
  return index;
}
