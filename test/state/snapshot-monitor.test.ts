// The change source that tells the snapshot's status what changed (Git's fsmonitor hook): after
// every kind of change, the snapshot equals what a full `git status` of the user's index says, and
// Git was told the changed path (so a change the source missed would have been missed by the
// snapshot, and the comparison would fail); what it cannot vouch for is answered "/".
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangeSource, folderLimit, MAX_WATCHED_FOLDERS } from '../../src/state/snapshot-monitor.js';
import { changeSource, closeChangeSources, HOOK, hookAnswer } from '../../src/state/status-monitor.js';
import { parseStatus, takeSnapshot, type WorkspaceSnapshot } from '../../src/state/workspace-snapshot.js';
import { commitFolders, gitRepo, type TestRepo } from '../helpers/git-repo.js';
import { useRestoredEnv } from '../helpers/restore-env.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-snapshot-monitor-');
const closers = useRestoredEnv();
afterEach(() => closeChangeSources());

const linux = process.platform === 'linux';
// The source for any repository, however small (by default from 5,000 index entries).
const ALWAYS = { monitorFrom: 0 };

// What a full status of the user's own index says: path → code as the snapshot spells it.
function fullStatus({ git }: TestRepo): Record<string, string> {
  const raw = git(
    '--no-optional-locks',
    'status',
    '--porcelain=v2',
    '-z',
    '--untracked-files=all',
    '--ignore-submodules=all',
  );
  const entries = parseStatus(raw).entries.filter((entry) => !entry.path.startsWith('.peer-bridge'));
  return Object.fromEntries(entries.map((entry) => [entry.path, entry.code]));
}
const codes = (snapshot: WorkspaceSnapshot) =>
  Object.fromEntries(Object.entries(snapshot.files).map(([name, file]) => [name, file?.git ?? 'D']));
// A deleted file is `null` in the snapshot; status gives it a code.
const fullCodes = (r: TestRepo) =>
  Object.fromEntries(Object.entries(fullStatus(r)).map(([name, code]) => [name, code.includes('D') ? 'D' : code]));

async function readySource(ws: string): Promise<ChangeSource> {
  await takeSnapshot(ws, ALWAYS); // starts the source
  const source = changeSource(ws)!;
  await source.started;
  expect(source.dead).toBeNull();
  expect(source.ready).toBe(true);
  return source;
}

