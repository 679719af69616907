// Run state's whole-file writes, made with the fs layer's publication steps: a new file never
// replaces one that is there (the name moves on), a replace is whole, and a write that fails
// leaves no temporary file behind.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replaceFileAtomic, writeNewFileAtomic } from '../../src/state/atomic-write.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('pb-atomic-write-');

describe('writeNewFileAtomic', () => {
  it('writes under the first free name, never over a file that is there, and leaves no temporary file', async () => {
    const dir = path.join(tempDir(), 'incidents');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'run.json'), 'theirs');
    const written = await writeNewFileAtomic(dir, 'run', '.json', '{"a":1}\n');
    expect(written).toBe(path.join(dir, 'run-2.json'));
    expect(readFileSync(written, 'utf8')).toBe('{"a":1}\n');
    expect(readFileSync(path.join(dir, 'run.json'), 'utf8')).toBe('theirs');
    expect(readdirSync(dir).sort()).toEqual(['run-2.json', 'run.json']);
  });
});

describe('replaceFileAtomic', () => {
  it('replaces the file whole and removes its temporary name', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'ledger.jsonl');
    writeFileSync(target, 'old\n');
    await replaceFileAtomic(target, path.join(dir, '.ledger.jsonl.1.tmp'), 'new\n');
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(readdirSync(dir)).toEqual(['ledger.jsonl']);
  });

  it('when the rename fails, says so and removes the temporary file', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'ledger.jsonl');
    mkdirSync(path.join(target, 'inside'), { recursive: true });
    await expect(replaceFileAtomic(target, path.join(dir, '.ledger.jsonl.1.tmp'), 'new\n')).rejects.toMatchObject({
      code: expect.stringMatching(/^E(ISDIR|NOTEMPTY|EXIST|PERM|ACCES)$/),
    });
    expect(readdirSync(dir)).toEqual(['ledger.jsonl']);
  });
});
