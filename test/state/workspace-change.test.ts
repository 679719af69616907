// Workspace snapshots and the change between two of them, on real files and real git.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesTouchedMismatch, workspaceChange } from '../../src/state/workspace-change.js';
import { takeSnapshot } from '../../src/state/workspace-snapshot.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-snapshot-');

function gitRepo(): string {
  const ws = realpathSync(tempDir());
  const run = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: ws,
      stdio: 'ignore',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: ws },
    });
  run('init', '-q');
  writeFileSync(path.join(ws, 'a.txt'), 'a\n');
  writeFileSync(path.join(ws, 'b.txt'), 'b\n');
  writeFileSync(path.join(ws, 'same-size.txt'), 'one\n');
  run('add', '.');
  run('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'base');
  return ws;
}

describe('workspace snapshots', () => {
  it('in git, names only what changed between the snapshots, not what was already dirty', async () => {
    const ws = gitRepo();
    writeFileSync(path.join(ws, 'dirty-before.txt'), 'untracked before the call\n');
    writeFileSync(path.join(ws, 'a.txt'), 'a, edited before the call\n');
    const before = await takeSnapshot(ws);
    expect(before.kind).toBe('git');
    expect(Object.keys(before.files).sort()).toEqual(['a.txt', 'dirty-before.txt']);

    writeFileSync(path.join(ws, 'a.txt'), 'a, edited again\n');
    rmSync(path.join(ws, 'b.txt'));
    writeFileSync(path.join(ws, 'same-size.txt'), 'two\n'); // same size, new content
    mkdirSync(path.join(ws, 'sub'));
    writeFileSync(path.join(ws, 'sub', 'new.txt'), 'new\n');
    mkdirSync(path.join(ws, '.peer-bridge'), { recursive: true });
    writeFileSync(path.join(ws, '.peer-bridge', 'own.json'), '{}');
    const change = workspaceChange(before, await takeSnapshot(ws));
    expect(change).toMatchObject({
      kind: 'git',
      added: ['sub/new.txt'],
      modified: ['a.txt', 'same-size.txt'],
      deleted: ['b.txt'],
      truncated: false,
    });
    expect(change.head_before).toMatch(/^[0-9a-f]{40}$/);
    expect(change.head_after).toBe(change.head_before);
  });

  it('in git, a file put back to HEAD and an untracked file removed count as changes', async () => {
    const ws = gitRepo();
    writeFileSync(path.join(ws, 'a.txt'), 'edited before\n');
    writeFileSync(path.join(ws, 'scratch.txt'), 'scratch\n');
    const before = await takeSnapshot(ws);
    writeFileSync(path.join(ws, 'a.txt'), 'a\n');
    rmSync(path.join(ws, 'scratch.txt'));
    expect(workspaceChange(before, await takeSnapshot(ws))).toMatchObject({
      modified: ['a.txt'],
      deleted: ['scratch.txt'],
      added: [],
    });
  });

  it('outside git, walks the workspace (without .peer-bridge) and compares by content', async () => {
    const ws = realpathSync(tempDir());
    writeFileSync(path.join(ws, 'keep.txt'), 'keep\n');
    writeFileSync(path.join(ws, 'edit.txt'), 'xxxx\n');
    writeFileSync(path.join(ws, 'gone.txt'), 'gone\n');
    const before = await takeSnapshot(ws);
    expect(before.kind).toBe('walk');
    writeFileSync(path.join(ws, 'edit.txt'), 'yyyy\n');
    rmSync(path.join(ws, 'gone.txt'));
    writeFileSync(path.join(ws, 'made.txt'), 'made\n');
    mkdirSync(path.join(ws, '.peer-bridge'), { recursive: true }); // the snapshot keeps its clock there
    writeFileSync(path.join(ws, '.peer-bridge', 'ledger.jsonl'), '');
    expect(workspaceChange(before, await takeSnapshot(ws))).toMatchObject({
      kind: 'walk',
      added: ['made.txt'],
      modified: ['edit.txt'],
      deleted: ['gone.txt'],
      truncated: false,
    });
  });

  // A git that notes each start before running the real one.
  it.skipIf(process.platform === 'win32')('starts git only where git could find a repository', async () => {
    const dir = realpathSync(tempDir());
    const starts = path.join(dir, 'git-starts.log');
    const gitBinary = path.join(dir, 'noting-git');
    writeFileSync(gitBinary, `#!/bin/sh\necho "$*" >> '${starts}'\nexec git "$@"\n`, { mode: 0o755 });
    const startsSoFar = () =>
      existsSync(starts) ? readFileSync(starts, 'utf8').split('\n').filter(Boolean).length : 0;
    const plain = path.join(dir, 'plain');
    mkdirSync(path.join(plain, 'sub'), { recursive: true });
    writeFileSync(path.join(plain, 'sub', 'f.txt'), 'f\n');
    // The premise: no .git in the temp folder or above it (else git would rightly be asked).
    for (let d = plain; path.dirname(d) !== d; d = path.dirname(d))
      expect(existsSync(path.join(d, '.git')), d).toBe(false);

    expect(await takeSnapshot(plain, { gitBinary })).toMatchObject({ kind: 'walk', files: { 'sub/f.txt': {} } });
    expect(startsSoFar()).toBe(0);
    // GIT_DIR names a repository wherever the workspace is: git is asked.
    const repo = gitRepo();
    process.env.GIT_DIR = path.join(repo, '.git');
    try {
      await takeSnapshot(plain, { gitBinary });
    } finally {
      delete process.env.GIT_DIR;
    }
    expect(startsSoFar()).toBeGreaterThan(0);
    // A .git in a folder above the workspace: git finds it, and so does the snapshot.
    const nested = path.join(repo, 'deep', 'er');
    mkdirSync(nested, { recursive: true });
    const before = startsSoFar();
    expect((await takeSnapshot(nested, { gitBinary })).kind).toBe('git');
    expect(startsSoFar()).toBeGreaterThan(before);
  });

  it('is bounded in files and hashed bytes, and says so', async () => {
    const ws = realpathSync(tempDir());
    for (let i = 0; i < 5; i++) writeFileSync(path.join(ws, `f${i}.txt`), `${i}\n`);
    const few = await takeSnapshot(ws, { maxFiles: 3 });
    expect(Object.keys(few.files)).toHaveLength(3);
    expect(few.truncated).toBe(true);
    const unhashed = await takeSnapshot(ws, { maxHashBytes: 4 });
    expect(Object.values(unhashed.files).filter((f) => f?.sha256 === null).length).toBeGreaterThan(0);
    expect(unhashed.truncated).toBe(true);
  });

  it('says where files_touched disagrees with the change', async () => {
    const ws = realpathSync(tempDir());
    writeFileSync(path.join(ws, 'real.txt'), '1\n');
    const before = await takeSnapshot(ws);
    writeFileSync(path.join(ws, 'real.txt'), '2\n');
    writeFileSync(path.join(ws, 'quiet.txt'), 'unclaimed\n');
    const change = workspaceChange(before, await takeSnapshot(ws));
    expect(filesTouchedMismatch(ws, ['./real.txt', path.join(ws, 'claimed.txt')], change)).toEqual({
      claimed_unchanged: ['claimed.txt'],
      unclaimed: ['quiet.txt'],
    });
    expect(filesTouchedMismatch(ws, ['real.txt', 'quiet.txt'], change)).toBeNull();
  });
});
