// What a call's workspace snapshots cost as the workspace grows (issue 29, item 6): the pair a call
// takes (before and after its peer), without a peer, in a git repository and in a plain folder of
// 1,000, 10,000 and 100,000 small files, against the pair in an empty workspace (the baseline) and
// against `git status` itself on the same repository, all measured in this run, rounds interleaved.
// In git, the pair is measured with the snapshot's change source (Linux: Git is told what changed)
// and without it (PEER_BRIDGE_SNAPSHOT_MONITOR=off, every status looks at every file), with no
// change between the two snapshots and with one file a peer edits between them.
// BENCH_SNAPSHOT_SIZES=1000,10000 picks the sizes; BENCH_ROUNDS the rounds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { changeSource, closeChangeSources, MIN_INDEX_ENTRIES } from '../src/state/status-monitor.js';
import { takeSnapshot } from '../src/state/workspace-snapshot.js';
import { median, record } from './record.js';

const SIZES = (process.env.BENCH_SNAPSHOT_SIZES ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const GOAL = 'issue 29: at most +150 ms per call at 100,000 files';

const made: string[] = [];
function folder(files: number): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'pb-snapshot-bench-')));
  made.push(dir);
  // 100 files a folder, 100 folders a parent: a source tree's shape, not one huge directory.
  for (let i = 0; i < files; i++) {
    const sub = path.join(dir, `d${Math.floor(i / 10000)}`, `d${Math.floor(i / 100) % 100}`);
    if (i % 100 === 0) mkdirSync(sub, { recursive: true });
    writeFileSync(path.join(sub, `f${i}.txt`), `file ${i}\n`);
  }
  return dir;
}

const gitEnv = { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b' };
function repository(files: number): string {
  const dir = folder(files);
  const run = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, env: { ...gitEnv, GIT_COMMITTER_EMAIL: 'b@b' }, stdio: 'ignore' });
  run('init', '-q');
  run('config', 'gc.auto', '0'); // no gc left running in the background when the folder is removed
  run('add', '-A');
  run('commit', '-q', '-m', 'seed', '--allow-empty');
  // A user's own `git status` has refreshed the index since (the snapshot does not write it).
  run('status', '--porcelain');
  // One change and one new file: a call's usual start.
  if (files > 0) writeFileSync(path.join(dir, 'd0', 'd0', 'f0.txt'), 'changed\n');
  writeFileSync(path.join(dir, 'new.txt'), 'new\n');
  return dir;
}

// As a call takes them: the end snapshot is given the start one (whose hashes it may reuse).
// A user's `git add` and `git reset` since the last call: the index is a new file, and the
// snapshot's copy of it is made again (outside the time measured).
function indexChanged(workspace: string): void {
  const run = (...args: string[]) => execFileSync('git', args, { cwd: workspace, stdio: 'ignore' });
  run('add', 'new.txt');
  run('reset', '-q', 'new.txt');
}

// The same, once the change source has brought the new copy up to date (a user's commit a moment
// before the call); a repository below the source's bound has no source to wait for.
async function indexChangedAndWarmed(workspace: string, size: number): Promise<void> {
  const source = size >= MIN_INDEX_ENTRIES ? changeSource(workspace) : null;
  // The source's watches and timer do not keep a process alive (a server's stdio does): this wait does.
  const alive = setInterval(() => undefined, 1000);
  await source?.warmIdle(); // the warm-up of an earlier change, if one is pending, is over
  const warmed = source?.warmed ?? 0;
  indexChanged(workspace);
  await source?.warmedTimes(warmed + 1);
  await source?.warmIdle();
  clearInterval(alive);
}

