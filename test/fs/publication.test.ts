// The publication steps written once, run by both drivers on real files: the synchronous path
// (syncIo with the synchronous renames, as under the lock) and the asynchronous one publish the
// same way, refuse the same way, and leave no stage behind.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsError } from '../../src/fs/errors.js';
import { asyncIo, syncIo, type FileIo } from '../../src/fs/file-io.js';
import { realOps } from '../../src/fs/fs-ops.js';
import { placeSteps, publishSteps, type PlaceOps, type PublishSpec } from '../../src/fs/publication.js';
import { runAsync, runSync } from '../../src/fs/steps.js';
import { digestOf } from '../../src/fs/version.js';
import { linkNoOverwrite, renameNoReplace, statPath } from '../../src/native/index.js';
import { tempDir } from './helpers.js';

// The synchronous renames exist on POSIX only (Windows takes the asynchronous path).
const paths = [
  ['asynchronous', asyncIo as FileIo<unknown>, realOps],
  ...(realOps.sync ? [['synchronous', syncIo as FileIo<unknown>, realOps.sync] as const] : []),
] as const;

describe.each(paths)('publishSteps, %s', (_name, io, ops) => {
  const publish = (spec: PublishSpec, bytes: Buffer, verify?: () => unknown) =>
    runAsync(publishSteps(io, ops, bytes, spec, verify));

  it('replaces the target with the new bytes and its mode, and returns the version of the new file', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'a.txt');
    writeFileSync(target, 'old\n');
    const bytes = Buffer.from('new\r\n');
    const version = await publish({ kind: 'replace', target, shown: 'a.txt', mode: 0o100640 }, bytes);
    expect(readFileSync(target)).toEqual(bytes);
    expect(readdirSync(dir)).toEqual(['a.txt']);
    expect(version.identity).toEqual(statPath(target).identity);
    expect(version.digest).toBe(digestOf(bytes));
    if (process.platform !== 'win32') expect(statSync(target).mode & 0o777).toBe(0o640);
  });

  it('a create never overwrites: FS_EXISTS, the file that is there untouched, no stage left', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'a.txt');
    writeFileSync(target, 'theirs\n');
    await expect(publish({ kind: 'create', target, shown: 'a.txt' }, Buffer.from('mine\n'))).rejects.toMatchObject({
      code: 'FS_EXISTS',
    });
    expect(readFileSync(target, 'utf8')).toBe('theirs\n');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('a failed re-check publishes nothing and removes the stage', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'a.txt');
    writeFileSync(target, 'old\n');
    const verify = () => {
      throw new FsError('FS_STALE_VERSION', 'a.txt: changed');
    };
    await expect(
      publish({ kind: 'replace', target, shown: 'a.txt' }, Buffer.from('new\n'), verify),
    ).rejects.toMatchObject({ code: 'FS_STALE_VERSION' });
    expect(readFileSync(target, 'utf8')).toBe('old\n');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('a directory that refuses new files is FS_IO_ERROR naming the target, and nothing changes', async () => {
    const dir = tempDir();
    const target = path.join(dir, 'missing', 'a.txt');
    await expect(publish({ kind: 'create', target, shown: 'missing/a.txt' }, Buffer.from('x'))).rejects.toThrow(
      /^missing\/a\.txt: cannot write a new file in its directory \(ENOENT\)/,
    );
  });
});

// The synchronous forms of the three placements, as version-key.ts makes them.
const syncLinkOps: PlaceOps = { rename: renameSync, renameNoReplace, linkNoOverwrite };

describe('placeSteps with a link', () => {
  it('links without overwriting: EEXIST as the system says it, the file there untouched', () => {
    const dir = tempDir();
    const [stage, target] = [path.join(dir, 'stage'), path.join(dir, 'target')];
    writeFileSync(stage, 'new');
    writeFileSync(target, 'theirs');
    expect(() => runSync(placeSteps(syncLinkOps, 'link', stage, target))).toThrow(
      expect.objectContaining({ code: 'EEXIST' }),
    );
    expect(readFileSync(target, 'utf8')).toBe('theirs');
  });

  it('where hard links are refused (EPERM), publishes with a no-replace rename instead', async () => {
    const dir = tempDir();
    const [stage, target] = [path.join(dir, 'stage'), path.join(dir, 'target')];
    writeFileSync(stage, 'new');
    // A filesystem without hard links cannot be made here without root: the link's refusal is forced.
    const ops: PlaceOps = {
      ...realOps,
      linkNoOverwrite: () => Promise.reject(Object.assign(new Error('no links here'), { code: 'EPERM' })),
    };
    await runAsync(placeSteps(ops, 'link', stage, target));
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['target']);
  });
});
