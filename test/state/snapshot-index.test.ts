// The git snapshot's own copy of the index: the user's index is never written, the copy follows
// it when it changes, keeps Git's untracked cache, and keeps an entry racy in the user's index
// racy (its content compared), so every snapshot says what `git status` says.
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { takeSnapshot, type WorkspaceSnapshot } from '../../src/state/workspace-snapshot.js';
import { commitFolders, gitRepo } from '../helpers/git-repo.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-snapshot-index-');

const repo = () => gitRepo(tempDir(), { GIT_OPTIONAL_LOCKS: '0' });

const codes = (snapshot: WorkspaceSnapshot) =>
  Object.fromEntries(Object.entries(snapshot.files).map(([name, file]) => [name, file?.git ?? null]));
const copies = (ws: string) =>
  readdirSync(path.join(ws, '.peer-bridge', 'snapshot-cache')).filter((name) => /^index-[^.]+$/.test(name));

describe('the git snapshot reads its own copy of the index', () => {
  it('never writes the user index, keeps the untracked cache in its copy, and sees later files', async () => {
    const r = repo();
    const { ws } = r;
    commitFolders(r, 5);
    writeFileSync(path.join(ws, 'd1', 'tracked.txt'), 'edited\n');
    const index = path.join(ws, '.git', 'index');
    const userIndex = { bytes: readFileSync(index), mtimeMs: statSync(index).mtimeMs };

    const first = await takeSnapshot(ws);
    expect(codes(first)).toEqual({ 'd1/tracked.txt': 'M' });
    const [copy] = copies(ws);
    expect(copy).toBeDefined();
    // The cache's extension, written by the snapshot's status into its copy.
    expect(readFileSync(path.join(ws, '.peer-bridge', 'snapshot-cache', copy!)).includes('UNTR')).toBe(true);

    writeFileSync(path.join(ws, 'd3', 'later.txt'), 'later\n');
    const second = await takeSnapshot(ws);
    expect(codes(second)).toEqual({ 'd1/tracked.txt': 'M', 'd3/later.txt': '??' });
    expect(readFileSync(index).equals(userIndex.bytes)).toBe(true);
    expect(statSync(index).mtimeMs).toBe(userIndex.mtimeMs);
  });

  it('follows the user index when it changes (a file staged after the copy was made)', async () => {
    const { ws, git } = repo();
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    git('add', '.');
    git('commit', '-qm', 'base');
    writeFileSync(path.join(ws, 'new.txt'), 'new\n');
    expect(codes(await takeSnapshot(ws))).toEqual({ 'new.txt': '??' });
    git('add', 'new.txt');
    expect(codes(await takeSnapshot(ws))).toEqual({ 'new.txt': 'A' });
    git('reset', '-q', 'new.txt');
    expect(codes(await takeSnapshot(ws))).toEqual({ 'new.txt': '??' });
  });
});

describe('the copy of the index says what git status says', () => {
  it('keeps an entry racy in the user index racy in its copy, so its new content is seen', async () => {
    const { ws, git } = repo();
    // Stat data git compares only in part (seconds of mtime, size), so a same-size rewrite in the
    // same second as the index looks clean by stat alone: git compares the content of an entry
    // whose time is not older than its index file's.
    git('config', 'core.trustctime', 'false');
    git('config', 'core.checkStat', 'minimal');
    const file = path.join(ws, 'a.txt');
    const second = new Date('2020-01-01T00:00:00Z');
    writeFileSync(file, 'one\n');
    utimesSync(file, second, second);
    git('add', 'a.txt');
    git('commit', '-qm', 'base');
    writeFileSync(file, 'two\n');
    utimesSync(file, second, second);
    utimesSync(path.join(ws, '.git', 'index'), second, second);
    expect(git('status', '--porcelain')).toBe(' M a.txt\n'); // the premise: git sees it

    expect(codes(await takeSnapshot(ws))).toEqual({ 'a.txt': 'M' });
    // And the copy the first snapshot's status wrote still says so.
    expect(codes(await takeSnapshot(ws))).toEqual({ 'a.txt': 'M' });
  });

  it('leaves the untracked cache off when the user turned it off', async () => {
    const { ws, git } = repo();
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    git('add', '.');
    git('commit', '-qm', 'base');
    git('config', 'core.untrackedCache', 'false');
    writeFileSync(path.join(ws, 'u.txt'), 'u\n');
    expect(codes(await takeSnapshot(ws))).toEqual({ 'u.txt': '??' });
    const [copy] = copies(ws);
    expect(readFileSync(path.join(ws, '.peer-bridge', 'snapshot-cache', copy!)).includes('UNTR')).toBe(false);
  });

  it('in a folder below the repository top, reads the user index and names files from the workspace', async () => {
    const { ws, git } = repo();
    mkdirSync(path.join(ws, 'sub'));
    writeFileSync(path.join(ws, 'sub', 'a.txt'), 'a\n');
    writeFileSync(path.join(ws, 'top.txt'), 'top\n');
    git('add', '.');
    git('commit', '-qm', 'base');
    writeFileSync(path.join(ws, 'sub', 'a.txt'), 'edited\n');
    writeFileSync(path.join(ws, 'top.txt'), 'edited\n');
    const snapshot = await takeSnapshot(path.join(ws, 'sub'));
    expect(codes(snapshot)).toEqual({ 'a.txt': 'M' });
  });
});
