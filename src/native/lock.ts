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
