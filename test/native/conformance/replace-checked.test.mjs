// replaceChecked, the raw binding's one-call replace: argument checks on every OS; on POSIX it
// publishes over the file it expects and over nothing else; on Windows it is not built (ENOSYS).
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
