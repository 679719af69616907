// The bounded transcript of one run: JSON lines kept in memory up to a fixed budget (head and
// tail, with a marker of what was cut between them) and written atomically when the run settles,
// so memory stays flat however much a child prints. The head also goes to a `.partial.jsonl` file
// as the run goes, so a bridge that dies mid-run still leaves the start of the story behind
// (ledger recovery publishes it under the transcript's name).
// Every record carries `t_ms`, the milliseconds since the call started on a monotonic clock (so
// never decreasing, whatever the wall clock does), and the start record the wall-clock time.
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { writeNewFileAtomic } from './atomic-write.js';
import { ByteRing } from './byte-ring.js';
import {
  assertRunId,
  assertWorkspace,
  partialTranscriptPath,
  resolveInWorkspace,
  stateDirectory,
  transcriptPath,
  transcriptsDir,
  workspaceRelative,
} from './paths.js';
import { compactRecord, defaultOutputFields, type CompactOptions } from './transcript-compact.js';
import type { TranscriptStart } from '../generated/transcript-record.js';

export const defaultTranscriptLimit = 256 * 1024;

export interface TranscriptOptions {
  /** Absolute path of the workspace; the transcript goes to `.peer-bridge/transcripts/` in it. */
  workspace: string;
  runId: string;
  /** Upper bound of the file in bytes (default 256 KiB, at least 8 KiB). */
  limitBytes?: number;
  /** Property names whose string values are command output (default: output, stdout, …). */
  outputFields?: Iterable<string>;
}

export interface TranscriptStats {
  /** Records written by the caller. */
  records: number;
  /** Bytes of those records after compaction, before the budget. */
  bytes: number;
  /** Records dropped between head and tail. */
  cutRecords: number;
  cutBytes: number;
}

const markerReserve = 512;

/** Collects a run's events as JSON lines within a byte budget; `close()` writes the file. */
export class TranscriptWriter {
  readonly workspace: string;
  readonly runId: string;
  readonly limitBytes: number;
  private readonly compact: CompactOptions;
  private readonly maxRecordBytes: number;
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private head: string[] = [];
  private headBytes = 0;
  private headOpen = true;
  private tail: ByteRing | undefined;
  // The monotonic origin of `t_ms`, and when the head closed (the cut marker's time).
  private readonly origin = performance.now();
  private headEndMs = 0;
  private closing: Promise<string> | undefined;
  // Best effort: lines of the head on their way to the partial file, in order.
  private spillQueue: string[] = [];
  private spillChain: Promise<FileHandle | null> = Promise.resolve(null);
  private spillScheduled = false;
  private spillDead = false;
  readonly stats: TranscriptStats = { records: 0, bytes: 0, cutRecords: 0, cutBytes: 0 };
  /** Wall-clock time the transcript, and so its call, started (the start record's `started_at`). */
  readonly startedAt = new Date();

  constructor(options: TranscriptOptions) {
    assertWorkspace(options.workspace);
    assertRunId(options.runId);
    this.workspace = options.workspace;
    this.runId = options.runId;
    this.limitBytes = Math.max(8 * 1024, Math.floor(options.limitBytes ?? defaultTranscriptLimit));
    this.headLimit = Math.floor((this.limitBytes - markerReserve) / 2);
    this.tailLimit = this.limitBytes - markerReserve - this.headLimit;
    this.maxRecordBytes = Math.min(16 * 1024, this.tailLimit);
    this.compact = {
      outputFields: new Set(options.outputFields ?? defaultOutputFields),
      maxStringBytes: Math.min(4 * 1024, Math.floor(this.maxRecordBytes / 4)),
    };
    const start: TranscriptStart = {
      type: 'transcript.start',
      run_id: this.runId,
      limit_bytes: this.limitBytes,
      started_at: this.startedAt.toISOString(),
      t_ms: 0,
    };
    this.push(JSON.stringify(start), 0);
  }

  /** The workspace-relative path the transcript is meant to have (a taken name gets a suffix). */
  get plannedPath(): string {
    return transcriptPath(this.runId);
  }

  // Absolute path of the partial file that holds the head while the run goes.
  private get partialFile(): string {
    return resolveInWorkspace(this.workspace, partialTranscriptPath(this.runId));
  }

  get closed(): boolean {
    return this.closing !== undefined;
  }

  /** Milliseconds since the call started, as the records carry them. */
  elapsedMs(): number {
    return Math.round(performance.now() - this.origin);
  }

  /** Adds one record (any JSON-serialisable object, e.g. a runner event), stamped with `t_ms`; ignored after close. */
  write(record: object): void {
    if (this.closing) return;
    const tMs = this.elapsedMs();
    const compacted = stamped(compactRecord(record, this.compact), tMs);
    let line = JSON.stringify(compacted);
    let size = Buffer.byteLength(line, 'utf8');
    this.stats.records += 1;
    this.stats.bytes += size + 1;
    if (size + 1 > this.maxRecordBytes) {
      // Still too big after compaction (e.g. many long fields): keep what it was and a digest.
      const type = (record as { type?: unknown }).type;
      line = JSON.stringify({
        type: typeof type === 'string' ? type.slice(0, 100) : 'record',
        transcript_cut: { bytes: size, sha256: createHash('sha256').update(line).digest('hex') },
        t_ms: tMs,
      });
      size = Buffer.byteLength(line, 'utf8');
    }
    this.push(line, tMs, size);
  }