describe.runIf(linux)("the snapshot's change source", () => {
  it('after each change the snapshot equals a full status, and Git was told the changed path', async () => {
    const r = gitRepo(tempDir());
    const { ws, git } = r;
    writeFileSync(path.join(ws, '.gitignore'), '*.log\n');
    commitFolders(r, 4);
    writeFileSync(path.join(ws, 'd1', 'x.log'), 'ignored\n');
    await readySource(ws);
    let previous = await takeSnapshot(ws, ALWAYS); // the first status with the hook: Git is told "/" and keeps a token
    const trace = path.join(tempDir(), 'trace.txt');
    process.env.GIT_TRACE_FSMONITOR = trace;
    const step = async (change: () => void, told: string[]) => {
      writeFileSync(trace, '');
      change();
      const snapshot = await takeSnapshot(ws, ALWAYS, previous);
      expect(codes(snapshot)).toEqual(fullCodes(r));
      const lines = readFileSync(trace, 'utf8');
      for (const name of told) expect(lines, lines).toContain(`fsmonitor_refresh_callback '${name}'`);
      previous = snapshot;
      return snapshot;
    };
    const tracked = path.join(ws, 'd0', 'tracked.txt');
    // Same size, and the modification time put back: only the event tells.
    const { atime, mtime } = statSync(tracked);
    await step(() => {
      writeFileSync(tracked, 't9\n');
      utimesSync(tracked, atime, mtime);
    }, ['d0/tracked.txt']);
    await step(() => writeFileSync(path.join(ws, 'd2', 'new file %1.txt'), 'n\n'), ['d2/new file %1.txt']);
    await step(() => unlinkSync(path.join(ws, 'd3', 'tracked.txt')), ['d3/tracked.txt']);
    await step(
      () => renameSync(path.join(ws, 'd2', 'tracked.txt'), path.join(ws, 'd2', 'moved \\ é.txt')),
      ['d2/tracked.txt', 'd2/moved \\ é.txt'],
    );
    await step(() => chmodSync(path.join(ws, 'd1', 'tracked.txt'), 0o755), ['d1/tracked.txt']);
    const unignored = await step(() => writeFileSync(path.join(ws, '.gitignore'), '# nothing\n'), ['.gitignore']);
    expect(unignored.files['d1/x.log']?.git).toBe('??');
    await step(() => {
      rmSync(path.join(ws, 'd0', 'tracked.txt'));
      symlinkSync('elsewhere', path.join(ws, 'd0', 'tracked.txt'));
    }, ['d0/tracked.txt']);
    // Folders made and removed: answered "/", and still right.
    await step(() => {
      mkdirSync(path.join(ws, 'n1', 'n2'), { recursive: true });
      writeFileSync(path.join(ws, 'n1', 'n2', 'deep.txt'), 'deep\n');
    }, []);
    await step(() => writeFileSync(path.join(ws, 'n1', 'n2', 'deeper.txt'), 'deeper\n'), ['n1/n2/deeper.txt']);
    await step(() => rmSync(path.join(ws, 'd3'), { recursive: true }), []);
    // A scratch folder made and removed between two snapshots: named, and still right; then a
    // folder there before, removed, and made again with another untracked file in it.
    await step(() => {
      mkdirSync(path.join(ws, 'scratch', 'sub'), { recursive: true });
      writeFileSync(path.join(ws, 'scratch', 'sub', 'tmp.txt'), 'tmp\n');
      rmSync(path.join(ws, 'scratch'), { recursive: true });
    }, ['scratch']);
    await step(() => rmSync(path.join(ws, 'n1'), { recursive: true }), []);
    await step(() => {
      mkdirSync(path.join(ws, 'n1', 'n2'), { recursive: true });
      writeFileSync(path.join(ws, 'n1', 'n2', 'other.txt'), 'other\n');
    }, []);
    // The user's own index changed: a new copy, and a full look.
    await step(() => git('add', 'd2'), []);
    await step(() => writeFileSync(path.join(ws, 'd1', 'tracked.txt'), 'last\n'), ['d1/tracked.txt']);
  });

  it('sees a change another process made just before the snapshot, and a burst of them', async () => {
    const r = gitRepo(tempDir());
    const { ws } = r;
    mkdirSync(path.join(ws, 'many'));
    for (let i = 0; i < 300; i++) writeFileSync(path.join(ws, 'many', `f${i}.txt`), `${i}\n`);
    commitFolders(r, 2);
    await readySource(ws);
    const before = await takeSnapshot(ws, ALWAYS);
    execFileSync(process.execPath, [
      '-e',
      `require('fs').writeFileSync(${JSON.stringify(path.join(ws, 'd1', 'tracked.txt'))}, 'x\\n')`,
    ]);
    const after = await takeSnapshot(ws, ALWAYS, before);
    expect(after.files['d1/tracked.txt']?.git).toBe('M');
    for (let i = 0; i < 300; i++) writeFileSync(path.join(ws, 'many', `f${i}.txt`), `changed ${i}\n`);
    const burst = await takeSnapshot(ws, ALWAYS, after);
    expect(codes(burst)).toEqual(fullCodes(r));
    expect(Object.keys(burst.files)).toHaveLength(301);
  });
});

