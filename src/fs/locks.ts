// Mutations lock every file they touch by path and by native identity, in one global sorted order
// (so two mutations can never wait on each other in a cycle): first an in-process mutex, then a
// cross-process native lock on a lock file named by the key's hash.
import { hash } from 'node:crypto';
import path from 'node:path';
import {
  keepLockFile,
  lock as nativeLock,
  type FileIdentity,
  type KeptLockFile,
  type LockHandle,
  type LockOptions,
} from '../native/index.js';
import { FsError, errnoOf } from './errors.js';
import { prepareLockDir, type LockDirInfo } from './lock-dir.js';

export type LockKey = string;

export const pathKey = (abs: string): LockKey => `path:${abs}`;
/** Lock files that identity keys share: every replacing write gives a file a new identity. */
export const IDENTITY_LOCK_BUCKETS = 64;

/**
 * The identity lock of a file. Identities share IDENTITY_LOCK_BUCKETS lock files (by hash): a
 * lock file per identity would leave one new file in the lock directory per edit, forever. Two
 * files in one bucket only wait for each other briefly; one file always maps to one bucket.
 */
export const identityKey = (identity: FileIdentity): LockKey => {
  const digest = hash('sha256', `${identity.volume}:${identity.fileId}`, 'buffer');
  return `id:${digest.readUInt32BE(0) % IDENTITY_LOCK_BUCKETS}`;
};

/** In-process FIFO mutexes by key; several keys are taken in sorted order. */
export class KeyedQueue {
  private readonly tails = new Map<LockKey, Promise<void>>();

  private async one(key: LockKey): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
  }

  /**
   * Queues for every key; the places in line are taken synchronously, in call order, so callers
   * that call in order are served in order. Resolves to a release function.
   */
  acquire(keys: LockKey[]): Promise<() => void> {
    const waits = [...new Set(keys)].sort().map((key) => this.one(key));
    return Promise.all(waits).then((releases) => () => {
      for (const release of releases.reverse()) release();
    });
  }

  /** Takes one key, waiting for its turn (used between native locks to keep the global order). */
  take(key: LockKey): Promise<() => void> {
    return this.one(key);
  }

  /**
   * Takes one key now if nobody holds or waits for it, else undefined (nothing taken). O(1); it
   * never jumps the line, since it only succeeds when there is no line.
   */
  tryTake(key: LockKey): (() => void) | undefined {
    if (this.tails.has(key)) return undefined;
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(key, mine);
    return () => {
      release();
      if (this.tails.get(key) === mine) this.tails.delete(key);
    };
  }

  /** Every key now (see tryTake), or none of them. */
  tryAcquire(keys: LockKey[]): (() => void) | undefined {
    const releases: Array<() => void> = [];
    for (const key of [...new Set(keys)].sort()) {
      const release = this.tryTake(key);
      if (!release) {
        releaseInReverse(releases);
        return undefined;
      }
      releases.push(release);
    }
    return () => releaseInReverse(releases);
  }
}

function releaseInReverse(releases: Array<() => void>): void {
  for (const release of releases.reverse()) release();
  releases.length = 0;
}

// Shared by every workbench in this process.
const processQueue = new KeyedQueue();

/** How long a mutation waits for another process's lock before it gives up (FS_LOCK_TIMEOUT). */
export const DEFAULT_LOCK_TIMEOUT_MS = 60_000;

const LOCK_FILE_NAMES_KEPT = 4096;

/**
 * Lock files this process keeps open between calls, by path, most recently used last: taking a
 * kept file's lock again is one system call instead of an open (with O_CREAT, which also locks the
 * lock directory) and a close. Process-wide, so the descriptors kept stay bounded however many
 * workbenches a process opens: at most KEPT_LOCK_FILES (room for every identity bucket and 64 paths),
 * plus any held past that bound.
 */
const keptLockFiles = new Map<string, KeptLockFile>();
export const KEPT_LOCK_FILES = IDENTITY_LOCK_BUCKETS + 64;

function keptLockFile(file: string): KeptLockFile {
  let kept = keptLockFiles.get(file);
  if (kept) {
    keptLockFiles.delete(file);
  } else {
    kept = keepLockFile(file);
    // Close the least recently used that nobody holds (closing a held one would release its lock).
    for (const [oldFile, old] of keptLockFiles) {
      if (keptLockFiles.size < KEPT_LOCK_FILES) break;
      if (old.held) continue;
      old.close();
      keptLockFiles.delete(oldFile);
    }
  }
  keptLockFiles.set(file, kept);
  return kept;
}

/** How many lock files this process keeps open now (for tests). */
export function keptLockFileCount(): number {
  return keptLockFiles.size;
}

