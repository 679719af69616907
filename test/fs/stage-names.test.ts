// Which staged files count as crash leftovers.
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { isOrphan, stagePath, STAGE_PREFIX } from '../../src/fs/stage-names.js';
import path from 'node:path';

describe('staged file names', () => {
  const hour = 60 * 60 * 1000;
  const now = Date.now();

  it('a stage of a live process on this host is kept; of a dead one, removed', async () => {
    const mine = path.basename(stagePath('/x'));
    expect(mine.startsWith(STAGE_PREFIX)).toBe(true);
    expect(isOrphan(mine, now, now, hour)).toBe(false);
    const child = execa('true');
    const pid = child.pid;
    await child;
    const dead = mine.replace(`.${process.pid}.`, `.${pid}.`);
    expect(isOrphan(dead, now, now, hour)).toBe(true);
  });

  it('a stage from another host is removed only once it is old', () => {
    const foreign = `${STAGE_PREFIX}00000000.1.abcdef`;
    expect(isOrphan(foreign, now, now, hour)).toBe(false);
    expect(isOrphan(foreign, now - 2 * hour, now, hour)).toBe(true);
    expect(isOrphan('notes.txt', now - 2 * hour, now, hour)).toBe(false);
  });
});