// A fixed pseudo-random sequence (the same every run): mulberry32.
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomChange(r: TestRepo, next: () => number): void {
  const { ws, git } = r;
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
  const folders = ['d0', 'd1', 'd2', 'd3', 'n'];
  const file = () => path.join(ws, pick(folders), `f${Math.floor(next() * 6)}.txt`);
  // Mostly files (what a peer mostly does), which Git is then told of one by one.
  const ops = [
    () => writeFileSync(file(), `w${next()}\n`),
    () => writeFileSync(file(), `w${next()}\n`),
    () => writeFileSync(file(), `w${next()}\n`),
    () => rmSync(file(), { force: true }),
    () => renameSync(file(), file()),
    () => renameSync(file(), file()),
    () => mkdirSync(path.join(ws, 'n'), { recursive: true }),
    () => rmSync(path.join(ws, 'n'), { recursive: true, force: true }),
    () => chmodSync(file(), next() < 0.5 ? 0o755 : 0o644),
    () => writeFileSync(path.join(ws, '.gitignore'), next() < 0.5 ? 'f1.txt\n' : '*.log\n'),
    () => git('add', '-A', pick(folders.slice(0, 4))),
  ];
  try {
    pick(ops)();
  } catch {
    // a file or folder not there: no change
  }
}

describe.runIf(linux)('the source against a full status, at random', () => {
  it('gives the snapshot a full status gives, after each of 120 random changes, one or two at a time', async () => {
    const r = gitRepo(tempDir());
    for (let d = 0; d < 4; d++) {
      mkdirSync(path.join(r.ws, `d${d}`));
      for (let f = 0; f < 4; f++) writeFileSync(path.join(r.ws, `d${d}`, `f${f}.txt`), `${d}${f}\n`);
    }
    r.git('add', '.');
    r.git('commit', '-qm', 'files');
    await readySource(r.ws);
    const next = random(29);
    let previous = await takeSnapshot(r.ws, ALWAYS);
    for (let i = 0; i < 80; i++) {
      randomChange(r, next);
      if (next() < 0.5) randomChange(r, next);
      // Sometimes two snapshots at once, as two calls of one server take them.
      const [snapshot, other] = await Promise.all([
        takeSnapshot(r.ws, ALWAYS, previous),
        next() < 0.2 ? takeSnapshot(r.ws, ALWAYS) : null,
      ]);
      expect(codes(snapshot), `after change ${i}`).toEqual(fullCodes(r));
      if (other) expect(codes(other)).toEqual(fullCodes(r));
      previous = snapshot;
    }
  });
});

describe.runIf(linux)("when the user's index changes", () => {
  it("brings the copy of a changed user's index up to date before the next snapshot needs it", async () => {
    const r = gitRepo(tempDir());
    const { ws, git } = r;
    commitFolders(r, 3);
    const source = await readySource(ws);
    let previous = await takeSnapshot(ws, ALWAYS);
    writeFileSync(path.join(ws, 'd1', 'tracked.txt'), 'staged\n');
    git('add', 'd1'); // a new index, so a new copy
    await source.warmedTimes(1);
    const trace = path.join(tempDir(), 'trace.txt');
    writeFileSync(trace, '');
    process.env.GIT_TRACE_FSMONITOR = trace;
    writeFileSync(path.join(ws, 'd0', 'tracked.txt'), 'edited\n');
    previous = await takeSnapshot(ws, ALWAYS, previous);
    expect(codes(previous)).toEqual(fullCodes(r));
    expect(codes(previous)).toMatchObject({ 'd0/tracked.txt': 'M', 'd1/tracked.txt': 'M' });
    const lines = readFileSync(trace, 'utf8');
    expect(lines, lines).toContain("fsmonitor_refresh_callback 'd0/tracked.txt'");
    expect(lines, lines).not.toContain('add fsmonitor'); // the copy already had the monitor's token
  });
});

describe.runIf(linux)('when the source is used', () => {
  it('not for a repository with fewer index entries than the bound, which Git looks at whole', async () => {
    const r = gitRepo(tempDir());
    commitFolders(r, 3);
    const trace = path.join(tempDir(), 'trace.txt');
    process.env.GIT_TRACE_FSMONITOR = trace;
    for (const limits of [{ monitorFrom: 4 }, {}, { monitorFrom: 3 }]) {
      writeFileSync(trace, '');
      await takeSnapshot(r.ws, limits);
      await changeSource(r.ws)?.started;
      await takeSnapshot(r.ws, limits);
      const asked = readFileSync(trace, 'utf8').includes('fsmonitor process');
      expect(asked).toBe(limits.monitorFrom === 3);
    }
  });
});

