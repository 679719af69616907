// Starting the acceptance workers. Wine's CreateProcess now and then fails with an error libuv
// cannot name (`spawn UNKNOWN`); that cannot be produced on Linux on demand, so `fork` is wrapped
// here to fail the way it did, and every other start is a real worker process.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../helpers/temp-dir.js';

const failures = vi.hoisted(() => ({ left: 0, calls: 0, started: [] as import('node:child_process').ChildProcess[] }));

vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:child_process')>();
  return {
    ...real,
    fork: (...args: Parameters<typeof real.fork>) => {
      failures.calls++;
      if (failures.left > 0) {
        failures.left--;
        throw Object.assign(new Error('spawn UNKNOWN'), { code: 'UNKNOWN', errno: -4094, syscall: 'spawn' });
      }
      const child = real.fork(...args);
      failures.started.push(child);
      return child;
    },
  };
});

const { startWorkers } = await import('../../src/acceptance/children.js');
const tempDir = useTempDir('peer-bridge-children-test-');

afterEach(() => {
  failures.left = 0;
  failures.calls = 0;
  failures.started = [];
});

describe('acceptance workers', () => {
  it('a start that fails with UNKNOWN is tried again, and the workers then do their job', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'counter.txt'), '0\n');
    failures.left = 2;
    const workers = await startWorkers(2, () => ({ mode: 'counter', dir, path: 'counter.txt', rounds: 3 }));
    expect(failures.calls).toBe(4);
    await Promise.all(workers.map((w) => w.next()));
    expect(readFileSync(path.join(dir, 'counter.txt'), 'utf8')).toBe('6\n');
    await Promise.all(workers.map((w) => w.ended));
  });

  it('gives up after three attempts, and stops the workers it had already started', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'counter.txt'), '0\n');
    // The first worker starts; every attempt for the second fails.
    let started = 0;
    failures.left = 0;
    const job = () => {
      if (started++ === 1) failures.left = 3;
      return { mode: 'counter' as const, dir, path: 'counter.txt', rounds: 1000 };
    };
    await expect(startWorkers(2, job)).rejects.toMatchObject({ code: 'UNKNOWN' });
    expect(failures.calls).toBe(4);
    // The one that had started was stopped before the error came back, not left editing.
    expect(failures.started).toHaveLength(1);
    expect(failures.started[0]!.exitCode ?? failures.started[0]!.signalCode).not.toBeNull();
  });
});
