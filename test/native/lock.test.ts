import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readdirSync, readlinkSync, rmSync } from 'node:fs';
import { keepLockFile, lock, tryLock } from '../../src/native/index.js';
import { spawnTs, waitForExit, waitForLine } from '../helpers/run-ts.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir();
const holder = path.join(import.meta.dirname, 'fixtures', 'hold-lock.ts');

async function heldElsewhere(file: string, mode = 'exclusive') {
  const child = spawnTs(holder, [file, mode]);
  await waitForLine(child, (line) => line === 'locked');
  return child;
}

describe('cross-process lock', () => {
  it('sees a lock held by another process as held (EAGAIN without waiting)', async () => {
    const file = path.join(tempDir(), 'a.lock');
    const child = await heldElsewhere(file);
    try {
      await expect(lock(file, { wait: false })).rejects.toMatchObject({ code: 'EAGAIN' });
    } finally {
      child.stdin!.end();
      await waitForExit(child);
    }
  });

  it('waits until the other process releases, then takes it', async () => {
    const file = path.join(tempDir(), 'a.lock');
    const child = await heldElsewhere(file);
    let acquired = false;
    const waiting = lock(file).then((handle) => {
      acquired = true;
      return handle;
    });
    await expect(lock(file, { wait: false })).rejects.toMatchObject({ code: 'EAGAIN' });
    expect(acquired).toBe(false);
    child.stdin!.end();
    await waitForExit(child);
    const handle = await waiting;
    expect(handle.exclusive).toBe(true);
    handle.release();
  });

  it('is released when the holding process dies, even by SIGKILL', async () => {
    const file = path.join(tempDir(), 'a.lock');
    const child = await heldElsewhere(file);
    child.kill('SIGKILL');
    await waitForExit(child);
    const handle = await lock(file, { wait: false });
    handle.release();
  });

  it('lets shared locks coexist and keeps an exclusive one out', async () => {
    const file = path.join(tempDir(), 'a.lock');
    const child = await heldElsewhere(file, 'shared');
    try {
      const shared = await lock(file, { exclusive: false, wait: false });
      await expect(lock(file, { wait: false })).rejects.toMatchObject({ code: 'EAGAIN' });
      shared.release();
    } finally {
      child.stdin!.end();
      await waitForExit(child);
    }
  });

  it('excludes a second holder in the same process too, until release', async () => {
    const file = path.join(tempDir(), 'a.lock');
    const first = await lock(file);
    await expect(lock(file, { wait: false })).rejects.toMatchObject({ code: 'EAGAIN' });
    first.release();
    first.release();
    const second = await lock(file, { wait: false });
    second.release();
  });

  it('tryLock takes a free lock at once and throws EAGAIN, without a promise, while another process holds it', async () => {
    const file = path.join(tempDir(), 'a.lock');
    const child = await heldElsewhere(file);
    try {
      expect(() => tryLock(file)).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    } finally {
      child.stdin!.end();
      await waitForExit(child);
    }
    const held = tryLock(file);
    expect(held).toMatchObject({ path: file, exclusive: true });
    expect(() => tryLock(file, { exclusive: true })).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    held.release();
    tryLock(file).release();
    expect(() => tryLock(file, { exclusive: 'yes' as never })).toThrow(TypeError);
  });

  it('stops waiting when its signal aborts', async () => {
    const file = path.join(tempDir(), 'a.lock');
    const held = await lock(file);
    const controller = new AbortController();
    const waiting = lock(file, { signal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    held.release();
  });
});

// Descriptors of this process open on `file` (Linux: /proc/self/fd).
function openOn(file: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
}

describe('a lock file kept open between uses (keepLockFile)', () => {
  it('holds like tryLock, gives the lock back without closing the file, and takes it again', async () => {
    const file = path.join(tempDir(), 'kept.lock');
    const kept = keepLockFile(file);
    const giveBack = kept.tryTake();
    expect(kept.held).toBe(true);
    expect(() => tryLock(file)).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    expect(() => kept.tryTake()).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    giveBack();
    giveBack();
    expect(kept.held).toBe(false);
    // Given back: another process takes it meanwhile, and the kept file cannot.
    const child = await heldElsewhere(file);
    try {
      expect(() => kept.tryTake()).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    } finally {
      child.stdin!.end();
      await waitForExit(child);
    }
    if (process.platform === 'linux') expect(openOn(file)).toBe(1);
    const again = kept.tryTake();
    if (process.platform === 'linux') expect(openOn(file)).toBe(1);
    expect(() => tryLock(file)).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    again();
    kept.close();
    if (process.platform === 'linux') expect(openOn(file)).toBe(0);
    tryLock(file).release();
  });

  it('opens the path again when its lock file was removed meanwhile (a cleaned lock directory)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'kept.lock');
    const kept = keepLockFile(file);
    kept.tryTake()();
    rmSync(file);
    const giveBack = kept.tryTake();
    // The lock is on the file now at the path, so it excludes whoever opens that path.
    expect(() => tryLock(file)).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    giveBack();
    kept.close();
  });

  it('closing it while held releases the lock', () => {
    const file = path.join(tempDir(), 'kept.lock');
    const kept = keepLockFile(file);
    kept.tryTake();
    kept.close();
    expect(kept.held).toBe(false);
    tryLock(file).release();
  });
});