  private push(line: string, tMs: number, size = Buffer.byteLength(line, 'utf8')): void {
    const bytes = size + 1;
    if (this.headOpen && this.headBytes + bytes <= this.headLimit) {
      this.head.push(line);
      this.headBytes += bytes;
      this.spill(line);
      return;
    }
    if (this.headOpen) {
      this.headEndMs = tMs;
      this.spill(
        JSON.stringify({
          type: 'transcript.partial_end',
          note: 'later records were held in memory until the run settled',
          t_ms: tMs,
        }),
      );
    }
    this.headOpen = false;
    this.tail ??= new ByteRing(this.tailLimit);
    this.tail.push(line, bytes);
    this.stats.cutRecords = this.tail.droppedLines;
    this.stats.cutBytes = this.tail.droppedBytes;
  }

  // Queues a head line for the partial file; one write per turn of the event loop, never a
  // synchronous write on the path of a child's events.
  private spill(line: string): void {
    if (this.spillDead) return;
    this.spillQueue.push(line);
    if (this.spillScheduled) return;
    this.spillScheduled = true;
    this.spillChain = this.spillChain.then(async (handle) => {
      this.spillScheduled = false;
      if (this.spillDead) return handle;
      try {
        handle ??= await this.openSpill();
        const text = `${this.spillQueue.join('\n')}\n`;
        this.spillQueue = [];
        await handle.appendFile(text, 'utf8');
        return handle;
      } catch {
        // A transcript that cannot be spilled is still written whole at close.
        this.spillDead = true;
        await handle?.close().catch(() => undefined);
        return null;
      }
    });
  }

  private async openSpill(): Promise<FileHandle> {
    await stateDirectory(this.workspace, transcriptsDir);
    const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
    return open(this.partialFile, flags, 0o644);
  }

  /** Resolves when every head line queued so far is in the partial file (or spilling gave up). */
  async spilled(): Promise<void> {
    await this.spillChain;
  }

  // The whole transcript replaces the partial file: stop spilling, close and remove it.
  private async endSpill(file: string | null): Promise<void> {
    const hadFile = !this.spillDead;
    this.spillDead = true;
    const handle = await this.spillChain;
    await handle?.close().catch(() => undefined);
    if (hadFile && file !== null) await unlink(file).catch(() => undefined);
  }

  /**
   * Abandons a transcript that will never be written (its call was rejected after it opened):
   * removes the partial file. Later writes and close() then do nothing.
   */
  async discard(): Promise<void> {
    if (this.closing) return;
    this.closing = (async () => {
      // A transcripts folder a peer replaced is neither followed (no unlink through a link) nor
      // a reason to fail: the partial file, if any, is left where it is.
      const usable = await stateDirectory(this.workspace, transcriptsDir).then(
        () => true,
        () => false,
      );
      await this.endSpill(usable ? this.partialFile : null);
      this.head = [];
      this.tail = undefined;
      return this.plannedPath;
    })();
    await this.closing;
  }

  /** The transcript's bytes as they would be written now (head, cut marker, tail). */
  render(): Buffer {
    const lines = [...this.head];
    if (this.stats.cutRecords > 0) {
      lines.push(
        JSON.stringify({
          type: 'transcript.cut',
          records: this.stats.cutRecords,
          bytes: this.stats.cutBytes,
          note: `records between head and tail were dropped to keep the transcript within ${this.limitBytes} bytes`,
          // When the head closed: no later than the first record cut.
          t_ms: this.headEndMs,
        }),
      );
    }
    const head = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    return this.tail ? Buffer.concat([head, this.tail.contents()]) : head;
  }

  /**
   * Writes the transcript atomically and returns its workspace-relative path. Idempotent: later
   * calls return the same path. A run id whose file already exists gets a `-2`, `-3`… suffix.
   */
  close(): Promise<string> {
    this.closing ??= (async () => {
      const dir = await stateDirectory(this.workspace, transcriptsDir);
      await this.endSpill(this.partialFile);
      const written = await writeNewFileAtomic(dir, this.runId, '.jsonl', this.render());
      this.head = [];
      this.tail = undefined;
      return workspaceRelative(this.workspace, written);
    })();
    return this.closing;
  }
}

// The record with its time: `type` first ('record' when it has none, as for a cut record), the
// record's own fields in their order, then `t_ms` (the writer's, whatever the record said). Last,
// so a line reads as it did before records carried times, up to its end.
function stamped(record: unknown, tMs: number): Record<string, unknown> {
  if (record === null || typeof record !== 'object' || Array.isArray(record))
    return { type: 'record', value: record, t_ms: tMs };
  const { type, t_ms: _theirs, ...rest } = record as Record<string, unknown>;
  return { type: typeof type === 'string' ? type : 'record', ...rest, t_ms: tMs };
}

/** Opens the transcript of one run (its head is spilled to a partial file until `close()`). */
export function openTranscript(options: TranscriptOptions): TranscriptWriter {
  return new TranscriptWriter(options);
}
