// No-replace rename and no-overwrite link: an existing name is never touched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { isWindows, native, tempDir, write } from './helpers.mjs';

const dir = tempDir();
const forcedRename = fileURLToPath(new URL('./forced-rename.mjs', import.meta.url));

function snapshot(file) {
  return { text: fs.readFileSync(file, 'utf8'), identity: native.statPath(file, true).identity };
}

test('renameNoReplace onto an existing file fails EEXIST and leaves both files untouched', () => {
  const from = write(path.join(dir, 'from.txt'), 'source');
  const to = write(path.join(dir, 'to.txt'), 'target');
  const [a, b] = [snapshot(from), snapshot(to)];
  assert.throws(() => native.renameNoReplace(from, to), (error) => {
    assert.equal(error.code, 'EEXIST');
    assert.equal(typeof error.syscall, 'string');
    assert.equal(error.path, from);
    assert.equal(error.dest, to);
    return true;
  });
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

// Each strategy, forced through PEER_BRIDGE_NATIVE_FORCE in a fresh process (the strategy is
// chosen when the addon loads). Forcing FileRenameInfoEx skips the load-time probe, so where the
// OS lacks it (Wine) this covers the per-call fallback to FileRenameInfo.
const strategies = isWindows
  ? ['FileRenameInfoEx', 'FileRenameInfo', 'MoveFileExW']
  : ['link-unlink'];
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
