// Directory fsync: what makes a rename or create inside a directory durable.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { native, tempDir, write } from './helpers.mjs';

const dir = tempDir();

test('fsyncDirectory succeeds on a directory after a rename inside it', async () => {
  const from = write(path.join(dir, 'a.txt'), 'x');
  native.renameNoReplace(from, path.join(dir, 'b.txt'));
  assert.equal(native.fsyncDirectory(dir), undefined);
  assert.equal(await native.fsyncDirectoryAsync(dir), undefined);
});

test('fsyncDirectory of a file fails ENOTDIR', () => {
  assert.throws(() => native.fsyncDirectory(write(path.join(dir, 'file.txt'), 'x')), { code: 'ENOTDIR' });
});

test('fsyncDirectory of a missing directory fails ENOENT', () => {
  assert.throws(() => native.fsyncDirectory(path.join(dir, 'missing')), { code: 'ENOENT' });
});
