// The git snapshot read from one `git status --porcelain=v2 --branch`: the codes, renames, HEAD and
// odd paths it records, and the same snapshot when the repository keeps Git's untracked cache.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRepoConfig } from '../../src/state/git-delta.js';
import { takeSnapshot, type WorkspaceSnapshot } from '../../src/state/workspace-snapshot.js';
import { commitFolders, gitRepo } from '../helpers/git-repo.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-snapshot-status-');

const repo = () => gitRepo(tempDir());

// Everything but the moment it was taken.
const content = (snapshot: WorkspaceSnapshot) => ({ ...snapshot, at: undefined });

describe('git snapshot from one status query', () => {
  it('records status codes as v1 spells them, renames under their new name, and HEAD', async () => {
    const { ws, git } = repo();
    writeFileSync(path.join(ws, 'kept.txt'), 'kept\n');
    writeFileSync(path.join(ws, 'old name.txt'), 'moved\n');
    writeFileSync(path.join(ws, 'gone.txt'), 'gone\n');
    git('add', '.');
    git('commit', '-qm', 'base');
    writeFileSync(path.join(ws, 'kept.txt'), 'edited\n');
    renameSync(path.join(ws, 'old name.txt'), path.join(ws, 'new name é.txt'));
    git('add', '-A', 'old name.txt', 'new name é.txt');
    git('rm', '-q', 'gone.txt');
    writeFileSync(path.join(ws, 'staged.txt'), 'staged\n');
    git('add', 'staged.txt');
    mkdirSync(path.join(ws, 'sub'));
    writeFileSync(path.join(ws, 'sub', 'untracked.txt'), 'u\n');

    const snapshot = await takeSnapshot(ws);
    expect(snapshot.kind).toBe('git');
    expect(snapshot.head).toBe(git('rev-parse', 'HEAD').trim());
    expect(Object.fromEntries(Object.entries(snapshot.files).map(([name, file]) => [name, file?.git ?? null]))).toEqual(
      {
        'kept.txt': 'M',
        'new name é.txt': 'R',
        'gone.txt': null,
        'staged.txt': 'A',
        'sub/untracked.txt': '??',
      },
    );
    expect(snapshot.truncated).toBe(false);
  });

  it('has no HEAD in a repository without commits, and lists its files as untracked', async () => {
    const { ws } = repo();
    writeFileSync(path.join(ws, 'first.txt'), 'first\n');
    const snapshot = await takeSnapshot(ws);
    expect(snapshot).toMatchObject({ kind: 'git', head: null, truncated: false });
    expect(snapshot.files['first.txt']?.git).toBe('??');
  });

  it('gives the same snapshot when the repository keeps an untracked cache', async () => {
    const r = repo();
    const { ws, git } = r;
    commitFolders(r, 20);
    writeFileSync(path.join(ws, 'd3', 'new.txt'), 'new\n');
    writeFileSync(path.join(ws, 'd7', 'tracked.txt'), 'edited\n');
    const without = await takeSnapshot(ws);

    git('config', 'core.untrackedCache', 'true');
    git('update-index', '--untracked-cache');
    git('status', '--porcelain'); // writes the cache into the index
    expect(readFileSync(path.join(ws, '.git', 'index')).includes('UNTR')).toBe(true); // the cache's extension
    const withCache = await takeSnapshot(ws);
    expect(content(withCache)).toEqual(content(without));
    // And the cache does not hide a file added after it was written.
    writeFileSync(path.join(ws, 'd3', 'later.txt'), 'later\n');
    const later = await takeSnapshot(ws);
    expect(later.files['d3/later.txt']?.git).toBe('??');
    expect(Object.keys(later.files).sort()).toEqual(['d3/later.txt', 'd3/new.txt', 'd7/tracked.txt']);
  });
});

describe('the config read before the status', () => {
  it("switches off the config's commands, keeps Git's own file system monitor, and reads the untracked cache setting", async () => {
    const { ws, git } = repo();
    const read = () => readRepoConfig(ws, 'git');
    const monitorOff = (safe: string[]) => safe.includes('core.fsmonitor=false');
    const unset = await read(); // (the user's global config may name filters of its own)
    expect(monitorOff(unset.safe)).toBe(true);
    expect(unset.untrackedCacheOff).toBe(false);
    git('config', 'core.fsmonitor', path.join(ws, 'hook.sh')); // a command: never run
    git('config', 'filter.lfs.clean', 'lfs-clean %f');
    git('config', 'core.untrackedCache', 'false');
    const hooked = await read();
    expect(monitorOff(hooked.safe)).toBe(true);
    expect(hooked.safe).toContain('filter.lfs.clean=');
    expect(hooked.untrackedCacheOff).toBe(true);
    git('config', 'core.fsmonitor', 'true'); // Git's own monitor, no command of the config's
    git('config', 'core.untrackedCache', 'true');
    const builtIn = await read();
    expect(monitorOff(builtIn.safe)).toBe(false);
    expect(builtIn.untrackedCacheOff).toBe(false);
    // Where Git has no monitor of its own (Linux), status goes on without one.
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    expect((await takeSnapshot(ws)).files['a.txt']?.git).toBe('??');
  });
});
