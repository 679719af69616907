// readUnchanged: a whole file in one native call, only while it is still the file a stat described.
import { mkdirSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readUnchanged, statPath } from '../../src/native/index.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir();

function setUp(content = 'some text\n'.repeat(500)) {
  const dir = tempDir();
  const file = path.join(dir, 'a.txt');
  writeFileSync(file, content);
  return { dir, file, stat: statPath(file, { follow: false }) };
}

describe.runIf(process.platform !== 'win32')('readUnchanged', () => {
  it('reads an unchanged file whole, with its handle’s stat', () => {
    const { file, stat } = setUp();
    const read = readUnchanged(file, stat);
    expect(read?.bytes.toString()).toBe('some text\n'.repeat(500));
    expect(read?.stat).toEqual(statPath(file, { follow: false }));
    const other = path.join(path.dirname(file), 'other.txt');
    writeFileSync(other, 'some text\n'.repeat(500));
    expect(readUnchanged(other, stat)).toBeUndefined(); // the same bytes, another file's stat
    writeFileSync(other, '');
    expect(readUnchanged(other, statPath(other))?.bytes.length).toBe(0);
  });

  it('reads only the bytes there are, whatever size the stat claims', () => {
    const { file, stat } = setUp();
    expect(readUnchanged(file, { ...stat, size: 2 ** 52 })).toBeUndefined();
    expect(readUnchanged(file, { ...stat, size: 3 })).toBeUndefined();
    expect(readUnchanged(file, stat)?.bytes.length).toBe(stat.size);
    const content = '0123456789abcdef'.repeat(200_000) + 'tail'; // past one 1 MiB chunk
    const big = setUp(content);
    expect(readUnchanged(big.file, big.stat)?.bytes.toString() === content).toBe(true);
  });

  const changes: [string, (file: string, dir: string) => void][] = [
    ['rewritten in place, same size', (file) => writeFileSync(file, 'SOME text\n'.repeat(500))],
    ['grown', (file) => writeFileSync(file, 'some text\n'.repeat(501))],
    ['its times moved', (file) => utimesSync(file, new Date(0), new Date(0))],
    [
      'replaced by a copy',
      (file, dir) => {
        writeFileSync(path.join(dir, 'b.txt'), 'some text\n'.repeat(500));
        renameSync(path.join(dir, 'b.txt'), file);
      },
    ],
    ['removed', (file) => rmSync(file)],
    [
      'a directory now',
      (file) => {
        rmSync(file);
        mkdirSync(file);
      },
    ],
    [
      'a symlink to a copy',
      (file, dir) => {
        writeFileSync(path.join(dir, 'c.txt'), 'some text\n'.repeat(500));
        rmSync(file);
        symlinkSync('c.txt', file);
      },
    ],
  ];
  it.each(changes)('answers undefined once the file is not the one the stat described: %s', (_, change) => {
    const { dir, file, stat } = setUp();
    change(file, dir);
    expect(readUnchanged(file, stat)).toBeUndefined();
  });
});
