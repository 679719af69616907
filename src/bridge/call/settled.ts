// A promise's outcome as a value, so it can be started early and awaited (or not) later.
export type Settled<T> = { value: T } | { error: unknown };

export function settled<T>(work: Promise<T>): Promise<Settled<T>> {
  return work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}
