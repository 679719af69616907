// Cross-process locks: a lock held by another process is seen as held, without waiting.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { isWindows, native, tempDir } from './helpers.mjs';

const dir = tempDir();
const holderScript = fileURLToPath(new URL('./lock-holder.mjs', import.meta.url));

// Starts a process that takes the lock and says "held"; it releases and exits on "release".
async function holder(lockPath, exclusive) {
  const child = spawn(process.execPath, [holderScript, lockPath, exclusive ? 'exclusive' : 'shared'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  const [line] = await once(child.stdout, 'data');
  assert.equal(line.trim(), 'held');
  return {
    async release() {
      child.stdin.end('release\n');
      const [code] = await once(child, 'exit');
      assert.equal(code, 0);
    },
  };
}

test('an exclusive lock held by another process is EAGAIN, and free after it releases', async () => {
  const lockPath = path.join(dir, 'ex.lock');
  const other = await holder(lockPath, true);
  assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
  assert.throws(() => native.lockTry(lockPath, false), { code: 'EAGAIN' });
  await other.release();
  native.lockRelease(native.lockTry(lockPath, true));
});

test('shared locks coexist across processes; an exclusive one is refused meanwhile', async () => {
  const lockPath = path.join(dir, 'sh.lock');
  const other = await holder(lockPath, false);
  const mine = native.lockTry(lockPath, false);
  assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
  native.lockRelease(mine);
  await other.release();
});

test('a lock ends with the process that held it', async () => {
  const lockPath = path.join(dir, 'exit.lock');
  const child = spawn(process.execPath, [holderScript, lockPath, 'exclusive'], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdout.setEncoding('utf8');
  await once(child.stdout, 'data');
  assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
  child.kill();
  await once(child, 'exit');
  native.lockRelease(native.lockTry(lockPath, true));
});

test('two attempts in one process conflict too (locks belong to the open file)', () => {
  const lockPath = path.join(dir, 'self.lock');
  const first = native.lockTry(lockPath, true);
  assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
  native.lockRelease(first);
  native.lockRelease(native.lockTry(lockPath, true));
});

test('a parked lock is free for others while its file stays open, and retaken without reopening (POSIX); ENOSYS on Windows', async () => {
  const lockPath = path.join(dir, 'park.lock');
  const mine = native.lockTry(lockPath, true);
  if (isWindows) {
    assert.throws(() => native.lockPark(mine), { code: 'ENOSYS' });
    assert.throws(() => native.lockRetake(mine, true), { code: 'ENOSYS' });
    // Still held: parking did nothing.
    assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
    native.lockRelease(mine);
    return;
  }
  native.lockPark(mine);
  // Parked: another process takes and gives back the lock meanwhile.
  const other = await holder(lockPath, true);
  assert.throws(() => native.lockRetake(mine, true), { code: 'EAGAIN' });
  await other.release();
  assert.equal(native.lockRetake(mine, true), true);
  // Held again: another attempt (another open file) is refused until it is parked.
  assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
  native.lockPark(mine);
  native.lockRelease(native.lockTry(lockPath, true));
  native.lockRelease(mine);
  assert.throws(() => native.lockPark(mine), { code: 'EBADF' });
  assert.throws(() => native.lockRetake(mine, true), { code: 'EBADF' });
});

test(
  'retaking a parked lock whose file was removed holds nothing and says so',
  { skip: isWindows && 'not built on Windows (ENOSYS)' },
  () => {
    const lockPath = path.join(dir, 'removed.lock');
    const mine = native.lockTry(lockPath, true);
    native.lockPark(mine);
    fs.rmSync(lockPath);
    // A lock on the removed file would exclude no one who opens the path now.
    assert.equal(native.lockRetake(mine, true), false);
    native.lockRelease(mine);
    native.lockRelease(native.lockTry(lockPath, true));
  },
);

test('releasing an unknown token fails EBADF', () => {
  assert.throws(() => native.lockRelease(987654321), { code: 'EBADF' });
});

// A worker that takes a lock with the raw addon and reports its token; it stays alive until told
// to end ("exit") and never releases the lock itself.
async function lockingWorker(lockPath) {
  const addon = path.resolve(process.env.PEER_BRIDGE_NATIVE_PATH);
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const raw = require(workerData.addon);
     parentPort.postMessage(raw.lockTry(workerData.lockPath, true));
     parentPort.once('message', () => parentPort.close());`,
    { eval: true, workerData: { addon, lockPath } },
  );
  const [token] = await once(worker, 'message');
  return { worker, token };
}

test('a lock a worker thread took ends with that worker, released or not', async () => {
  const lockPath = path.join(dir, 'worker.lock');
  const { worker } = await lockingWorker(lockPath);
  try {
    assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
  } finally {
    worker.postMessage('exit');
  }
  const [code] = await once(worker, 'exit');
  assert.equal(code, 0);
  native.lockRelease(native.lockTry(lockPath, true));
});

test('a lock a terminated worker took is released too', async () => {
  const lockPath = path.join(dir, 'terminated.lock');
  const { worker } = await lockingWorker(lockPath);
  await worker.terminate();
  native.lockRelease(native.lockTry(lockPath, true));
});

test("another thread's token is EBADF here and leaves its lock held", async () => {
  const lockPath = path.join(dir, 'foreign.lock');
  const { worker, token } = await lockingWorker(lockPath);
  try {
    assert.throws(() => native.lockRelease(token), { code: 'EBADF' });
    assert.throws(() => native.lockTry(lockPath, true), { code: 'EAGAIN' });
  } finally {
    await worker.terminate();
  }
});

// Windows needs developer mode or a privilege to make symlinks.
function canSymlink() {
  const probe = path.join(dir, 'probe-link');
  try {
    fs.symlinkSync(path.join(dir, 'nowhere'), probe);
    fs.unlinkSync(probe);
    return true;
  } catch {
    return false;
  }
}

test(
  'a lock file that is a symbolic link is refused (ELOOP), and nothing is made at its target',
  { skip: !canSymlink() && 'creating symlinks is not permitted here' },
  () => {
    // The lock file is opened with O_CREAT: following a link someone planted there would create (or
    // lock) a file of their choosing, as this user. Callers' lstat checks before lock() leave a race.
    const target = path.join(dir, 'victim.txt');
    const link = path.join(dir, 'planted.lock');
    fs.symlinkSync(target, link);
    assert.throws(() => native.lockTry(link, true), { code: 'ELOOP' });
    assert.equal(fs.existsSync(target), false);
    fs.writeFileSync(target, 'mine');
    assert.throws(() => native.lockTry(link, false), { code: 'ELOOP' });
    // The target itself stays lockable: no lock was left on it.
    native.lockRelease(native.lockTry(target, true));
    assert.equal(fs.readFileSync(target, 'utf8'), 'mine');
  },
);