async function pair(workspace: string, edit?: string): Promise<void> {
  const before = await takeSnapshot(workspace);
  if (edit) writeFileSync(path.join(workspace, edit), `edited ${process.hrtime.bigint()}\n`);
  await takeSnapshot(workspace, {}, before);
}
// The same with the change source off (readSetting reads the environment as it is now).
async function pairWithoutSource(workspace: string, edit?: string): Promise<void> {
  process.env.PEER_BRIDGE_SNAPSHOT_MONITOR = 'off';
  try {
    await pair(workspace, edit);
  } finally {
    delete process.env.PEER_BRIDGE_SNAPSHOT_MONITOR;
  }
}
// A tracked file a peer edits during the call (a later round edits it again).
const EDITED = path.join('d0', 'd0', 'f1.txt');
function gitStatus(workspace: string): void {
  execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], {
    cwd: workspace,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024,
  });
}
async function timed(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function line(name: string, samples: number[], baseline?: { name: string; samples: number[] }, goal?: string) {
  const base = baseline ? `  baseline ${median(baseline.samples).toFixed(1)} ms` : '';
  console.log(`${name.padEnd(60)} median ${median(samples).toFixed(1).padStart(8)} ms${base}`);
  record({
    name,
    unit: 'ms',
    median: median(samples),
    samples: samples.length,
    ...(baseline ? { baseline: { name: baseline.name, median: median(baseline.samples) } } : {}),
    ...(goal ? { goal } : {}),
  });
}

type Samples = Record<string, number[]>;
function report(size: number, got: Samples, base: Samples): void {
  const k = `${size / 1000}k files`;
  const goal = size === 100000 ? GOAL : undefined;
  const status = { name: `git status -uall, ${k}`, samples: got.status! };
  const empty = { name: 'pair, empty repository', samples: base.git! };
  const emptyOff = { name: 'pair without the change source, empty repository', samples: base.off! };
  line(status.name, got.status!);
  line(`snapshot pair, git, ${k}`, got.git!, empty, goal);
  line(`snapshot pair vs git status, git, ${k}`, got.git!, status);
  line(`snapshot pair without the change source, git, ${k}`, got.off!, emptyOff);
  line(`snapshot pair, a file edited between, git, ${k}`, got.edit!, empty, goal);
  line(`snapshot pair, a file edited between, without the change source, git, ${k}`, got.editOff!, emptyOff);
  line(`snapshot pair after the user's index changed, git, ${k}`, got.changed!, {
    name: 'the same, empty repository',
    samples: base.changed!,
  });
  line(`snapshot pair, the user's index changed a moment before, git, ${k}`, got.warmed!, empty, goal);
  line(`snapshot pair, plain folder, ${k}`, got.walk!, { name: 'pair, empty folder', samples: base.walk! }, goal);
}

// Without the change source, a status drops what the source left in the snapshot's copy of the index:
// those pairs run in a repository and an empty one of their own, built the same way.
interface Workspaces {
  repo: string;
  repoOff: string;
  plain: string;
  emptyGit: string;
  emptyGitOff: string;
  emptyWalk: string;
}
async function rounds(
  size: number,
  { repo, repoOff, plain, emptyGit, emptyGitOff, emptyWalk }: Workspaces,
  base: Samples,
) {
  const got: Samples = { git: [], walk: [], status: [], changed: [], off: [], edit: [], editOff: [], warmed: [] };
  await pair(repo); // warm the page cache and git's index read, and start the change source
  await pair(repo);
  await pairWithoutSource(repoOff);
  await pair(plain);
  for (let r = 0; r < ROUNDS; r++) {
    base.git!.push(await timed(() => pair(emptyGit)));
    got.git!.push(await timed(() => pair(repo)));
    got.status!.push(await timed(() => gitStatus(repo)));
    base.off!.push(await timed(() => pairWithoutSource(emptyGitOff)));
    got.off!.push(await timed(() => pairWithoutSource(repoOff)));
    got.edit!.push(await timed(() => pair(repo, EDITED)));
    got.editOff!.push(await timed(() => pairWithoutSource(repoOff, EDITED)));
    base.walk!.push(await timed(() => pair(emptyWalk)));
    got.walk!.push(await timed(() => pair(plain)));
    indexChanged(emptyGit);
    base.changed!.push(await timed(() => pair(emptyGit)));
    indexChanged(repo);
    got.changed!.push(await timed(() => pair(repo)));
    await indexChangedAndWarmed(repo, size);
    got.warmed!.push(await timed(() => pair(repo)));
  }
  return got;
}

try {
  const emptyGit = repository(0);
  const emptyGitOff = repository(0);
  const emptyWalk = folder(0);
  const base: Samples = { git: [], walk: [], changed: [], off: [] };
  for (const size of SIZES) {
    const repo = repository(size);
    const repoOff = repository(size);
    const plain = folder(size);
    report(size, await rounds(size, { repo, repoOff, plain, emptyGit, emptyGitOff, emptyWalk }, base), base);
    rmSync(repo, { recursive: true, force: true });
    rmSync(repoOff, { recursive: true, force: true });
    rmSync(plain, { recursive: true, force: true });
  }
} finally {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  closeChangeSources();
}
