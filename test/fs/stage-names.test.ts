// Which files count as staged-file leftovers: only whole names the layer makes, and only orphans.
import { execa } from 'execa';
import { mkdirSync, readdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOrphan, parseStageName, stagePath, STAGE_PREFIX } from '../../src/fs/stage-names.js';
import { bench, ok } from './helpers.js';

const hour = 60 * 60 * 1000;

// A pid that no process has any more: a child that has exited and been reaped.
async function deadPid(): Promise<number> {
  const child = execa('true');
  const pid = child.pid as number;
  await child;
  return pid;
}

// Names a user might give a file, each a near miss of a staged name (or plainly not one).
const nearMisses = [
  '.peer-bridge-stage.notes',
  '.peer-bridge-stage.',
  '.peer-bridge-stage.0123abcd.1.abcdef0123.bak',
  '.peer-bridge-stage.0123abcd.1.abcdef0123~',
  'copy.peer-bridge-stage.0123abcd.1.abcdef0123',
  '.peer-bridge-stage.0123ABCD.1.abcdef0123',
  '.peer-bridge-stage.0123abcd.01.abcdef0123',
  '.peer-bridge-stage.0123abcd.x.abcdef0123',
  '.peer-bridge-stage.0123abcd.1.abcdef',
  '.peer-bridge-stage.0123abcd.1.abcdefghij',
  '.peer-bridge-stage.0123abc.1.abcdef0123',
  '.peer-bridge-stage.0123abcd.1.abcdef0123.tmp.1',
  'peer-bridge-stage.0123abcd.1.abcdef0123',
];

describe('staged file names', () => {
  const now = Date.now();

  it('every name stagePath makes is recognised, with its owner', () => {
    const mine = path.basename(stagePath('/x'));
    expect(mine.startsWith(STAGE_PREFIX)).toBe(true);
    expect(parseStageName(mine)).toMatchObject({ pid: process.pid });
    for (let i = 0; i < 50; i++) expect(parseStageName(path.basename(stagePath('/x')))).toBeDefined();
  });

  it('the earlier form (12 random hex digits) is recognised too, so its leftovers still go', () => {
    expect(parseStageName(`${STAGE_PREFIX}0123abcd.4242.a1b2c3d4e5f6`)).toEqual({ host: '0123abcd', pid: 4242 });
  });

  it.each(nearMisses)('"%s" is not a staged name, however old', (name) => {
    expect(parseStageName(name)).toBeUndefined();
    expect(isOrphan(name, now - 48 * hour, now, hour)).toBe(false);
  });

  it('a stage of a live process on this host is kept; of a dead one, removed', async () => {
    const mine = path.basename(stagePath('/x'));
    expect(isOrphan(mine, now, now, hour)).toBe(false);
    const dead = mine.replace(`.${process.pid}.`, `.${await deadPid()}.`);
    expect(isOrphan(dead, now, now, hour)).toBe(true);
  });

  it('a stage from another host is removed only once it is old', () => {
    const foreign = `${STAGE_PREFIX}00000000.1.abcdef012`;
    expect(isOrphan(foreign, now, now, hour)).toBe(false);
    expect(isOrphan(foreign, now - 2 * hour, now, hour)).toBe(true);
    expect(isOrphan('notes.txt', now - 2 * hour, now, hour)).toBe(false);
  });
});

describe('the sweep of a directory, on real files', () => {
  it("a read of a sibling keeps a user's two-hour-old near-miss files and removes only the leftovers", async () => {
    const t = bench();
    t.write('sub/sibling.txt', 'hello\n');
    const old = (Date.now() - 2 * hour) / 1000;
    for (const name of nearMisses) {
      writeFileSync(t.file(`sub/${name}`), `user data in ${name}\n`);
      utimesSync(t.file(`sub/${name}`), old, old);
    }
    // Staged-form names that are not regular files are not ours either.
    mkdirSync(t.file(`sub/${STAGE_PREFIX}00000000.7.abcdef0123`));
    symlinkSync('sibling.txt', t.file(`sub/${STAGE_PREFIX}00000000.8.abcdef0123`));
    const foreignOld = `${STAGE_PREFIX}00000000.9.abcdef0123`;
    const foreignNew = `${STAGE_PREFIX}00000000.10.abcdef0123`;
    const deadHere = path.basename(stagePath('/x')).replace(`.${process.pid}.`, `.${await deadPid()}.`);
    for (const name of [foreignOld, foreignNew, deadHere]) writeFileSync(t.file(`sub/${name}`), 'staged bytes');
    utimesSync(t.file(`sub/${foreignOld}`), old, old);

    ok(await t.wb.call('read_file', { path: 'sub/sibling.txt' }));

    const left = readdirSync(t.file('sub'));
    expect(left).not.toContain(foreignOld);
    expect(left).not.toContain(deadHere);
    expect(left).toContain(foreignNew);
    for (const name of nearMisses) {
      expect(left).toContain(name);
      expect(t.text(`sub/${name}`)).toBe(`user data in ${name}\n`);
    }
    expect(left).toContain(`${STAGE_PREFIX}00000000.7.abcdef0123`);
    expect(left).toContain(`${STAGE_PREFIX}00000000.8.abcdef0123`);
  });
});
