import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fsyncDirectory, linkNoOverwrite, promises, renameNoReplace, statPath } from '../../src/native/index.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { mountTmpfs } from '../helpers/privileged.js';

const tempDir = useTempDir();

function file(name: string, content: string, dir = tempDir()): string {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
}

describe('renameNoReplace', () => {
  it('moves a file to a free name, keeping its identity', () => {
    const from = file('a.txt', 'A');
    const id = statPath(from).identity;
    const to = path.join(tempDir(), 'b.txt');
    renameNoReplace(from, to);
    expect(existsSync(from)).toBe(false);
    expect(readFileSync(to, 'utf8')).toBe('A');
    expect(statPath(to).identity).toEqual(id);
  });

  it('refuses an existing target with EEXIST and leaves both files untouched', () => {
    const from = file('a.txt', 'A');
    const to = file('b.txt', 'B');
    const fromId = statPath(from).identity;
    const toId = statPath(to).identity;
    expect(() => renameNoReplace(from, to)).toThrow(expect.objectContaining({ code: 'EEXIST', syscall: 'renameat2' }));
    expect(readFileSync(from, 'utf8')).toBe('A');
    expect(readFileSync(to, 'utf8')).toBe('B');
    expect(statPath(from).identity).toEqual(fromId);
    expect(statPath(to).identity).toEqual(toId);
  });

  it('says ENOENT for a missing source, naming both paths', () => {
    const from = path.join(tempDir(), 'missing');
    const to = path.join(tempDir(), 'b');
    let error: NodeJS.ErrnoException | undefined;
    try {
      renameNoReplace(from, to);
    } catch (e) {
      error = e as NodeJS.ErrnoException;
    }
    expect(error).toMatchObject({ code: 'ENOENT', path: from, dest: to });
    expect(error?.message).toContain('renameNoReplace');
  });

  it('refuses across filesystems with EXDEV instead of copying', (ctx) => {
    // A second filesystem made by the test (a tmpfs; root only, required in CI).
    const other = path.join(tempDir(), 'other-fs');
    const unmount = mountTmpfs(ctx, other);
    try {
      const from = file('a.txt', 'A');
      const to = path.join(other, 'a.txt');
      expect(() => renameNoReplace(from, to)).toThrow(expect.objectContaining({ code: 'EXDEV' }));
      expect(() => linkNoOverwrite(from, to)).toThrow(expect.objectContaining({ code: 'EXDEV' }));
      expect(existsSync(to)).toBe(false);
      expect(readFileSync(from, 'utf8')).toBe('A');
    } finally {
      unmount();
    }
  });

  it('has a Promise form that rejects the same way', async () => {
    const from = file('a.txt', 'A');
    const to = file('b.txt', 'B');
    await expect(promises.renameNoReplace(from, to)).rejects.toMatchObject({ code: 'EEXIST' });
    await promises.renameNoReplace(from, path.join(tempDir(), 'c.txt'));
    expect(readFileSync(path.join(tempDir(), 'c.txt'), 'utf8')).toBe('A');
  });
});

describe('linkNoOverwrite', () => {
  it('adds a second name for the same file', () => {
    const existing = file('a.txt', 'A');
    const alias = path.join(tempDir(), 'b.txt');
    linkNoOverwrite(existing, alias);
    expect(statPath(alias).identity).toEqual(statPath(existing).identity);
  });

  it('never overwrites an existing name', async () => {
    const existing = file('a.txt', 'A');
    const taken = file('b.txt', 'B');
    expect(() => linkNoOverwrite(existing, taken)).toThrow(
      expect.objectContaining({ code: 'EEXIST', syscall: 'link' }),
    );
    await expect(promises.linkNoOverwrite(existing, taken)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(taken, 'utf8')).toBe('B');
  });

  it('refuses to link a directory', () => {
    const dir = path.join(tempDir(), 'd');
    mkdirSync(dir);
    expect(() => linkNoOverwrite(dir, path.join(tempDir(), 'e'))).toThrow(expect.objectContaining({ code: 'EPERM' }));
  });
});

describe('fsyncDirectory', () => {
  it('flushes a directory, sync and async', async () => {
    expect(() => fsyncDirectory(tempDir())).not.toThrow();
    await expect(promises.fsyncDirectory(tempDir())).resolves.toBeUndefined();
  });

  it('says ENOTDIR for a file and ENOENT for a missing path', () => {
    const f = file('a.txt', 'A');
    expect(() => fsyncDirectory(f)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
    expect(() => fsyncDirectory(path.join(tempDir(), 'missing'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
