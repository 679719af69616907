// readWholeSync with the stat its caller took under the locks (`seen`): it may skip the stat
// between open and read, but only while the path is still that same, unchanged regular file;
// anything else must get the answer of the full read.
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsError } from '../../src/fs/errors.js';
import { readWholeSync } from '../../src/fs/small-file.js';
import { digestOf } from '../../src/fs/version.js';
import { statPath } from '../../src/native/index.js';
import { tempDir } from './helpers.js';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof FsError ? error.code : `not an FsError: ${String(error)}`;
  }
  return undefined;
}

describe('readWholeSync with the caller’s stat', () => {
  it('reads an unchanged file with the same bytes and version as the full read', () => {
    const file = path.join(tempDir(), 'a.txt');
    writeFileSync(file, 'one\ntwo\n'.repeat(600));
    const seen = statPath(file, { follow: false });
    const quick = readWholeSync(file, 'a.txt', undefined, seen);
    const full = readWholeSync(file, 'a.txt');
    expect(quick?.bytes.equals(full!.bytes)).toBe(true);
    expect(quick?.version).toEqual(full?.version);
    expect(quick?.version.digest).toBe(digestOf(full!.bytes));
  });

  it('after a change since the stat, answers with the bytes and version of the file now', () => {
    const file = path.join(tempDir(), 'a.txt');
    writeFileSync(file, 'old content\n');
    const seen = statPath(file, { follow: false });
    writeFileSync(file, 'new content\n'); // same size, in place
    const read = readWholeSync(file, 'a.txt', { bytes: Buffer.from('old content\n'), digest: 'not-this' }, seen);
    expect(read?.bytes.toString()).toBe('new content\n');
    expect(read?.version.digest).toBe(digestOf(Buffer.from('new content\n')));
    expect(read?.version.ctimeNs).toBe(statPath(file, { follow: false }).ctimeNs);
  });

  it('after the path was replaced by another file, reads that file (its bytes and identity)', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.txt');
    writeFileSync(file, 'first\n');
    const seen = statPath(file, { follow: false });
    writeFileSync(path.join(dir, 'b.txt'), 'other\n');
    renameSync(path.join(dir, 'b.txt'), file);
    const read = readWholeSync(file, 'a.txt', undefined, seen);
    expect(read?.bytes.toString()).toBe('other\n');
    expect(read?.version.identity).toEqual(statPath(file, { follow: false }).identity);
    expect(read?.version.identity).not.toEqual(seen.identity);
  });

  it('gives the full read’s answer when the path became something else since the stat', () => {
    const dir = tempDir();
    const file = path.join(dir, 'a.txt');
    const replaceWith = (make: () => void) => {
      rmSync(file, { recursive: true, force: true });
      writeFileSync(file, 'text\n');
      const seen = statPath(file, { follow: false });
      rmSync(file);
      make();
      return seen;
    };
    let seen = replaceWith(() => mkdirSync(file));
    expect(codeOf(() => readWholeSync(file, 'a.txt', undefined, seen))).toBe('FS_IS_DIRECTORY');
    seen = replaceWith(() => execFileSync('mkfifo', [file]));
    expect(codeOf(() => readWholeSync(file, 'a.txt', undefined, seen))).toBe('FS_INVALID_ARGUMENT');
    writeFileSync(path.join(dir, 'target.txt'), 'text\n');
    seen = replaceWith(() => symlinkSync('target.txt', file));
    expect(codeOf(() => readWholeSync(file, 'a.txt', undefined, seen))).toBe('FS_STALE_VERSION');
    seen = replaceWith(() => symlinkSync('missing.txt', file));
    expect(codeOf(() => readWholeSync(file, 'a.txt', undefined, seen))).toBe('FS_NOT_FOUND');
    seen = replaceWith(() => undefined);
    expect(readWholeSync(file, 'a.txt', undefined, seen)).toBeUndefined();
  });
});
