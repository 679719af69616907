// What changed in a repository's work tree since the snapshot's last `git status`, told to that
// status through Git's fsmonitor hook protocol (version 2), so that Git looks only at those paths
// instead of one lstat per tracked file (at 100,000 files that was most of a status). Linux only:
// one inotify watch per folder (fs.watch; libuv reads every watch of the process from one queue, in
// the order the kernel queued the events), kept for the life of the process, one source a workspace.
//
// Never a missed change: anything this source cannot vouch for is answered "/" (Git then looks at
// every file, as without a monitor), namely
// - a token not issued by this source for the copy of the index Git read (another process, a copy
//   made again, a status that failed), or older than what the source still remembers;
// - a folder created, removed or moved (a new folder's files may predate its watch);
// - a batch of events large enough that the kernel's queue may have overflowed (libuv drops the
//   overflow notice itself), a path that is not valid UTF-8, or too many paths to hand over;
// - a barrier not passed: before answering, a cookie file is made in a watched folder and the answer
//   waits for its event, so every change made before the answer was asked for has been read.
// The source stops for good (every status then looks at every file) when the workspace is not on a
// local file system it knows, holds another file system, has too many folders, or its root or the
// cookie folder goes away.
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  statfsSync,
  unlinkSync,
  watch,
  type FSWatcher,
} from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { STATE_DIR } from '../vocabulary.js';
import { cacheFolder, snapshotCacheDir } from './snapshot-index.js';

// statfs f_type of the file systems whose inotify events cover every local change: ext2/3/4, XFS,
// Btrfs, tmpfs, F2FS. Network and FUSE file systems (a change made by another machine, or a
// server process, makes no event here) and overlays are left out.
const LOCAL_FILE_SYSTEMS = new Set([0xef53, 0x58465342, 0x9123683e, 0x01021994, 0xf2f52010]);
/** Most folders watched; a larger tree is not watched at all. */
export const MAX_WATCHED_FOLDERS = 20_000;

/**
 * Most folders this source may watch: MAX_WATCHED_FOLDERS, and never more than a quarter of the
 * user's inotify watches (`max_user_watches`, 8,192 on older kernels), which editors, file
 * watchers of build tools and other servers draw on too: the bridge never leaves them short.
 */
