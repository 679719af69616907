import { chmodSync, chownSync, closeSync, linkSync, openSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promises, statFd, statPath } from '../../src/native/index.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir();

function nodeIdentity(p: string) {
  const st = statSync(p, { bigint: true });
  return { volume: st.dev.toString(16), fileId: st.ino.toString(16) };
}

function file(name: string, content = 'hello\n'): string {
  const p = path.join(tempDir(), name);
  writeFileSync(p, content);
  return p;
}

describe('file identity', () => {
  it('equals the dev and ino that fs.statSync reports', () => {
    const p = file('a.txt');
    expect(statPath(p).identity).toEqual(nodeIdentity(p));
  });

  it('is the same whether read from a path or from an open descriptor', () => {
    const p = file('a.txt');
    const fd = openSync(p, 'r');
    try {
      const byFd = statFd(fd);
      const byPath = statPath(p);
      expect(byFd.identity).toEqual(byPath.identity);
      expect(byFd.size).toBe(6);
      expect(byFd.kind).toBe('file');
      expect(byFd.ctimeNs).toBe(byPath.ctimeNs);
    } finally {
      closeSync(fd);
    }
  });

  it('reports the owner like fs.statSync, from a path and from a descriptor', () => {
    const p = file('owned.txt');
    if (process.getuid?.() === 0) chownSync(p, 12345, 23456); // root: an owner that is not ours
    const theirs = statSync(p);
    expect(statPath(p).owner).toEqual({ uid: theirs.uid, gid: theirs.gid });
    const fd = openSync(p, 'r');
    try {
      expect(statFd(fd).owner).toEqual({ uid: theirs.uid, gid: theirs.gid });
    } finally {
      closeSync(fd);
    }
  });

  it('reports size, mode, nlink and ns times like fs.statSync', () => {
    const p = file('a.txt', 'x'.repeat(1234));
    const ours = statPath(p);
    const theirs = statSync(p, { bigint: true });
    expect(ours.size).toBe(1234);
    expect(ours.mode).toBe(Number(theirs.mode));
    expect(ours.nlink).toBe(1);
    expect(ours.mtimeNs).toBe(theirs.mtimeNs);
    expect(ours.ctimeNs).toBe(theirs.ctimeNs);
    expect(typeof ours.mtimeNs).toBe('bigint');
  });

  it('survives a rename', () => {
    const p = file('a.txt');
    const before = statPath(p).identity;
    const moved = path.join(tempDir(), 'b.txt');
    renameSync(p, moved);
    expect(statPath(moved).identity).toEqual(before);
  });

  it('is shared by a hard link, which raises nlink', () => {
    const p = file('a.txt');
    const alias = path.join(tempDir(), 'alias.txt');
    linkSync(p, alias);
    expect(statPath(alias).identity).toEqual(statPath(p).identity);
    expect(statPath(p).nlink).toBe(2);
  });

  it('changes when the file is replaced by another one renamed over it', () => {
    const p = file('a.txt');
    const before = statPath(p).identity;
    const staged = file('a.txt.tmp', 'hello\n');
    renameSync(staged, p);
    expect(statPath(p).identity).not.toEqual(before);
    expect(statPath(p).identity).toEqual(nodeIdentity(p));
  });

  it('sees ctime move on chmod while content and mtime stay', () => {
    const p = file('a.txt');
    const before = statPath(p);
    // Wait for the clock to pass the file's ctime tick without sleeping blindly.
    const tick = before.ctimeNs;
    let now = BigInt(Date.now()) * 1_000_000n;
    while (now <= tick + 20_000_000n) now = BigInt(Date.now()) * 1_000_000n;
    chmodSync(p, 0o600);
    const after = statPath(p);
    expect(after.ctimeNs).toBeGreaterThan(before.ctimeNs);
    expect(after.mtimeNs).toBe(before.mtimeNs);
    expect(after.mode & 0o777).toBe(0o600);
  });

  it('describes a directory and a symlink by kind, following links unless told not to', async () => {
    const dir = tempDir();
    const target = file('t.txt');
    const link = path.join(dir, 'link');
    (await import('node:fs')).symlinkSync(target, link);
    expect(statPath(dir).kind).toBe('directory');
    expect(statPath(link).kind).toBe('file');
    expect(statPath(link).identity).toEqual(statPath(target).identity);
    expect(statPath(link, { follow: false }).kind).toBe('symlink');
    expect(statPath(link, { follow: false }).identity).not.toEqual(statPath(target).identity);
  });

  it('has a Promise form that gives the same answer', async () => {
    const p = file('a.txt');
    expect(await promises.statPath(p)).toEqual(statPath(p));
    const fd = openSync(p, 'r');
    try {
      expect(await promises.statFd(fd)).toEqual(statFd(fd));
    } finally {
      closeSync(fd);
    }
  });

  it('reads paths with non-ASCII names', () => {
    const p = file('文件 名.txt');
    expect(statPath(p).identity).toEqual(nodeIdentity(p));
  });
});

describe('results cross into JavaScript through reused buffers', () => {
  it('never lets one call overwrite the answer of an earlier one', () => {
    const a = statPath(file('a.txt', 'aaaa'));
    const b = statPath(file('b.txt', 'bb'));
    expect(a.size).toBe(4);
    expect(b.size).toBe(2);
    expect(a.identity).not.toEqual(b.identity);
  });

  it('works in a worker thread, which has buffers of its own', async () => {
    const { Worker } = await import('node:worker_threads');
    const { createRequire } = await import('node:module');
    const { packageRoot } = await import('../../src/native/load.js');
    const binary = (createRequire(import.meta.url)('node-gyp-build') as { resolve(d: string): string }).resolve(
      packageRoot(),
    );
    const p = file('w.txt', 'worker');
    const worker = new Worker(
      `const { workerData, parentPort } = require('node:worker_threads');
       const b = require(workerData.binary);
       b.statPath(workerData.p, true);
       parentPort.postMessage({ size: b.statNumbers[3], ino: b.statBigInts[4] });`,
      { eval: true, workerData: { binary, p } },
    );
    const reply = await new Promise<{ size: number; ino: bigint }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(reply.size).toBe(6);
    expect(reply.ino).toBe(statSync(p, { bigint: true }).ino);
    expect(statPath(p).size).toBe(6);
  });
});
