// A worker thread ending while its async calls are on the thread pool must not take the process
// down: the Promise it can no longer settle is dropped, as Node's own fs does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tempDir } from './helpers.mjs';

const dir = tempDir();
const child = fileURLToPath(new URL('./terminate-worker.mjs', import.meta.url));

test('terminating a worker with async calls in flight leaves the process running', () => {
  const run = spawnSync(process.execPath, [child, dir], { encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.stderr, '');
  assert.equal(run.stdout, 'survived\n');
  assert.equal(run.status, 0);
});
