// Times: ctime (Windows: ChangeTime) moves on metadata changes; the addon reads what Node reads.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { isWindows, native, tempDir, waitForFsTick, write } from './helpers.mjs';

const dir = tempDir();

test("mtime and ctime equal Node's bigint stat", () => {
  const file = write(path.join(dir, 't.txt'), 'x');
  const st = native.statPath(file, true);
  const node = fs.statSync(file, { bigint: true });
  assert.equal(st.mtimeNs, node.mtimeNs);
  assert.equal(st.ctimeNs, node.ctimeNs);
  assert.equal(typeof st.mtimeNs, 'bigint');
});

test('ctime moves on chmod while the content and mtime stay', () => {
  const file = write(path.join(dir, 'chmod.txt'), 'same bytes');
  const before = native.statPath(file, true);
  waitForFsTick(dir, before.ctimeNs);
  // On Windows chmod toggles the read-only attribute, which moves ChangeTime.
  fs.chmodSync(file, 0o444);
  const after = native.statPath(file, true);
  fs.chmodSync(file, 0o644);
  assert.ok(after.ctimeNs > before.ctimeNs, `ctime ${after.ctimeNs} should be after ${before.ctimeNs}`);
  assert.equal(after.mtimeNs, before.mtimeNs);
  assert.deepEqual(after.identity, before.identity);
  assert.equal(after.mode & 0o777, 0o444);
});

test('restoring mtime with utimes does not hide the change from ctime', () => {
  const file = write(path.join(dir, 'utimes.txt'), 'aaaa');
  const before = native.statPath(file, true);
  waitForFsTick(dir, before.ctimeNs);
  fs.writeFileSync(file, 'bbbb');
  const { atime } = fs.statSync(file);
  fs.utimesSync(file, atime, new Date(Number(before.mtimeNs / 1_000_000n)));
  const after = native.statPath(file, true);
  assert.equal(after.size, before.size);
  assert.ok(after.ctimeNs > before.ctimeNs);
});

test(
  'birthtime is reported where the platform records it',
  {
    skip:
      !isWindows &&
      process.platform !== 'darwin' &&
      'Linux reports birthtime only when statx and the filesystem give it',
  },
  () => {
    const st = native.statPath(write(path.join(dir, 'born.txt'), 'x'), true);
    assert.equal(typeof st.birthtimeNs, 'bigint');
    assert.ok(st.birthtimeNs > 0n);
  },
);
