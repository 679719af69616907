// The end snapshot takes the start snapshot's hashes of files unchanged since, under Git's
// racily-clean rule, and records exactly what it would have recorded by reading them again.
import { lstatSync, realpathSync, utimesSync, writeFileSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceChange } from '../../src/state/workspace-change.js';
import { fileSystemNow, identity, reusable } from '../../src/state/snapshot-reuse.js';
import { reusedHashes, takeSnapshot } from '../../src/state/workspace-snapshot.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-snapshot-reuse-');

const SECOND = 1_000_000_000n;
const stat = (fields: Partial<Record<'dev' | 'ino' | 'size' | 'mtimeNs' | 'ctimeNs', bigint>>) =>
  ({ dev: 1n, ino: 2n, size: 3n, mtimeNs: 100n * SECOND, ctimeNs: 100n * SECOND, ...fields }) as BigIntStats;

describe('the racily-clean rule', () => {
  const then = identity(stat({}), 'h');
  it('reuses a hash only for a file that looks the same and is older than the start by the margin', () => {
    expect(reusable(then, stat({}), 103n * SECOND, 2000)).toBe(true);
    // Looks the same, but stamped within the margin of the start: it may have been written again
    // in the same tick, with the same size, after it was hashed.
    expect(reusable(then, stat({}), 101n * SECOND, 2000)).toBe(false);
    expect(reusable(then, stat({}), 100n * SECOND, 0)).toBe(false);
    expect(
      reusable(identity(stat({ ctimeNs: 102n * SECOND }), 'h'), stat({ ctimeNs: 102n * SECOND }), 103n * SECOND, 2000),
    ).toBe(false);
    expect(reusable(then, stat({}), null, 0)).toBe(false);
  });
  it('reads again a file whose inode, size, or times differ', () => {
    for (const changed of [
      { ino: 9n },
      { dev: 9n },
      { size: 4n },
      { mtimeNs: 99n * SECOND },
      { ctimeNs: 101n * SECOND },
    ])
      expect(
        reusable(then, stat(changed), 200n * SECOND, 2000),
        JSON.stringify(changed, (_, v) => String(v)),
      ).toBe(false);
  });
});

// Waits (for a condition, not a duration) until the file system's clock has passed every file's
// change time, so the margin-free rule may reuse them.
async function clockPast(ws: string, files: string[]): Promise<void> {
  const newest = files.map((file) => lstatSync(file, { bigint: true }).ctimeNs).reduce((a, b) => (a > b ? a : b));
  for (let now = await fileSystemNow(ws); now === null || now <= newest; now = await fileSystemNow(ws)) {
    if (now === null) throw new Error('the state folder cannot be written');
  }
}

describe('hashes taken from the start snapshot', () => {
  it('are reused for unchanged files, and a changed file is read again', async () => {
    const ws = realpathSync(tempDir());
    const files = ['a.txt', 'b.txt', 'c.txt'].map((name) => path.join(ws, name));
    for (const file of files) writeFileSync(file, `${path.basename(file)}\n`);
    await clockPast(ws, files);
    const limits = { racyMarginMs: 0 };
    const before = await takeSnapshot(ws, limits);
    const after = await takeSnapshot(ws, limits, before);
    expect(reusedHashes(after)).toBe(3);
    expect(after.files).toEqual(before.files);

    writeFileSync(files[1]!, 'B.txt\n'); // same size
    const end = await takeSnapshot(ws, limits, after);
    expect(reusedHashes(end)).toBe(2);
    expect(workspaceChange(after, end)).toMatchObject({ modified: ['b.txt'], added: [], deleted: [] });
  });

  it('are not reused for a file written just before the start, even when it looks the same', async () => {
    const ws = realpathSync(tempDir());
    const file = path.join(ws, 'racy.txt');
    writeFileSync(file, 'one\n');
    const before = await takeSnapshot(ws);
    // Rewritten at once with the same size and its old modification time: a racy file.
    const { mtime } = lstatSync(file);
    writeFileSync(file, 'two\n');
    utimesSync(file, mtime, mtime);
    const end = await takeSnapshot(ws, {}, before);
    expect(reusedHashes(end)).toBe(0);
    expect(workspaceChange(before, end).modified).toEqual(['racy.txt']);
  });

  it('are not reused for an unchanged file stamped within the margin of the start', async () => {
    const ws = realpathSync(tempDir());
    const file = path.join(ws, 'young.txt');
    writeFileSync(file, 'young\n');
    await clockPast(ws, [file]); // without the margin it could be reused
    const limits = { racyMarginMs: 3_600_000 }; // any file this test writes is younger than that
    const before = await takeSnapshot(ws, limits);
    expect(reusedHashes(await takeSnapshot(ws, limits, before))).toBe(0);
    expect(reusedHashes(await takeSnapshot(ws, { racyMarginMs: 0 }, before))).toBe(1);
  });

  it('spend the hash budget as reading would, so the snapshot records the same', async () => {
    const ws = realpathSync(tempDir());
    const files = [0, 1, 2, 3].map((i) => path.join(ws, `f${i}.txt`));
    for (const file of files) writeFileSync(file, '12345678\n');
    await clockPast(ws, files);
    const limits = { racyMarginMs: 0, maxHashBytes: 20 };
    const before = await takeSnapshot(ws, limits);
    const after = await takeSnapshot(ws, limits, before);
    expect(reusedHashes(after)).toBe(2);
    const fresh = await takeSnapshot(ws, limits);
    expect({ ...after, at: '' }).toEqual({ ...fresh, at: '' });
    expect(after.truncated).toBe(true);
  });
});