const copy = '/nowhere/index-copy';
async function source(ws: string, options: { queueLimit?: number; maxFolders?: number } = {}) {
  const s = new ChangeSource(ws, options);
  closers.push(async () => s.close());
  await s.started;
  return s;
}
// An answer Git was given and kept, as after a status.
async function answered(s: ChangeSource) {
  const answer = (await s.answer(copy))!;
  s.settle(copy, answer, true);
  return answer;
}

describe.runIf(linux)('what the source answers', () => {
  it('names changed files; answers "/" for a token it did not give, or a folder made or removed', async () => {
    const ws = gitRepo(tempDir()).ws;
    mkdirSync(path.join(ws, 'a'));
    const s = await source(ws);
    expect((await answered(s)).paths).toBeNull(); // no token of this source yet
    expect((await answered(s)).paths).toEqual([]);
    writeFileSync(path.join(ws, 'a', 'one.txt'), '1');
    expect((await answered(s)).paths).toEqual(['a/one.txt']);
    writeFileSync(path.join(ws, 'two.txt'), '2');
    writeFileSync(path.join(ws, 'a', 'one.txt'), '1 again');
    expect((await answered(s)).paths).toEqual(['two.txt', 'a/one.txt']);
    expect((await answered(s)).paths).toEqual([]);
    mkdirSync(path.join(ws, 'b'));
    expect((await answered(s)).paths).toBeNull();
    writeFileSync(path.join(ws, 'b', 'in-new.txt'), '3'); // the new folder is watched
    expect((await answered(s)).paths).toEqual(['b/in-new.txt']);
    // Removed and made again (in whichever order the events come): the new folder is watched.
    rmSync(path.join(ws, 'b'), { recursive: true });
    mkdirSync(path.join(ws, 'b', 'c'), { recursive: true });
    expect((await answered(s)).paths).toBeNull();
    writeFileSync(path.join(ws, 'b', 'c', 'in-remade.txt'), '4');
    expect((await answered(s)).paths).toEqual(['b/c/in-remade.txt']);
    // Moved away, and another moved into its place.
    renameSync(path.join(ws, 'b'), path.join(ws, 'b-old'));
    renameSync(path.join(ws, 'a'), path.join(ws, 'b'));
    expect((await answered(s)).paths).toBeNull();
    writeFileSync(path.join(ws, 'b', 'in-moved.txt'), '5');
    writeFileSync(path.join(ws, 'b-old', 'c', 'in-old.txt'), '6');
    expect((await answered(s)).paths).toEqual(['b/in-moved.txt', 'b-old/c/in-old.txt']);
    rmSync(path.join(ws, 'b'), { recursive: true });
    expect((await answered(s)).paths).toBeNull();
    // Another source (another process) never takes this one's token.
    const other = await source(ws);
    expect((await other.answer(copy))!.paths).toBeNull();
  });

  it('names a scratch folder made and removed since the token (as Codex does with .codex), and nothing older', async () => {
    const ws = gitRepo(tempDir()).ws;
    mkdirSync(path.join(ws, 'kept'));
    const s = await source(ws);
    await answered(s);
    expect((await answered(s)).paths).toEqual([]);
    // Made (with a folder and a file in it) and removed between two answers: its name and its paths.
    mkdirSync(path.join(ws, '.codex', 'inner'), { recursive: true });
    writeFileSync(path.join(ws, '.codex', 'inner', 'x.txt'), 'x');
    rmSync(path.join(ws, '.codex'), { recursive: true });
    const scratch = (await answered(s)).paths;
    expect(scratch).not.toBeNull();
    expect(scratch).toContain('.codex');
    // Made before the last answer and removed after it: Git may hold it, so everything.
    mkdirSync(path.join(ws, '.agents'));
    expect((await answered(s)).paths).toBeNull();
    rmSync(path.join(ws, '.agents'), { recursive: true });
    expect((await answered(s)).paths).toBeNull();
    // There before the source began, removed: everything; made since and still there: everything.
    rmSync(path.join(ws, 'kept'), { recursive: true });
    expect((await answered(s)).paths).toBeNull();
    mkdirSync(path.join(ws, 'new'));
    expect((await answered(s)).paths).toBeNull();
    // Made and removed, then made again before the answer: there now, so everything.
    mkdirSync(path.join(ws, 'again'));
    rmSync(path.join(ws, 'again'), { recursive: true });
    mkdirSync(path.join(ws, 'again'));
    expect((await answered(s)).paths).toBeNull();
  });

  it('answers "/" after a read of the queue as long as the queue the kernel may have dropped events from', async () => {
    const ws = gitRepo(tempDir()).ws;
    const s = await source(ws, { queueLimit: 20 });
    await answered(s);
    await new Promise((resolve) => setImmediate(resolve)); // the count starts again
    writeFileSync(path.join(ws, 'few.txt'), '1');
    expect((await answered(s)).paths).toEqual(['few.txt']);
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 0; i < 30; i++) writeFileSync(path.join(ws, `burst${i}.txt`), `${i}`); // read in one go
    expect((await answered(s)).paths).toBeNull();
  });
});

