// publishSmall's two ways to replace a small file: one native call (replaceChecked) while the
// target is exactly as read under the lock, else the steps one by one, whose re-check decides.
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsError } from '../../src/fs/errors.js';
import { realOps } from '../../src/fs/fs-ops.js';
import { publishSmall } from '../../src/fs/publish.js';
import { statPath } from '../../src/native/index.js';
import { tempDir } from './helpers.js';

function setUp() {
  const dir = tempDir();
  const target = path.join(dir, 'a.txt');
  writeFileSync(target, 'old\n');
  const read = Buffer.from('old\n');
  const expected = { stat: statPath(target, { follow: false }), bytes: read };
  let rechecks = 0;
  // The re-check of the steps one by one, as rewriteObserved's: the bytes must still be the ones read.
  const verifySync = () => {
    rechecks++;
    if (!readFileSync(target).equals(read)) throw new FsError('FS_STALE_VERSION', 'a.txt: changed');
  };
  const publish = () =>
    publishSmall(
      Buffer.from('new\n'),
      { kind: 'replace', target, shown: 'a.txt', ops: realOps, mode: 0o644, verifySync, expected },
      realOps.sync!,
    );
  return { dir, target, publish, rechecks: () => rechecks };
}

describe.runIf(realOps.sync)('publishSmall', () => {
  it('replaces an unchanged target in one call: the step-by-step re-check never runs', async () => {
    const { dir, target, publish, rechecks } = setUp();
    const version = await publish();
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(version.identity).toEqual(statPath(target).identity);
    expect(rechecks()).toBe(0);
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('after a change since the read, publishes nothing: the step-by-step re-check says why', async () => {
    const { dir, target, publish, rechecks } = setUp();
    writeFileSync(target, 'two\n');
    await expect(publish()).rejects.toMatchObject({ code: 'FS_STALE_VERSION' });
    expect(rechecks()).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('two\n');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('when only the target’s times moved, the steps one by one publish (times alone are no change)', async () => {
    const { dir, target, publish, rechecks } = setUp();
    utimesSync(target, new Date(0), new Date(0));
    await publish();
    expect(rechecks()).toBe(1);
    expect(readFileSync(target, 'utf8')).toBe('new\n');
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });
});
