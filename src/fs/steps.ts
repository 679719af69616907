// A sequence of file-system steps written once, as a generator that yields each call it makes, and
// run by one of two drivers: runSync for code that must not wait (a locked section with no
// thread-pool round trip), runAsync for code that may. The same steps, checks and error mapping
// then hold on both paths; which calls block is decided by the FileIo the steps are given.

/** One call of a step: returns its value, or a promise of it on the asynchronous path. */
export type Call = () => unknown;

/** A step sequence returning T; `yield* step(…)` inside it makes one call. */
export type Steps<T> = Generator<Call, T, unknown>;

/** Makes one call and returns its result, whichever driver runs the sequence. */
export function* step<T>(call: () => T | PromiseLike<T>): Steps<T> {
  return (yield call) as T;
}

/** Makes one call whose failure does not matter (cleanup after another failure, best-effort calls). */
export function* quietly(call: () => unknown): Steps<void> {
  try {
    yield call;
  } catch {
    // Nothing to do: the caller goes on, or is already failing for a better reason.
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

/** Runs the steps with synchronous calls; a call that returns a promise is a programming error. */
export function runSync<T>(steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = next.value();
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    if (isThenable(value)) throw new TypeError('runSync: a step returned a promise');
    next = steps.next(value);
  }
  return next.value;
}

/**
 * Runs the steps, waiting only for calls that return a promise: with synchronous calls (and no
 * hook that returns one) nothing waits, and the whole sequence runs in one turn of the event loop.
 */
export async function runAsync<T>(steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = next.value();
      if (isThenable(value)) value = await value;
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(value);
  }
  return next.value;
}
