// Retention of run state: transcripts and incidents older than the age limit, or beyond the size
// limit (oldest first), are removed at server start and after calls. Never a file of a call the
// ledger shows open (running, or interrupted and waiting for its recovery), never a running call's
// partial transcript, never a name the bridge does not write. Crash-safe: the ledger says what
// goes before it goes, each removal is one unlink of a file no open call needs, and a pass that
// stops half-way leaves files the next pass removes again.
import { lstat, unlink } from 'node:fs/promises';
import { lock } from '../native/index.js';
import { STATE_DIR } from '../vocabulary.js';
import { Ledger } from './ledger.js';
import { resolveInWorkspace } from './paths.js';
import type { RetentionSettings } from './retention-settings.js';
import { forgetStateFile, scanStateFiles, type StateFile } from './retention-scan.js';

export interface PruneOptions {
  /** The time ages are measured from (default: now). */
  now?: number;
  /** Called after each removal: the crash tests stop a pass there. */
  afterRemove?: (path: string) => void | Promise<void>;
}

/** What one pass did. */
export interface PruneReport {
  /** Workspace-relative paths removed, oldest first. */
  removed: string[];
  removedBytes: number;
  /** Files and bytes of transcripts and incidents left. */
  keptFiles: number;
  keptBytes: number;
  /** Why the pass did nothing, when another process was pruning or the state is unusable. */
  skipped?: string;
}

// A temporary file this young may be an atomic write under way; older ones are crash leftovers.
const TEMP_GRACE_MS = 60 * 60 * 1000;
// A partial transcript this young may belong to a call that has not reached the ledger yet (one
// waiting for its turn), whatever the age limit says.
const PARTIAL_GRACE_MS = 24 * 60 * 60 * 1000;

interface Choice {
  aged: StateFile[];
  oversize: StateFile[];
  keptFiles: number;
  keptBytes: number;
}

// Whether an open call still needs the file: its transcript (`<id>.jsonl`, `<id>-2.jsonl`), its
// partial head, its incidents (`<time>-<id>-<fault>.json`), or a temporary file being written.
function needed(file: StateFile, open: ReadonlySet<string>, now: number): boolean {
  if (file.kind === 'temp') return now - file.mtimeMs <= TEMP_GRACE_MS;
  if (file.kind === 'partial' && now - file.mtimeMs <= PARTIAL_GRACE_MS) return true;
  for (const id of open) if (file.stem === id || file.stem.startsWith(`${id}-`)) return true;
  return false;
}

/** Which files go: past the age limit, then the oldest until the rest fits the size limit. */
export function chooseRemovals(
  files: readonly StateFile[],
  open: ReadonlySet<string>,
  settings: RetentionSettings,
  now: number,
): Choice {
  const aged: StateFile[] = [];
  const rest: StateFile[] = [];
  let keptBytes = 0;
  for (const file of files) {
    const old = settings.maxAgeMs > 0 && now - file.mtimeMs > settings.maxAgeMs;
    if (old && !needed(file, open, now)) aged.push(file);
    else {
      rest.push(file);
      keptBytes += file.size;
    }
  }
  const oversize: StateFile[] = [];
  if (settings.maxBytes > 0 && keptBytes > settings.maxBytes) {
    // A partial transcript goes only by age: it is the head of a call that may still be running.
    const candidates = rest
      .filter((file) => file.kind !== 'partial' && !needed(file, open, now))
      .sort((a, b) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : 1));
    for (const file of candidates) {
      if (keptBytes <= settings.maxBytes) break;
      oversize.push(file);
      keptBytes -= file.size;
    }
  }
  const byAge = (a: StateFile, b: StateFile) => a.mtimeMs - b.mtimeMs || (a.path < b.path ? -1 : 1);
  return { aged: aged.sort(byAge), oversize, keptFiles: rest.length - oversize.length, keptBytes };
}

// The file as it is now, when it is still the regular file that was chosen (same size and time).
async function unchanged(workspace: string, file: StateFile): Promise<boolean> {
  const stat = await lstat(resolveInWorkspace(workspace, file.path)).catch(() => null);
  const same = stat !== null && stat.isFile() && stat.size === file.size && stat.mtimeMs === file.mtimeMs;
  if (!same) forgetStateFile(workspace, file.path);
  return same;
}

