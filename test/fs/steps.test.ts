// The two drivers of a step sequence: the same generator, run with synchronous calls or with
// calls that may return promises, sees the same values, the same errors at the same step, and
// runs its cleanup either way.
import { describe, expect, it } from 'vitest';
import { quietly, runAsync, runSync, step, type Steps } from '../../src/fs/steps.js';

// A sequence that opens, fails to write, and closes: the log says what ran, in order.
function* sequence(call: <T>(name: string, value: T, fail?: boolean) => T | Promise<T>, log: string[]): Steps<string> {
  const handle = yield* step(() => call('open', 7));
  try {
    yield* step(() => call('write', handle, true));
    return 'written';
  } catch (error) {
    log.push(`caught ${(error as Error).message}`);
    yield* quietly(() => call('unlink', 0, true));
    return 'discarded';
  } finally {
    yield* step(() => call('close', handle));
  }
}

function calls(kind: 'sync' | 'async', log: string[]) {
  return <T>(name: string, value: T, fail = false): T | Promise<T> => {
    log.push(name);
    if (kind === 'sync') {
      if (fail) throw new Error(`${name} failed`);
      return value;
    }
    return fail ? Promise.reject(new Error(`${name} failed`)) : Promise.resolve(value);
  };
}

describe('step sequences', () => {
  it('run the same steps, catch the same error and clean up, with sync or async calls', async () => {
    const syncLog: string[] = [];
    const asyncLog: string[] = [];
    expect(runSync(sequence(calls('sync', syncLog), syncLog))).toBe('discarded');
    await expect(runAsync(sequence(calls('async', asyncLog), asyncLog))).resolves.toBe('discarded');
    expect(syncLog).toEqual(['open', 'write', 'caught write failed', 'unlink', 'close']);
    expect(asyncLog).toEqual(syncLog);
  });

  it('runAsync makes synchronous calls in the same turn: every step has run before it returns', () => {
    const log: string[] = [];
    const done = runAsync(sequence(calls('sync', log), log));
    expect(log).toEqual(['open', 'write', 'caught write failed', 'unlink', 'close']);
    return expect(done).resolves.toBe('discarded');
  });

  it('an error no step catches leaves the driver as it was thrown, after the cleanup', async () => {
    function* failing(log: string[]): Steps<void> {
      try {
        yield* step(() => {
          throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
        });
      } finally {
        log.push('cleaned');
      }
    }
    const log: string[] = [];
    expect(() => runSync(failing(log))).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    await expect(runAsync(failing(log))).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(log).toEqual(['cleaned', 'cleaned']);
  });

  it('runSync refuses a call that returns a promise instead of waiting for it', () => {
    expect(() => runSync(step(() => Promise.resolve(1)))).toThrow(/returned a promise/);
  });
});
