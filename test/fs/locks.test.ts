// Locks: one global order (no deadlock), lock files outside the user's tree, and a replacement
// made by a mutation holding the lock never slips past a waiting one.
import { chmodSync, chownSync, mkdirSync, readdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import {
  IDENTITY_LOCK_BUCKETS,
  KEPT_LOCK_FILES,
  LockSet,
  identityKey,
  keptLockFileCount,
  pathKey,
} from '../../src/fs/locks.js';
import { tryLock } from '../../src/native/index.js';
import { OWNER_FILE, defaultLockDirFor, lockDirInfo, readLockDirOwner } from '../../src/fs/lock-dir.js';
import { VERSION_KEY_FILE } from '../../src/fs/version-key.js';
import { spawnTs, waitForExit, waitForLine } from '../helpers/run-ts.js';
import { bench, code, ok, pauseAtStaged, tempDir } from './helpers.js';

describe('locks', () => {
  // Every version of peer-bridge on a machine must name the same lock file for the same key, or a
  // server of one version and a CLI of the next would not exclude each other: these names are
  // pinned (the first release's sha256 scheme), not recomputed from the code under test.
  it('names lock files and identity buckets exactly as every earlier version did', () => {
    const dir = tempDir('pb-lock-names-');
    expect(new LockSet(dir).fileFor(pathKey('/work/project/src/app.ts'))).toBe(
      path.join(dir, '38597d66a355d00101886bf61c4ca19495176120.lock'),
    );
    expect(identityKey({ volume: '803', fileId: '1a2b3c' })).toBe('id:55');
    expect(identityKey({ volume: '803', fileId: '1a2b3d' })).toBe('id:9');
  });

  it('takes overlapping key sets in one sorted order, so opposite requests never deadlock', async () => {
    const locks = new LockSet(tempDir('pb-locks-'));
    const order: string[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const release = await locks.acquire(i % 2 === 0 ? ['path:b', 'path:a', 'id:1'] : ['id:1', 'path:a', 'path:b']);
        order.push(`in ${i}`);
        await Promise.resolve();
        order.push(`out ${i}`);
        release();
      }),
    );
    // Strictly one holder at a time.
    for (let i = 0; i < order.length; i += 2) expect(order[i + 1]).toBe(order[i]?.replace('in', 'out'));
  });

  it('takes every key at once when nothing is contended, and otherwise none of them', async () => {
    const dir = tempDir('pb-locks-');
    const locks = new LockSet(dir);
    (await locks.acquire(['path:warm']))(); // makes the directory: the fast path never creates it
    const taken = locks.tryAcquire(['path:b', 'path:a']);
    expect(taken).toBeTypeOf('function');
    // Held in this process: neither a second try nor a part of it gets through.
    expect(locks.tryAcquire(['path:a'])).toBeUndefined();
    expect(locks.tryAcquire(['path:c', 'path:b'])).toBeUndefined();
    taken!();
    // The failed try above left path:c free again.
    const c = locks.tryAcquire(['path:c']);
    expect(c).toBeTypeOf('function');
    c!();
    // Held by another process: undefined, and the in-process keys it took on the way are given back.
    const holder = spawnTs(path.join(import.meta.dirname, '..', 'native', 'fixtures', 'hold-lock.ts'), [
      locks.fileFor('path:z'),
    ]);
    await waitForLine(holder, (line) => line === 'locked');
    try {
      expect(locks.tryAcquire(['path:a', 'path:z'])).toBeUndefined();
      const a = locks.tryAcquire(['path:a']);
      expect(a).toBeTypeOf('function');
      a!();
    } finally {
      holder.stdin!.end();
      await waitForExit(holder);
    }
    // And the waiting path still queues behind a holder.
    const first = await locks.acquire(['path:a']);
    let second = false;
    const waiting = locks.acquire(['path:a']).then((release) => {
      second = true;
      release();
    });
    await Promise.resolve();
    expect(second).toBe(false);
    first();
    await waiting;
    expect(second).toBe(true);
  });

  it('keeps lock files out of the workspace, with hashed names for non-ASCII paths', async () => {
    const t = bench();
    t.write('目录/文件.txt', 'x\n');
    ok(await t.wb.call('read_file', { path: '目录/文件.txt' }));
    ok(await t.wb.call('edit_file', { path: '目录/文件.txt', old_string: 'x', new_string: 'y' }));
    expect(readdirSync(t.ws, { recursive: true }).sort()).toEqual(['目录', '目录/文件.txt']);
    const lockFiles = readdirSync(t.lockDir).filter((name) => name !== OWNER_FILE && name !== VERSION_KEY_FILE);
    expect(lockFiles.length).toBeGreaterThanOrEqual(2);
    for (const name of lockFiles) expect(name).toMatch(/^[0-9a-f]{40}\.lock$/);
  });

  it('the lock directory stays bounded however many edits replace a file (each edit is a new identity)', async () => {
    const t = bench();
    t.write('f.txt', 'v0\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const edits = IDENTITY_LOCK_BUCKETS + 16;
    for (let i = 0; i < edits; i++)
      ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: `v${i}`, new_string: `v${i + 1}` }));
    expect(t.text('f.txt')).toBe(`v${edits}\n`);
    // One path lock, and at most one lock file per identity bucket.
    expect(readdirSync(t.lockDir).filter((name) => name !== OWNER_FILE).length).toBeLessThanOrEqual(
      1 + IDENTITY_LOCK_BUCKETS,
    );
  });

  it('gives up with FS_LOCK_TIMEOUT when another process holds the lock too long, changing nothing', async () => {
    const t = bench();
    t.write('f.txt', 'a\n');
    const wb = t.open({ lockTimeoutMs: 300 });
    ok(await wb.call('read_file', { path: 'f.txt' }));
    const lockFile = new LockSet(t.lockDir).fileFor(pathKey(path.join(realpathSync(t.ws), 'f.txt')));
    const holder = spawnTs(path.join(import.meta.dirname, '..', 'native', 'fixtures', 'hold-lock.ts'), [lockFile]);
    await waitForLine(holder, (line) => line === 'locked');
    try {
      const stuck = await wb.call('edit_file', { path: 'f.txt', old_string: 'a', new_string: 'b' });
      expect(stuck).toMatchObject({ ok: false, code: 'FS_LOCK_TIMEOUT', message: expect.stringContaining('retry') });
      expect(t.text('f.txt')).toBe('a\n');
    } finally {
      holder.stdin!.end();
      await waitForExit(holder);
    }
    ok(await wb.call('edit_file', { path: 'f.txt', old_string: 'a', new_string: 'b' }));
    expect(t.text('f.txt')).toBe('b\n');
  });

  it('a directory planted at a lock-file path is reported as an unusable lock path, not as the target being a directory', async () => {
    const t = bench();
    t.write('f.txt', 'a\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    const lockPath = new LockSet(t.lockDir).fileFor(pathKey(realpathSync(t.file('f.txt'))));
    mkdirSync(lockPath, { recursive: true });
    const result = await t.wb.call('edit_file', { path: 'f.txt', old_string: 'a', new_string: 'b' });
    expect(result).toMatchObject({
      ok: false,
      code: 'FS_IO_ERROR',
      message: expect.stringContaining(`lock file ${lockPath} is unusable (EISDIR)`),
    });
    expect(t.text('f.txt')).toBe('a\n');
    rmSync(lockPath, { recursive: true });
    ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'a', new_string: 'b' }));
  });

  it('a lock directory removed under a long-lived session (a temp cleaner) is made again', async () => {
    const t = bench();
    t.write('f.txt', 'a\n');
    ok(await t.wb.call('read_file', { path: 'f.txt' }));
    ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'a', new_string: 'b' }));
    rmSync(t.lockDir, { recursive: true });
    ok(await t.wb.call('edit_file', { path: 'f.txt', old_string: 'b', new_string: 'c' }));
    expect(t.text('f.txt')).toBe('c\n');
    expect(readdirSync(t.lockDir).length).toBeGreaterThan(0);
  });

  it('keeps at most KEPT_LOCK_FILES lock files open, and never closes one that is held', async () => {
    const locks = new LockSet(tempDir('pb-locks-kept-'));
    // The first call makes the lock directory (and opens a lock file per call); from then on lock
    // files are kept.
    (await locks.acquire(['path:first']))();
    // Taken now and held: it becomes the least recently used kept file of all.
    const releaseHeld = await locks.acquire(['path:held']);
    for (let i = 0; i < KEPT_LOCK_FILES * 2; i++) (await locks.acquire([`path:${i}`]))();
    expect(keptLockFileCount()).toBeLessThanOrEqual(KEPT_LOCK_FILES);
    // Still held: closing its file would have released the lock.
    expect(() => tryLock(locks.fileFor('path:held'))).toThrow(expect.objectContaining({ code: 'EAGAIN' }));
    releaseHeld();
    tryLock(locks.fileFor('path:held')).release();
  });

  it('a mutation waiting for the lock sees the replacement made by the holder as stale', async () => {
    const t = bench();
    t.write('f.txt', 'base\n');
    const { hooks, staged, resume } = pauseAtStaged();
    const a = t.open({ hooks });
    const b = t.open();
    ok(await a.call('read_file', { path: 'f.txt' }));
    ok(await b.call('read_file', { path: 'f.txt' }));
    const first = a.call('edit_file', { path: 'f.txt', old_string: 'base', new_string: 'A' });
    await staged; // A holds the locks, its bytes staged, not yet published
    const second = b.call('edit_file', { path: 'f.txt', old_string: 'base', new_string: 'B' });
    resume();
    expect([code(await first), code(await second)]).toEqual(['ok', 'FS_STALE_VERSION']);
    expect(t.text('f.txt')).toBe('A\n');
  });

  // Anyone who could make the default directory first could hold our locks or plant symlinks.
  it.runIf(typeof process.getuid === 'function')(
    'refuses a default lock directory someone else could have planted',
    async () => {
      const root = tempDir('pb-shared-');
      const planted = path.join(root, 'locks');
      const cases: Array<[string, () => void]> = [
        ['writable by others', () => (mkdirSync(planted), chmodSync(planted, 0o777))],
        ['a symlink', () => (mkdirSync(`${planted}.real`, { mode: 0o700 }), symlinkSync(`${planted}.real`, planted))],
      ];
      if (process.getuid!() === 0)
        cases.push([
          'owned by another user',
          () => (mkdirSync(planted, { mode: 0o700 }), chownSync(planted, 12345, 12345)),
        ]);
      for (const [label, plant] of cases) {
        plant();
        const locks = new LockSet({ dir: planted, source: 'default' });
        await expect(locks.acquire([pathKey('/x')]), label).rejects.toMatchObject({
          code: 'FS_IO_ERROR',
          message: expect.stringMatching(/lock directory .* refusing to use it/),
        });
        expect(readdirSync(planted), label).toEqual([]);
        for (const name of readdirSync(root)) rmSync(path.join(root, name), { recursive: true, force: true });
      }
      // Our own private directory is used, and records its owner.
      const locks = new LockSet({ dir: planted, source: 'default' });
      (await locks.acquire([pathKey('/x')]))();
      expect(readLockDirOwner(planted)).toMatchObject({ uid: process.getuid!(), source: 'default' });
    },
  );

  it('the default lock directory depends on the user only: neither TMPDIR nor HOME moves it', () => {
    const saved = { TMPDIR: process.env.TMPDIR, HOME: process.env.HOME };
    const base = lockDirInfo(undefined, {});
    try {
      process.env.TMPDIR = tempDir('pb-other-tmp-');
      process.env.HOME = tempDir('pb-other-home-');
      expect(lockDirInfo(undefined, {})).toEqual(base);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
    expect(base).toEqual({ dir: defaultLockDirFor(process.platform, os.userInfo().homedir), source: 'default' });
    expect(defaultLockDirFor('linux', '/home/ann')).toBe('/home/ann/.local/state/peer-bridge/locks');
    expect(defaultLockDirFor('darwin', '/Users/ann')).toBe('/Users/ann/Library/Application Support/peer-bridge/locks');
    expect(defaultLockDirFor('win32', 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Local\\peer-bridge\\locks');
    expect(lockDirInfo(undefined, { PEER_BRIDGE_LOCK_DIR: '/srv/locks' })).toEqual({
      dir: path.resolve('/srv/locks'),
      source: 'PEER_BRIDGE_LOCK_DIR',
    });
    expect(lockDirInfo('/opt/l', { PEER_BRIDGE_LOCK_DIR: '/srv/locks' })).toEqual({
      dir: path.resolve('/opt/l'),
      source: 'option',
    });
  });
});
