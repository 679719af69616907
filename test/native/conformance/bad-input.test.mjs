// Bad input is a TypeError or RangeError with Node's codes, never a crash.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isWindows, native, raw, underWine } from './helpers.mjs';

test('a non-string path is ERR_INVALID_ARG_TYPE', () => {
  for (const bad of [undefined, null, 42, {}, Buffer.from('x')]) {
    assert.throws(() => raw.statPath(bad, true), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  }
  assert.throws(() => raw.renameNoReplace('a'), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  assert.throws(() => raw.linkNoOverwrite(1, 2), { name: 'TypeError' });
  assert.throws(() => raw.fsyncDirectory(), { name: 'TypeError' });
  assert.throws(() => raw.lockTry(false, true), { name: 'TypeError' });
});

test('an empty path or one with a NUL byte is ERR_INVALID_ARG_VALUE', () => {
  assert.throws(() => raw.statPath('', true), { name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE' });
  assert.throws(() => raw.statPath('a\0b', true), { name: 'TypeError', code: 'ERR_INVALID_ARG_VALUE' });
});

test('a bad descriptor or token is a TypeError or RangeError', () => {
  assert.throws(() => raw.statFd('3'), { name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' });
  assert.throws(() => raw.statFd(-1), { name: 'RangeError', code: 'ERR_OUT_OF_RANGE' });
  assert.throws(() => raw.statFd(1.5), { name: 'RangeError' });
  assert.throws(() => raw.lockRelease('1'), { name: 'TypeError' });
});

test('a descriptor past INT32_MAX is ERR_OUT_OF_RANGE, never truncated into another descriptor', () => {
  // 2 ** 32 + 1 used to be cast to int and describe descriptor 1 (stdout).
  for (const bad of [2 ** 31, 2 ** 32 + 1, 2 ** 53 + 2, 2 ** 63, 2 ** 64, Infinity, NaN]) {
    assert.throws(() => raw.statFd(bad), { name: 'RangeError', code: 'ERR_OUT_OF_RANGE' }, String(bad));
    assert.throws(() => raw.statFdAsync(bad), { name: 'RangeError', code: 'ERR_OUT_OF_RANGE' }, String(bad));
  }
  for (const bad of [2 ** 53, 2 ** 63, 2 ** 64, Infinity]) {
    assert.throws(() => raw.lockRelease(bad), { name: 'RangeError', code: 'ERR_OUT_OF_RANGE' }, String(bad));
  }
});

test('the async forms throw synchronously on bad arguments, like node:fs', () => {
  assert.throws(() => raw.statPathAsync(7, true), { name: 'TypeError' });
  assert.throws(() => raw.renameNoReplaceAsync('a', null), { name: 'TypeError' });
});

test('backend names the platform and a strategy for every operation', () => {
  assert.equal(native.backend.platform, process.platform);
  for (const key of ['stat', 'rename', 'link', 'fsyncDirectory', 'lock']) {
    assert.equal(typeof native.backend[key], 'string');
    assert.ok(native.backend[key].length > 0, key);
  }
  assert.ok(Object.isFrozen(native.backend));
  if (isWindows) {
    assert.equal(native.backend.stat, 'FileIdInfo');
    // Windows 10 1607+ knows FileRenameInfoEx; Wine 8 does not, and the load-time probe sees that.
    assert.equal(native.backend.rename, underWine ? 'FileRenameInfo' : 'FileRenameInfoEx');
    assert.equal(native.backend.lock, 'LockFileEx');
  }
});
