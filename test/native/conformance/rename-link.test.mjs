// No-replace rename and no-overwrite link: an existing name is never touched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isWindows, native, nodeIdentity, tempDir, underWine, write } from './helpers.mjs';

const dir = tempDir();
const forcedRename = fileURLToPath(new URL('./forced-rename.mjs', import.meta.url));

function snapshot(file) {
  return { text: fs.readFileSync(file, 'utf8'), identity: native.statPath(file, true).identity };
}

test('renameNoReplace onto an existing file fails EEXIST and leaves both files untouched', () => {
  const from = write(path.join(dir, 'from.txt'), 'source');
  const to = write(path.join(dir, 'to.txt'), 'target');
  const [a, b] = [snapshot(from), snapshot(to)];
  assert.throws(
    () => native.renameNoReplace(from, to),
    (error) => {
      assert.equal(error.code, 'EEXIST');
      assert.equal(typeof error.syscall, 'string');
      assert.equal(error.path, from);
      assert.equal(error.dest, to);
      return true;
    },
  );
  assert.deepEqual(snapshot(from), a);
  assert.deepEqual(snapshot(to), b);
});

test('renameNoReplace of a missing source fails ENOENT', () => {
  assert.throws(() => native.renameNoReplace(path.join(dir, 'nope'), path.join(dir, 'nope2')), { code: 'ENOENT' });
});

test('renameNoReplace moves a directory', () => {
  const from = path.join(dir, 'subdir');
  fs.mkdirSync(from);
  write(path.join(from, 'inside.txt'), 'x');
  native.renameNoReplace(from, path.join(dir, 'subdir-moved'));
  assert.equal(fs.readFileSync(path.join(dir, 'subdir-moved', 'inside.txt'), 'utf8'), 'x');
});

test('linkNoOverwrite onto an existing file fails EEXIST and leaves it untouched', () => {
  const existing = write(path.join(dir, 'l1.txt'), 'one');
  const taken = write(path.join(dir, 'l2.txt'), 'two');
  const before = snapshot(taken);
  assert.throws(() => native.linkNoOverwrite(existing, taken), { code: 'EEXIST' });
  assert.deepEqual(snapshot(taken), before);
  assert.equal(native.statPath(existing, true).nlink, 1);
});

test('linkNoOverwrite of a directory is refused with EPERM', () => {
  const sub = path.join(dir, 'no-dir-links');
  fs.mkdirSync(sub);
  assert.throws(() => native.linkNoOverwrite(sub, path.join(dir, 'dir-alias')), { code: 'EPERM' });
});

test('the async forms reject with the same codes', async () => {
  const from = write(path.join(dir, 'af.txt'), 'a');
  const to = write(path.join(dir, 'at.txt'), 'b');
  await assert.rejects(native.renameNoReplaceAsync(from, to), { code: 'EEXIST' });
  await assert.rejects(native.linkNoOverwriteAsync(from, to), { code: 'EEXIST' });
  await native.renameNoReplaceAsync(from, path.join(dir, 'af-moved.txt'));
  assert.equal(fs.readFileSync(path.join(dir, 'af-moved.txt'), 'utf8'), 'a');
});

// A second filesystem: tmpfs at /dev/shm (Wine maps it as Z:\dev\shm), when it is one.
function otherVolume() {
  // A second filesystem the caller mounted (the Linux wrapper mounts a tmpfs when it is root).
  if (process.env.PEER_BRIDGE_CONFORMANCE_OTHER_VOLUME)
    return fs.mkdtempSync(path.join(process.env.PEER_BRIDGE_CONFORMANCE_OTHER_VOLUME, 'pb-conf-'));
  const shm = isWindows ? (underWine ? 'Z:\\dev\\shm' : undefined) : '/dev/shm';
  if (!shm) return undefined;
  try {
    if (fs.statSync(shm).dev === fs.statSync(os.tmpdir()).dev) return undefined;
    const sub = fs.mkdtempSync(path.join(shm, 'pb-conf-'));
    return sub;
  } catch {
    return undefined;
  }
}
const elsewhere = otherVolume();

test(
  'across volumes rename and link fail EXDEV and copy nothing',
  { skip: !elsewhere && 'no second filesystem (/dev/shm) here' },
  (t) => {
    t.after(() => fs.rmSync(elsewhere, { recursive: true, force: true }));
    const from = write(path.join(dir, 'xdev.txt'), 'stays');
    assert.throws(() => native.renameNoReplace(from, path.join(elsewhere, 'moved.txt')), { code: 'EXDEV' });
    assert.throws(() => native.linkNoOverwrite(from, path.join(elsewhere, 'linked.txt')), { code: 'EXDEV' });
    assert.deepEqual(fs.readdirSync(elsewhere), []);
    assert.equal(fs.readFileSync(from, 'utf8'), 'stays');
  },
);

test('a file open in this process can be renamed, and its descriptor follows it', () => {
  const from = write(path.join(dir, 'open.txt'), 'x');
  const fd = fs.openSync(from, 'r+');
  try {
    const identity = native.statFd(fd).identity;
    native.renameNoReplace(from, path.join(dir, 'open-moved.txt'));
    assert.deepEqual(native.statPath(path.join(dir, 'open-moved.txt'), true).identity, identity);
    // Through the old handle, Wine reports volume serial 0 after a rename (Node's fstat does too),
    // so the handle's view is checked against Node's and by file id.
    const byFd = native.statFd(fd).identity;
    assert.equal(byFd.fileId, identity.fileId);
    assert.deepEqual(byFd, nodeIdentity(fs.fstatSync(fd, { bigint: true }), byFd));
  } finally {
    fs.closeSync(fd);
  }
});

test('paths longer than MAX_PATH (260) work', () => {
  const deep = path.join(dir, 'd'.repeat(100), 'e'.repeat(100), 'f'.repeat(100));
  fs.mkdirSync(deep, { recursive: true });
  const from = write(path.join(deep, 'long.txt'), 'x');
  assert.ok(from.length > 300);
  const identity = native.statPath(from, true).identity;
  native.renameNoReplace(from, path.join(deep, 'long-moved.txt'));
  native.linkNoOverwrite(path.join(deep, 'long-moved.txt'), path.join(deep, 'long-linked.txt'));
  native.fsyncDirectory(deep);
  assert.deepEqual(native.statPath(path.join(deep, 'long-linked.txt'), true).identity, identity);
  native.lockRelease(native.lockTry(path.join(deep, 'long.lock'), true));
});

// Each strategy, forced through PEER_BRIDGE_NATIVE_FORCE in a fresh process (the strategy is
// chosen when the addon loads). Forcing FileRenameInfoEx skips the load-time probe, so where the
// OS lacks it (Wine) this covers the per-call fallback to FileRenameInfo.
const strategies = isWindows ? ['FileRenameInfoEx', 'FileRenameInfo', 'MoveFileExW'] : ['link-unlink'];
for (const strategy of strategies) {
  test(`forced rename strategy ${strategy}: moves, and refuses an existing target`, () => {
    const sub = fs.mkdtempSync(path.join(dir, `forced-`));
    const result = spawnSync(process.execPath, [forcedRename, sub], {
      env: { ...process.env, PEER_BRIDGE_NATIVE_FORCE: `rename:${strategy}` },
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    const report = JSON.parse(result.stdout);
    assert.equal(report.backend, strategy);
    assert.equal(report.collision, 'EEXIST');
    assert.deepEqual(report.after, { from: 'source', to: 'target', moved: 'source' });
  });
}
