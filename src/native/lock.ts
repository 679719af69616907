import { setTimeout as sleep } from 'node:timers/promises';
import type { RawBinding } from './raw.js';

export interface LockOptions {
  /** Exclusive (write) lock; `false` takes a shared lock. Default true. */
  exclusive?: boolean;
  /** Wait until the lock is free; `false` rejects at once with code `EAGAIN`. Default true. */
  wait?: boolean;
  /** Stops waiting; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface LockHandle {
  readonly path: string;
  readonly exclusive: boolean;
  /** Releases the lock; calling it again does nothing. */
  release(): void;
}

const FIRST_DELAY_MS = 1;
const MAX_DELAY_MS = 25;

// Waiting polls a non-blocking attempt with capped backoff: a kernel wait would park one of the
// four threads of Node's pool per waiter, and enough waiters would stall every fs call in the
// process, including the one that would release the lock.
export async function lock(binding: RawBinding, path: string, options: LockOptions = {}): Promise<LockHandle> {
  const exclusive = options.exclusive ?? true;
  const wait = options.wait ?? true;
  let delay = FIRST_DELAY_MS;
  for (;;) {
    options.signal?.throwIfAborted();
    try {
      return tryLock(binding, path, exclusive);
    } catch (error) {
      if (!wait || (error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
    }
    await sleep(delay + Math.random() * delay, undefined, { signal: options.signal }).catch(() => {
      // timers/promises rejects with a generic AbortError; callers expect the signal's own reason.
      options.signal?.throwIfAborted();
    });
    delay = Math.min(delay * 2, MAX_DELAY_MS);
  }
}

/** One non-blocking attempt: the handle, or an error with code `EAGAIN` when the lock is held elsewhere. */
export function tryLock(binding: RawBinding, path: string, exclusive = true): LockHandle {
  return handle(binding, path, exclusive, binding.lockTry(path, exclusive));
}

function handle(binding: RawBinding, path: string, exclusive: boolean, token: number): LockHandle {
  let held = true;
  return {
    path,
    exclusive,
    release() {
      if (!held) return;
      held = false;
      binding.lockRelease(token);
    },
  };
}

/**
 * A lock file kept open between uses, so taking its lock again is one system call instead of
 * opening the file each time (the open, with O_CREAT, also takes the lock directory's inode lock).
 * POSIX only: on Windows a lock file deleted while held open cannot be told from its handle
 * everywhere (Wine reports it undeleted), so there each take opens the file and each give-back
 * closes it, as `tryLock` does.
 */
export interface KeptLockFile {
  readonly path: string;
  /** Whether its lock is taken now (by this process, through this object). */
  readonly held: boolean;
  /**
   * Takes the lock without waiting: a function that gives it back (the file stays open), or an
   * error with code `EAGAIN` when the lock is held elsewhere. When the file was removed since its
   * last use (a cleaned lock directory), the lock on it would exclude no one: the path is opened
   * again.
   */
  tryTake(exclusive?: boolean): () => void;
  /** Closes the file (releasing the lock if it is held). */
  close(): void;
}

export function keepLockFile(binding: RawBinding, path: string): KeptLockFile {
  return binding.backend.platform === 'win32' ? reopenedLockFile(binding, path) : parkedLockFile(binding, path);
}

function heldAlready(path: string): Error {
  return Object.assign(new Error(`lock file ${path} is already held through this handle`), { code: 'EAGAIN' });
}

function parkedLockFile(binding: RawBinding, path: string): KeptLockFile {
  let token: number | undefined;
  let held = false;
  const giveBack = (mine: number) => () => {
    if (!held || token !== mine) return;
    held = false;
    binding.lockPark(mine);
  };
  return {
    path,
    get held() {
      return held;
    },
    tryTake(exclusive = true) {
      if (held) throw heldAlready(path);
      if (token !== undefined && !binding.lockRetake(token, exclusive)) {
        binding.lockRelease(token);
        token = undefined;
      }
      token ??= binding.lockTry(path, exclusive);
      held = true;
      return giveBack(token);
    },
    close() {
      if (token === undefined) return;
      const mine = token;
      token = undefined;
      held = false;
      binding.lockRelease(mine);
    },
  };
}

function reopenedLockFile(binding: RawBinding, path: string): KeptLockFile {
  let current: LockHandle | undefined;
  return {
    path,
    get held() {
      return current !== undefined;
    },
    tryTake(exclusive = true) {
      if (current) throw heldAlready(path);
      const mine = tryLock(binding, path, exclusive);
      current = mine;
      return () => {
        if (current !== mine) return;
        current = undefined;
        mine.release();
      };
    },
    close() {
      current?.release();
      current = undefined;
    },
  };
}
