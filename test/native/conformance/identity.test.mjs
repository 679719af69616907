// Identity: the addon's { volume, fileId } is the file, not the name.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isWindows, native, nodeIdentity, tempDir, write } from './helpers.mjs';

const dir = tempDir();

test('statPath identity equals fs.statSync(p, { bigint: true }) dev and ino', () => {
  const file = write(path.join(dir, 'a.txt'), 'hello');
  const st = native.statPath(file, true);
  assert.deepEqual(st.identity, nodeIdentity(fs.statSync(file, { bigint: true }), st.identity));
  assert.equal(st.kind, 'file');
  assert.equal(st.size, 5);
  assert.equal(st.nlink, 1);
  assert.equal(st.mode, fs.statSync(file).mode);
  // The owner where there is one (POSIX); Windows reports none.
  if (isWindows) assert.equal(st.owner, undefined);
  else assert.deepEqual(st.owner, { uid: fs.statSync(file).uid, gid: fs.statSync(file).gid });
});

test('statFd describes the open handle, with the same identity as the path', () => {
  const file = write(path.join(dir, 'fd.txt'), 'abc');
  const fd = fs.openSync(file, 'r');
  try {
    const byFd = native.statFd(fd);
    assert.deepEqual(byFd.identity, native.statPath(file, true).identity);
    assert.deepEqual(byFd.identity, nodeIdentity(fs.fstatSync(fd, { bigint: true }), byFd.identity));
    assert.equal(byFd.size, 3);
  } finally {
    fs.closeSync(fd);
  }
});

test('statFd of a descriptor that is not open fails with EBADF', () => {
  const fd = fs.openSync(write(path.join(dir, 'closed.txt'), ''), 'r');
  fs.closeSync(fd);
  assert.throws(() => native.statFd(fd), { code: 'EBADF' });
  // The largest descriptors the argument check lets through are never open: EBADF, not a crash.
  for (const far of [1_000_000, 2 ** 31 - 1]) {
    assert.throws(() => native.statFd(far), { code: 'EBADF' }, String(far));
  }
});

test('a directory is a directory, with Node mode bits', () => {
  const st = native.statPath(dir, true);
  assert.equal(st.kind, 'directory');
  assert.equal(st.mode, fs.statSync(dir).mode);
  assert.deepEqual(st.identity, nodeIdentity(fs.statSync(dir, { bigint: true }), st.identity));
});

test('identity survives a rename', () => {
  const from = write(path.join(dir, 'before.txt'), 'x');
  const identity = native.statPath(from, true).identity;
  const to = path.join(dir, 'after.txt');
  native.renameNoReplace(from, to);
  assert.deepEqual(native.statPath(to, true).identity, identity);
  assert.throws(() => native.statPath(from, true), { code: 'ENOENT' });
});

test('a hard link shares the identity and counts two links', () => {
  const file = write(path.join(dir, 'linked.txt'), 'x');
  const alias = path.join(dir, 'alias.txt');
  native.linkNoOverwrite(file, alias);
  const a = native.statPath(file, true);
  const b = native.statPath(alias, true);
  assert.deepEqual(b.identity, a.identity);
  assert.equal(a.nlink, 2);
  assert.equal(b.nlink, 2);
});

test('a replacement (write elsewhere, rename over) has a new identity', () => {
  const file = write(path.join(dir, 'replaced.txt'), 'old');
  const old = native.statPath(file, true).identity;
  const staged = write(path.join(dir, 'replaced.txt.tmp'), 'new');
  const stagedIdentity = native.statPath(staged, true).identity;
  fs.renameSync(staged, file);
  const now = native.statPath(file, true).identity;
  assert.notDeepEqual(now, old);
  assert.deepEqual(now, stagedIdentity);
});

test('names outside ASCII (Chinese) work for stat, rename and link', () => {
  const file = write(path.join(dir, '中文文件.txt'), '内容');
  const st = native.statPath(file, true);
  assert.deepEqual(st.identity, nodeIdentity(fs.statSync(file, { bigint: true }), st.identity));
  const renamed = path.join(dir, '重命名-ü-é.txt');
  native.renameNoReplace(file, renamed);
  const linked = path.join(dir, '链接.txt');
  native.linkNoOverwrite(renamed, linked);
  assert.deepEqual(native.statPath(linked, true).identity, st.identity);
  assert.equal(fs.readFileSync(linked, 'utf8'), '内容');
  assert.deepEqual(
    fs
      .readdirSync(dir)
      .filter((n) => /[^\x00-\x7f]/.test(n))
      .sort(),
    ['链接.txt', '重命名-ü-é.txt'].sort(),
  );
});

test(
  'follow: false describes a symlink itself',
  { skip: !canSymlink() && 'creating symlinks is not permitted here' },
  () => {
    const target = write(path.join(dir, 'target.txt'), 'x');
    const link = path.join(dir, 'sym.txt');
    fs.symlinkSync(target, link);
    assert.equal(native.statPath(link, false).kind, 'symlink');
    assert.deepEqual(native.statPath(link, true).identity, native.statPath(target, true).identity);
    assert.notDeepEqual(native.statPath(link, false).identity, native.statPath(target, true).identity);
  },
);

// Windows allows symlinks only with developer mode or the privilege; Wine allows them.
function canSymlink() {
  if (!isWindows) return true;
  const probe = path.join(dir, 'probe-link');
  try {
    fs.symlinkSync(path.join(dir, 'nowhere'), probe);
    fs.unlinkSync(probe);
    return true;
  } catch {
    return false;
  }
}

test('the async forms agree with the sync ones', async () => {
  const file = write(path.join(dir, 'async.txt'), 'abc');
  const sync = native.statPath(file, true);
  const viaPromise = await native.statPathAsync(file, true);
  assert.deepEqual(viaPromise.identity, sync.identity);
  await assert.rejects(native.statPathAsync(path.join(dir, 'missing'), true), { code: 'ENOENT' });
});

// The fallback stat strategy must agree with the preferred one (Windows: the 64-bit index and 32-bit
// serial of GetFileInformationByHandle; Linux: fstat instead of statx).
test('the forced fallback stat strategy gives the same identity', () => {
  const strategy = isWindows ? 'GetFileInformationByHandle' : 'fstat';
  const file = write(path.join(dir, 'fallback.txt'), 'x');
  const result = spawnSync(process.execPath, [fileURLToPath(new URL('./forced-stat.mjs', import.meta.url)), file], {
    env: { ...process.env, PEER_BRIDGE_NATIVE_FORCE: `stat:${strategy}` },
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.equal(report.backend, strategy);
  const preferred = native.statPath(file, true);
  const expected = isWindows
    ? { ...preferred.identity, volume: (BigInt(`0x${preferred.identity.volume}`) & 0xffffffffn).toString(16) }
    : preferred.identity;
  assert.deepEqual(report.identity, expected);
  assert.equal(report.nlink, preferred.nlink);
});