export class LockSet {
  private readonly dir: string;
  private readonly source: LockDirInfo['source'];
  private readonly timeoutMs: number;
  private made = false;
  // Lock file names by key: a hash per name, worth remembering for the files a session edits.
  private readonly files = new Map<LockKey, string>();

  /** `where`: a directory (as given by a caller), or the chosen directory with its source. */
  constructor(where: string | LockDirInfo, timeoutMs = DEFAULT_LOCK_TIMEOUT_MS) {
    const info = typeof where === 'string' ? { dir: where, source: 'option' as const } : where;
    this.dir = info.dir;
    this.source = info.source;
    this.timeoutMs = timeoutMs;
  }

  fileFor(key: LockKey): string {
    let file = this.files.get(key);
    if (file === undefined) {
      if (this.files.size >= LOCK_FILE_NAMES_KEPT) this.files.clear();
      file = path.join(this.dir, `${hash('sha256', key).slice(0, 40)}.lock`);
      this.files.set(key, file);
    }
    return file;
  }

  /** Takes all keys (deduplicated, sorted); the returned function releases them in reverse. */
  async acquire(keys: LockKey[]): Promise<() => void> {
    return this.tryAcquire(keys) ?? this.acquireInTurn(keys);
  }

  /**
   * Takes all keys at once without waiting, when no other call of this process holds or waits
   * for any of them and no other process holds their lock files; else undefined, with nothing
   * taken. The common, uncontended case costs no promise and no timer.
   */
  tryAcquire(keys: LockKey[]): (() => void) | undefined {
    if (!this.made) return undefined;
    const unique = [...new Set(keys)].sort();
    const releases: Array<() => void> = [];
    for (const key of unique) {
      const inProcess = processQueue.tryTake(key);
      if (!inProcess) break;
      releases.push(inProcess);
      let giveBack: () => void;
      try {
        giveBack = keptLockFile(this.fileFor(key)).tryTake();
      } catch {
        // Held elsewhere, or a problem the waiting path reports with its fix.
        break;
      }
      releases.push(giveBack);
    }
    // Two releases per key (this process's turn, the lock file): all taken, or give back what was.
    if (releases.length === 2 * unique.length) return () => releaseInReverse(releases);
    releaseInReverse(releases);
    return undefined;
  }

  private async acquireInTurn(keys: LockKey[]): Promise<() => void> {
    if (!this.made) this.makeDir();
    const releases: Array<() => void> = [];
    const releaseAll = (): void => {
      for (const release of releases.reverse()) release();
      releases.length = 0;
    };
    try {
      for (const key of [...new Set(keys)].sort()) {
        releases.push(await processQueue.take(key));
        const handle = await this.lockOne(key);
        releases.push(() => handle.release());
      }
    } catch (error) {
      releaseAll();
      throw error;
    }
    return releaseAll;
  }

  private makeDir(): void {
    prepareLockDir({ dir: this.dir, source: this.source });
    this.made = true;
  }

  // A failure on the lock file (a directory or a fifo planted there, no permission) is about the
  // lock path, not the file being edited: say which path and how to fix it.
  private unusable(key: LockKey, error: unknown): unknown {
    const errno = errnoOf(error);
    if (errno === undefined) return error;
    return new FsError(
      'FS_IO_ERROR',
      `lock file ${this.fileFor(key)} is unusable (${errno}); nothing was changed; ` +
        'remove whatever is at that path (or set PEER_BRIDGE_LOCK_DIR) and retry',
      { cause: error },
    );
  }

  // A stopped or hung process can hold a lock indefinitely; a caller is better served by a clear
  // error it can retry than by a call that never returns. Nothing has been changed at this point.
  // The first attempt does not wait, so an uncontended lock costs no timer.
  private async lockOne(key: LockKey): Promise<LockHandle> {
    const file = this.fileFor(key);
    try {
      return await this.lockOnce(file, { exclusive: true, wait: false });
    } catch (error) {
      if (errnoOf(error) !== 'EAGAIN') throw this.unusable(key, error);
    }
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      return await this.lockOnce(file, { exclusive: true, wait: true, signal });
    } catch (error) {
      if (!signal.aborted) throw this.unusable(key, error);
      throw new FsError(
        'FS_LOCK_TIMEOUT',
        `another process has held this file's lock for ${this.timeoutMs / 1000} s; nothing was changed, retry later`,
        { cause: error },
      );
    }
  }

  private async lockOnce(file: string, options: LockOptions): Promise<LockHandle> {
    try {
      return await nativeLock(file, options);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw error;
      // The directory went away under a long-lived session (a temp cleaner, a user): make it again.
      this.makeDir();
      return await nativeLock(file, options);
    }
  }
}
