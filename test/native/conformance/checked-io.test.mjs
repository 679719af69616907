// replaceChecked and readSeen, the raw binding's one-call replace and read: argument checks on every
// OS; on POSIX they act only on the file they expect; on Windows they are not built (ENOSYS).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { decodeStat, isWindows, raw, tempDir } from './helpers.mjs';

// The raw arguments that expect `target` as it is now, with `known` as its bytes.
function argsFor(dir, target, known) {
  raw.statPath(target, false);
  const st = decodeStat(raw.statNumbers, raw.statBigInts);
  const bytes = Buffer.from('new\n');
  return [
    path.join(dir, '.stage'),
    target,
    dir,
    bytes,
    0o644,
    -1,
    -1,
    Buffer.from(known),
    st.identity.volume,
    st.identity.fileId,
    st.size,
    st.mode,
    st.mtimeNs,
    st.ctimeNs,
  ];
}

test('bad arguments are TypeErrors, before anything is touched', () => {
  const dir = tempDir();
  const target = path.join(dir, 'a.txt');
  writeFileSync(target, 'old\n');
  const good = argsFor(dir, target, 'old\n');
  const bad = [
    [3, 'not bytes'],
    [7, [1, 2]],
    [8, 'XYZ'],
    [9, '1'.repeat(17)],
    [12, 5],
  ];
  for (const [at, value] of bad) {
    const args = [...good];
    args[at] = value;
    assert.throws(() => raw.replaceChecked(...args), { name: 'TypeError' }, `argument ${at}`);
  }
  assert.deepEqual(readdirSync(dir), ['a.txt']);
});

test('publishes over the file it expects, not over a changed one (POSIX); ENOSYS on Windows', () => {
  const dir = tempDir();
  const target = path.join(dir, 'a.txt');
  writeFileSync(target, 'old\n');
  if (isWindows) {
    assert.throws(() => raw.replaceChecked(...argsFor(dir, target, 'old\n')), { code: 'ENOSYS' });
    assert.equal(readFileSync(target, 'utf8'), 'old\n');
    return;
  }
  assert.equal(raw.replaceChecked(...argsFor(dir, target, 'other\n')), false);
  assert.equal(readFileSync(target, 'utf8'), 'old\n');
  assert.equal(raw.replaceChecked(...argsFor(dir, target, 'old\n')), true);
  assert.equal(readFileSync(target, 'utf8'), 'new\n');
  assert.deepEqual(readdirSync(dir), ['a.txt']);
});

test('replaceCheckedAsync: the same on the thread pool, resolving to null or the stat pair (POSIX); ENOSYS on Windows', async () => {
  const dir = tempDir();
  const target = path.join(dir, 'a.txt');
  writeFileSync(target, 'old\n');
  const bad = argsFor(dir, target, 'old\n');
  bad[8] = 'XYZ';
  assert.throws(() => raw.replaceCheckedAsync(...bad), { name: 'TypeError' });
  if (isWindows) {
    await assert.rejects(raw.replaceCheckedAsync(...argsFor(dir, target, 'old\n')), { code: 'ENOSYS' });
    assert.equal(readFileSync(target, 'utf8'), 'old\n');
    return;
  }
  assert.equal(await raw.replaceCheckedAsync(...argsFor(dir, target, 'other\n')), null);
  assert.equal(readFileSync(target, 'utf8'), 'old\n');
  const pair = await raw.replaceCheckedAsync(...argsFor(dir, target, 'old\n'));
  assert.equal(readFileSync(target, 'utf8'), 'new\n');
  raw.statPath(target, false);
  assert.deepEqual(decodeStat(...pair), decodeStat(raw.statNumbers, raw.statBigInts));
  assert.deepEqual(readdirSync(dir), ['a.txt']);
});

// readSeen, the raw form of readUnchanged: the whole file while it is still the file a stat described.
function statArgs(file) {
  raw.statPath(file, false);
  const st = decodeStat(raw.statNumbers, raw.statBigInts);
  return [st.identity.volume, st.identity.fileId, st.size, st.mode, st.mtimeNs, st.ctimeNs];
}

test('readSeen: bad arguments are TypeErrors', () => {
  const file = path.join(tempDir(), 'a.txt');
  writeFileSync(file, 'text\n');
  const good = [file, ...statArgs(file)];
  for (const [at, value] of [
    [1, 'XYZ'],
    [2, ''],
    [5, 1],
  ]) {
    const args = [...good];
    args[at] = value;
    assert.throws(() => raw.readSeen(...args), { name: 'TypeError' }, `argument ${at}`);
  }
});

test('readSeen reads a file still as seen, and nothing else (POSIX); ENOSYS on Windows', () => {
  const dir = tempDir();
  const file = path.join(dir, 'a.txt');
  writeFileSync(file, 'text\n');
  if (isWindows) {
    assert.throws(() => raw.readSeen(file, ...statArgs(file)), { code: 'ENOSYS' });
    return;
  }
  assert.equal(raw.readSeen(file, ...statArgs(file))?.toString(), 'text\n');
  const other = path.join(dir, 'b.txt');
  writeFileSync(other, 'text\n');
  assert.equal(raw.readSeen(other, ...statArgs(file)), undefined);
});