describe.runIf(linux)('when the source stops', () => {
  it('stops, and answers nothing, past its folder bound or when the workspace goes away', async () => {
    const ws = gitRepo(tempDir()).ws;
    for (const name of ['a', 'b', 'c']) mkdirSync(path.join(ws, name));
    const small = await source(ws, { maxFolders: 3 });
    expect(small.dead).toMatch(/more than 3 folders/);
    expect(await small.answer(copy)).toBeNull();
    const s = await source(ws);
    expect(s.ready).toBe(true);
    rmSync(ws, { recursive: true });
    const answer = await s.answer(copy);
    expect(answer === null || answer.paths === null).toBe(true);
    await s.stopped;
    expect(await s.answer(copy)).toBeNull();
  });

  it("watches at most a quarter of the user's inotify watches, which other tools need too", () => {
    const max = Number(readFileSync('/proc/sys/fs/inotify/max_user_watches', 'utf8'));
    expect(folderLimit()).toBe(Math.min(MAX_WATCHED_FOLDERS, Math.floor(max / 4)));
    expect(folderLimit()).toBeGreaterThan(0);
  });

  it('is not used when the setting is off', async () => {
    const ws = gitRepo(tempDir()).ws;
    process.env.PEER_BRIDGE_SNAPSHOT_MONITOR = 'off';
    expect(changeSource(ws)).toBeNull();
  });
});

describe.runIf(linux)('the hook command', () => {
  it("hands Git the paths through the shell's printf byte for byte", () => {
    const names = ['a%s%%b', 'back\\slash\\0', 'new\nline', 'é 1', '-dash'];
    const out = spawnSync('/bin/sh', ['-c', `${HOOK} "$@"`, HOOK, '2', 'tok'], {
      env: {
        PB_FSMONITOR_SINCE: 'tok',
        PB_FSMONITOR_CHANGED: hookAnswer('next', names),
        PB_FSMONITOR_ALL: hookAnswer('all', ['/']),
      },
    });
    expect(out.stdout.equals(Buffer.from(`next\0${names.join('\0')}\0`))).toBe(true);
    const other = spawnSync('/bin/sh', ['-c', `${HOOK} "$@"`, HOOK, '2', 'not-it'], {
      env: { PB_FSMONITOR_SINCE: 'tok', PB_FSMONITOR_ALL: hookAnswer('all', ['/']) },
    });
    expect(other.stdout.toString()).toBe('all\0/\0');
  });
});