export function describeAge(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'd'],
    [3_600_000, 'h'],
    [60_000, 'm'],
  ];
  const [size, unit] = units.find(([size]) => ms % size === 0) ?? [1000, 's'];
  return `${Math.round(ms / size)}${unit}`;
}

export function describeSize(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * One retention pass over a workspace's transcripts and incidents. Cheap when nothing is over a
 * limit (two folder listings; only new files are stat'ed); otherwise it takes the state folder's
 * retention lock (another process pruning means this pass is not needed), reads the open calls
 * from the ledger, records what goes, and removes it.
 */
export async function pruneState(
  workspace: string,
  settings: RetentionSettings,
  options: PruneOptions = {},
): Promise<PruneReport> {
  const now = options.now ?? Date.now();
  const files = await scanStateFiles(workspace);
  const first = chooseRemovals(files, new Set(), settings, now);
  const nothing = { removed: [], removedBytes: 0, keptFiles: first.keptFiles, keptBytes: first.keptBytes };
  if (first.aged.length === 0 && first.oversize.length === 0) return nothing;
  let held;
  try {
    held = await lock(resolveInWorkspace(workspace, `${STATE_DIR}/retention.lock`), { wait: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ...nothing, skipped: code === 'EAGAIN' ? 'another process is pruning' : String(error) };
  }
  try {
    const ledger = new Ledger(workspace);
    const choice = chooseRemovals(files, await ledger.openRunIds(), settings, now);
    const aged = await verified(workspace, choice.aged);
    const oversize = await verified(workspace, choice.oversize);
    // Said first, removed after: a crash in between leaves files the ledger calls pruned, which
    // the next pass removes; never a removal the ledger does not know of.
    await ledger.pruned(
      aged.map((file) => file.path),
      `older than ${describeAge(settings.maxAgeMs)}`,
    );
    await ledger.pruned(
      oversize.map((file) => file.path),
      `the oldest past the ${describeSize(settings.maxBytes)} limit`,
    );
    const removed: string[] = [];
    let removedBytes = 0;
    for (const file of [...aged, ...oversize]) {
      await unlink(resolveInWorkspace(workspace, file.path)).then(
        () => {
          removed.push(file.path);
          removedBytes += file.size;
        },
        () => undefined, // gone already (another pass, a person), or not ours to remove after all
      );
      forgetStateFile(workspace, file.path);
      await options.afterRemove?.(file.path);
    }
    return { removed, removedBytes, keptFiles: choice.keptFiles, keptBytes: choice.keptBytes };
  } finally {
    held.release();
  }
}

async function verified(workspace: string, files: StateFile[]): Promise<StateFile[]> {
  const out: StateFile[] = [];
  for (const file of files) if (await unchanged(workspace, file)) out.push(file);
  return out;
}

// One pass at a time per workspace in this process; calls that end during a pass ask for one more.
const passes = new Map<string, { running: Promise<void>; again: boolean }>();

/**
 * Runs a pass in the background (at server start, after a call); never rejects (a failure is a
 * warning). `onReport` hears what each pass did.
 */
export function scheduleRetention(
  workspace: string,
  settings: RetentionSettings,
  onReport?: (report: PruneReport) => void,
): void {
  const current = passes.get(workspace);
  if (current) {
    current.again = true;
    return;
  }
  const entry = { running: Promise.resolve(), again: true };
  entry.running = (async () => {
    while (entry.again) {
      entry.again = false;
      await pruneState(workspace, settings).then(onReport, (error: unknown) =>
        process.emitWarning(`peer-bridge: retention of ${workspace} failed: ${String(error)}`),
      );
    }
    passes.delete(workspace);
  })();
  passes.set(workspace, entry);
}

/** Resolves once every pass this process scheduled has finished (a server waits for it at exit). */
export async function retentionIdle(): Promise<void> {
  while (passes.size > 0) await Promise.all([...passes.values()].map((entry) => entry.running));
}