export function folderLimit(): number {
  try {
    const max = Number(readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8').trim());
    return Number.isSafeInteger(max) && max > 0 ? Math.min(MAX_WATCHED_FOLDERS, Math.floor(max / 4)) : 0;
  } catch {
    return 0;
  }
}
// Most remembered events; past it the oldest tokens are answered "/".
const MAX_LOG = 10_000;
// Most bytes of paths handed to the hook (an environment variable is at most 128 KiB on Linux).
const MAX_ANSWER = 32 * 1024;
// How long an answer waits for its cookie before it answers "/".
const BARRIER_MS = 2000;
// How long the user's index must be still before the copy made from it is brought up to date.
const WARM_DELAY_MS = 300;

const EVERYTHING = null;

function queueLimit(): number {
  try {
    const max = Number(readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim());
    // A quarter: libuv drops events for watches already closed, which are not counted here.
    return Number.isSafeInteger(max) && max > 0 ? Math.max(1, Math.floor(max / 4)) : 4096;
  } catch {
    return 4096;
  }
}

/** An answer for one status: the token to hand back, and the paths changed since the one asked about. */
export interface MonitorAnswer {
  /** The token Git must have read for `paths` to hold (null: none is known, answer "/"). */
  since: string | null;
  /** Null: everything. */
  paths: string[] | null;
  /** The token to hand back, with `paths` or "/": this source's time now. */
  token: string;
}

/**
 * What the source saw: a path changed, everything (null), or a folder made, removed or moved.
 * A folder change is answered "/" unless the folder was made after the token Git holds and is gone
 * again when the answer is made (a scratch folder, such as Codex's `.codex` and `.agents` during a
 * call): then nothing of it was in the index or Git's untracked cache at that token, nothing of it
 * is there now, and its name alone (its parent's listing read again) is the whole change.
 */
interface LogEntry {
  seq: number;
  path: string | null;
  folder?: { rel: string; born: number | null };
}

export class ChangeSource {
  readonly id = randomBytes(8).toString('hex');
  private seq = 0;
  private log: LogEntry[] = [];
  /** Folders first seen by an event of theirs (made, or moved in), with the entry that said so. */
  private readonly born = new Map<string, number>();
  /** Tokens below this are answered "/" (the log no longer reaches them). */
  private floor = 0;
  private readonly watchers = new Map<string, { watcher: FSWatcher; ino: bigint }>();
  private readonly cookies = new Map<string, () => void>();
  private readonly issued = new Map<string, string>();
  private batch = 0;
  private batchResetting = false;
  private readonly limit: number;
  private readonly maxFolders: number;
  private rootDev = 0n;
  private readonly cacheRel = snapshotCacheDir;
  private indexWatch: { file: string; watcher: FSWatcher; warm: () => Promise<unknown> } | null = null;
  private warmTimer: NodeJS.Timeout | undefined;
  private warming = false;
  private warmAgain = false;
  /** How many times a copy of a changed user's index was brought up to date. */
  warmed = 0;
  private warmScheduled = false;
  // Waiting for a state of the warm-ups: resolved when `ready()` holds (or the source stops).
  private warmWaiters: { ready: () => boolean; resolve: () => void }[] = [];
  private stoppedWith!: (why: string) => void;
  /** Resolves with why, once the source has stopped. */
  readonly stopped = new Promise<string>((resolve) => (this.stoppedWith = resolve));
  ready = false;
  dead: string | null = null;
  readonly started: Promise<void>;

  constructor(
    readonly root: string,
    options: { queueLimit?: number; maxFolders?: number } = {},
  ) {
    this.limit = options.queueLimit ?? queueLimit();
    this.maxFolders = options.maxFolders ?? folderLimit();
    this.started = this.start().catch((error: unknown) => this.stop(`could not start: ${(error as Error).message}`));
  }

  private async start(): Promise<void> {
    const type = statfsSync(this.root).type;
    if (!LOCAL_FILE_SYSTEMS.has(type)) return this.stop(`file system type 0x${type.toString(16)} is not known local`);
    this.rootDev = lstatSync(this.root, { bigint: true }).dev;
    await cacheFolder(this.root);
    if (!this.watchDir(this.cacheRel)) return this.stop('the cookie folder cannot be watched');
    const queue = [''];
    let count = 0;
    while (queue.length > 0 && this.dead === null) {
      const dir = queue.shift()!;
      queue.push(...this.watchAndList(dir));
      if (++count % 16 === 0) await nextTurn();
    }
    if (this.dead === null) this.ready = true;
  }

  /** Stops for good: every answer is then "/". */
  stop(why: string): void {
    this.dead ??= why;
    this.stoppedWith(this.dead);
    this.ready = false;
    for (const { watcher } of this.watchers.values()) watcher.close();
    this.watchers.clear();
    for (const resolve of this.cookies.values()) resolve();
    this.indexWatch?.watcher.close();
    this.indexWatch = null;
    clearTimeout(this.warmTimer);
    this.warmScheduled = false;
    this.warmChanged();
  }

  /**
   * Watches the user's index (`file`): when Git replaces it (a `git add`, a commit, a checkout), the
   * next status would read a new copy, without what an earlier status told Git, and look at every
   * file; `warm`, a status of that new copy, runs once the index has been still for a moment, so the
   * next call does not wait for it. Correctness does not depend on it: it is one more status.
   */
  watchIndex(file: string, warm: () => Promise<unknown>): void {
    if (this.dead !== null) return;
    if (this.indexWatch?.file === file) {
      this.indexWatch.warm = warm;
      return;
    }
    this.indexWatch?.watcher.close();
    this.indexWatch = null;
    try {
      const name = path.basename(file);
      const watcher = watch(path.dirname(file), { persistent: false }, (_type, changed) => {
        this.countBatch(); // the same kernel queue
        if (changed === name) this.scheduleWarm();
      });
      watcher.on('error', () => {
        watcher.close();
        if (this.indexWatch?.watcher === watcher) this.indexWatch = null;
      });
      this.indexWatch = { file, watcher, warm };
    } catch {
      // not watched: the first status after the index changed looks at every file
    }
  }

  /** Resolves once the copy has been brought up to date `count` times in all. */
  warmedTimes(count: number): Promise<void> {
    return this.warmState(() => this.warmed >= count);
  }

  /** Resolves once no status of a changed index's copy is waiting to run or running. */
  warmIdle(): Promise<void> {
    return this.warmState(() => !this.warming && !this.warmScheduled);
  }

  private warmState(ready: () => boolean): Promise<void> {
    if (ready() || this.dead !== null) return Promise.resolve();
    return new Promise((resolve) => this.warmWaiters.push({ ready, resolve }));
  }

  private warmChanged(): void {
    const done = this.warmWaiters.filter((waiter) => this.dead !== null || waiter.ready());
    this.warmWaiters = this.warmWaiters.filter((waiter) => !done.includes(waiter));
    for (const waiter of done) waiter.resolve();
  }

  private scheduleWarm(): void {
    clearTimeout(this.warmTimer);
    this.warmScheduled = true;
    this.warmTimer = setTimeout(() => {
      this.warmScheduled = false;
      void this.runWarm();
    }, WARM_DELAY_MS);
    this.warmTimer.unref();
  }

  private async runWarm(): Promise<void> {
    if (this.warming) {
      this.warmAgain = true;
      return;
    }
    this.warming = true;
    try {
      await this.indexWatch?.warm().catch(() => undefined);
      this.warmed += 1;
    } finally {
      this.warming = false;
    }
    if (this.warmAgain && this.dead === null) {
      this.warmAgain = false;
      this.scheduleWarm();
    }
    this.warmChanged();
  }

  close(): void {
    this.stop('closed');
  }

  private skipped(rel: string): boolean {
    const name = path.posix.basename(rel);
    return name === '.git' || rel === STATE_DIR;
  }

  // Watches `rel` first, then lists it (a folder made in between makes an event), and gives its
  // subfolders still to watch. False-y (stops the source) past the bounds or on another file system.
  private watchAndList(rel: string): string[] {
    if (this.skipped(rel) || this.watchers.has(rel)) return [];
    if (!this.watchDir(rel)) return [];
    let entries;
    try {
      entries = readdirSync(path.join(this.root, rel), { withFileTypes: true });
    } catch {
      this.note(EVERYTHING); // gone since: the event of its removal says so too
      return [];
    }
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => (rel === '' ? entry.name : `${rel}/${entry.name}`));
  }

  private watchDir(rel: string): boolean {
    if (this.watchers.size >= this.maxFolders) {
      this.stop(`more than ${this.maxFolders} folders`);
      return false;
    }
    const absolute = path.join(this.root, rel);
    try {
      const stat = lstatSync(absolute, { bigint: true });
      if (!stat.isDirectory()) return false;
      if (stat.dev !== this.rootDev) {
        this.stop(`${rel} is another file system`);
        return false;
      }
      const watcher = watch(absolute, { persistent: false }, (type, name) => this.event(rel, type, name));
      watcher.on('error', () => this.lost(rel));
      this.watchers.set(rel, { watcher, ino: stat.ino });
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        this.note(EVERYTHING);
        return false;
      }
      this.stop(`cannot watch ${rel || 'the workspace'}: ${code ?? (error as Error).message}`);
      return false;
    }
  }

  // A watched folder that went away, was replaced, or whose watch failed: its subtree's watches go,
  // and whatever folder is there now is watched afresh.
  private lost(rel: string): void {
    if (rel === '' || rel === this.cacheRel) return this.stop(`${rel || 'the workspace'} went away`);
    const born = this.born.get(rel);
    for (const [dir, { watcher }] of this.watchers) {
      if (dir === rel || dir.startsWith(`${rel}/`)) {
        watcher.close();
        this.watchers.delete(dir);
        this.born.delete(dir);
      }
    }
    this.noteFolder(rel, born ?? null);
    // A folder there now is watched afresh; one gone is noted already (not "everything" again).
    let there = false;
    try {
      there = lstatSync(path.join(this.root, rel)).isDirectory();
    } catch {
      // gone
    }
    if (there) this.watchTree(rel);
  }

  /** Watches `rel` and every folder below it; `born`: they were first seen by an event at that entry. */
  private watchTree(rel: string, born?: number): void {
    const queue = [rel];
    while (queue.length > 0 && this.dead === null) {
      const dir = queue.shift()!;
      const below = this.watchAndList(dir);
      if (born !== undefined && this.watchers.has(dir)) this.born.set(dir, born);
      queue.push(...below);
    }
  }

  /** A folder made, removed or moved; `born`: the entry that first saw it (null: there before any). */
  private noteFolder(rel: string, born: number | null): number {
    this.seq += 1;
    this.log.push({ seq: this.seq, path: null, folder: { rel, born } });
    this.trimLog();
    return this.seq;
  }

  // A folder made after `from` and gone now: its name is the whole change (see LogEntry).
  private scratchFolder({ rel, born }: { rel: string; born: number | null }, from: number): string | null {
    if (born === null || born <= from) return EVERYTHING;
    try {
      lstatSync(path.join(this.root, rel));
      return EVERYTHING;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' || code === 'ENOTDIR' ? rel : EVERYTHING;
    }
  }

  private note(changed: string | null): void {
    this.seq += 1;
    this.log.push({ seq: this.seq, path: changed });
    this.trimLog();
  }

  private trimLog(): void {
    if (this.log.length > MAX_LOG) {
      this.log = [];
      this.floor = this.seq;
    }
  }

  // The kernel drops events once its queue is full, and libuv drops the notice that it did: a read
  // of the queue large enough that it may have been full answers "/" for any token before its end.
  // A read goes on with no turn of the loop until the queue is empty (events made meanwhile, such
  // as a cookie made in a callback, are read in it too), so the count is reset at the next turn.
  private countBatch(): void {
    this.batch += 1;
    if (this.batch === this.limit) this.note(EVERYTHING);
    if (!this.batchResetting) {
      this.batchResetting = true;
      setImmediate(() => {
        if (this.batch >= this.limit) this.note(EVERYTHING);
        this.batch = 0;
        this.batchResetting = false;
      });
    }
  }

  private event(dir: string, type: string, name: string | Buffer | null): void {
    if (this.dead !== null) return;
    this.countBatch();
    if (typeof name !== 'string' || name === '' || name.includes('\uFFFD')) return this.note(EVERYTHING);
    // libuv names the watched folder itself (removed, moved, its watch gone) by its own name.
    const self = type === 'rename' && name === (dir === '' ? path.basename(this.root) : path.posix.basename(dir));
    if (dir === this.cacheRel) {
      if (self) this.stop('the cookie folder went away');
      this.cookies.get(name)?.();
      return;
    }
    const rel = dir === '' ? name : `${dir}/${name}`;
    if (rel === STATE_DIR || rel.startsWith(`${STATE_DIR}/`)) return; // our own state: never in a snapshot
    if (self && dir === '') this.checkRoot();
    // Perhaps only a file of the folder's name: then watching the folder afresh costs a "/", no more.
    else if (self) this.lost(dir);
    if (type === 'rename') this.renamed(rel);
    this.note(rel);
  }

  // The workspace itself removed or moved: its folder is no longer the one watched.
  private checkRoot(): void {
    try {
      const stat = lstatSync(this.root, { bigint: true });
      if (stat.isDirectory() && stat.ino === this.watchers.get('')?.ino) return;
    } catch {
      // gone
    }
    this.stop('the workspace went away');
  }

  // Made, removed or moved: a folder there now, or watched there before, means a folder changed.
  // One watched there is watched afresh (a folder removed and made again may have the same inode
  // number, and its watch is on the removed one).
  private renamed(rel: string): void {
    if (this.watchers.has(rel)) return this.lost(rel);
    let isDir = false;
    try {
      isDir = lstatSync(path.join(this.root, rel)).isDirectory();
    } catch {
      // gone
    }
    if (!isDir) return;
    const seq = this.noteFolder(rel, this.seq + 1);
    if (!this.skipped(rel)) this.watchTree(rel, seq);
  }

  // Resolves once every event queued before it was made has been read (false: not in time).
  private async barrier(): Promise<boolean> {
    const name = `fsmonitor-cookie-${this.id}-${randomBytes(6).toString('hex')}`;
    const file = path.join(this.root, ...this.cacheRel.split('/'), name);
    let timer: NodeJS.Timeout | undefined;
    const seen = new Promise<boolean>((resolve) => {
      this.cookies.set(name, () => resolve(this.dead === null));
      timer = setTimeout(() => resolve(false), BARRIER_MS);
    });
    try {
      closeSync(openSync(file, constants.O_WRONLY | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600));
      return await seen;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      this.cookies.delete(name);
      try {
        unlinkSync(file);
      } catch {
        // gone already
      }
    }
  }

  private changedSince(since: string | null): string[] | null {
    const match = since === null ? null : new RegExp(`^pb-${this.id}-(\\d+)$`).exec(since);
    const from = match ? Number(match[1]) : -1;
    if (from < this.floor) return null;
    const paths = new Set<string>();
    let bytes = 0;
    for (const entry of this.log) {
      if (entry.seq <= from) continue;
      const changed = entry.folder ? this.scratchFolder(entry.folder, from) : entry.path;
      if (changed === EVERYTHING) return null;
      if (!paths.has(changed)) bytes += Buffer.byteLength(changed) + 1;
      paths.add(changed);
      if (bytes > MAX_ANSWER) return null;
    }
    return [...paths];
  }

  /**
   * What a status of the index copy `copy` should be told, or null when this source cannot answer
   * (not watching yet, or stopped): that status then runs without it.
   */
  async answer(copy: string): Promise<MonitorAnswer | null> {
    if (!this.ready) return null;
    const since = this.issued.get(copy) ?? null;
    const passed = await this.barrier();
    if (!this.ready) return null;
    // Always a new token: a path named again would make Git read its folder again, and so write
    // the copy again, at every status.
    const token = `pb-${this.id}-${this.seq}`;
    return { since, paths: passed ? this.changedSince(since) : null, token };
  }

  /** After the status: whether Git read and kept `answer` (the copy then holds its token). */
  settle(copy: string, answer: MonitorAnswer, ok: boolean): void {
    this.issued.delete(copy);
    if (ok) this.issued.set(copy, answer.token);
    // Copies of an older index are swept in time: the oldest tokens go first.
    while (this.issued.size > 8) this.issued.delete(this.issued.keys().next().value!);
  }
}
