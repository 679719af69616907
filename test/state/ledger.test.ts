import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Ledger, LEDGER_ARCHIVES_KEPT } from '../../src/state/ledger.js';
import { runIdOf } from '../../src/state/ledger-records.js';
import { joinRuns } from '../../src/state/runs-view.js';
import { spawnTs, waitForExit, waitForLine } from '../helpers/run-ts.js';
import { useTempDir } from '../helpers/temp-dir.js';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ledger-child.ts');
const tempDir = useTempDir('peer-bridge-ledger-');
const start = (ledger: Ledger, run_id: string) =>
  ledger.start({ run_id, verb: 'advise', runner: 'codex', direction: 'cli->codex', budget_seconds: 120, depth: 0 });

describe('ledger', () => {
  it('has the start on disk when start() resolves, and pairs the settlement with it', async () => {
    const ledger = new Ledger(tempDir());
    await start(ledger, 'r1');
    const lines = readFileSync(ledger.file, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([{ type: 'start', run_id: 'r1', pid: process.pid }]);
    await ledger.settle({ run_id: 'r1', status: 'complete', incident: null, duration_seconds: 1.5 });
    expect(await ledger.runs()).toMatchObject([{ run_id: 'r1', status: 'complete', duration_seconds: 1.5 }]);
  });

  it('keeps every line whole when processes append concurrently', async () => {
    const dir = tempDir();
    const writers = ['a', 'b', 'c'].map((tag) => spawnTs(child, ['append', dir, '40', tag]));
    const codes = await Promise.all(writers.map(waitForExit));
    expect(codes).toEqual([0, 0, 0]);
    const { records, skipped } = await new Ledger(dir).read();
    expect(skipped).toBe(0);
    expect(new Set(records.map(runIdOf)).size).toBe(120);
  });

  it('tolerates a torn last line and keeps later appends parseable', async () => {
    const ledger = new Ledger(tempDir());
    await start(ledger, 'r1');
    appendFileSync(ledger.file, '{"type":"settle","run_id":"r1","sta');
    await ledger.result({
      run_id: null,
      tool: 'bridge_advise',
      status: 'rejected',
      code: 'invalid_arguments',
      reason: 'bad',
    });
    const { records, skipped } = await ledger.read();
    expect(skipped).toBe(1);
    expect(records.map((r) => r.type)).toEqual(['start', 'result']);
  });

  it('skips lines that parse but are not ledger records, so listing and recovery neither crash nor reach outside', async () => {
    // The ledger sits in the workspace, where a peer or a person can write anything into it.
    const dir = tempDir();
    const ledger = new Ledger(dir);
    await start(ledger, 'good');
    mkdirSync(path.join(dir, 'outside'));
    appendFileSync(
      ledger.file,
      [
        '{"type":"result","run_id":"no-fields"}',
        '{"type":"settle"}',
        '{"type":"start","run_id":"planted","verb":"advise","runner":"codex","direction":"cli->codex","budget_seconds":1,"depth":0,"owner":"../../outside/planted","pid":1,"at":"2026-01-01T00:00:00.000Z"}',
        '["start"]',
        '',
      ].join('\n'),
    );
    const { records, skipped } = await ledger.read();
    expect(records.map(runIdOf)).toEqual(['good']);
    expect(skipped).toBe(4);
    expect((await ledger.runs()).map((r) => r.run_id)).toEqual(['good']);
    expect(await ledger.recover()).toEqual([]);
    expect(existsSync(path.join(dir, 'outside', 'planted.lock'))).toBe(false);
  });

  it('lists a start whose owner left no lock file as interrupted, without creating one', async () => {
    // E.g. a ledger copied with the workspace, or .peer-bridge/owners/ removed by hand.
    const dir = tempDir();
    const ledger = new Ledger(dir);
    mkdirSync(path.dirname(ledger.file));
    const record = {
      type: 'start',
      run_id: 'copied',
      verb: 'advise',
      runner: 'codex',
      direction: 'cli->codex',
      budget_seconds: 1,
      depth: 0,
      owner: '123-abcdefabcdef',
      pid: 123,
      at: '2026-01-01T00:00:00.000Z',
    };
    appendFileSync(ledger.file, `${JSON.stringify(record)}\n`);
    expect(await ledger.runs()).toMatchObject([{ run_id: 'copied', status: 'interrupted' }]);
    expect(existsSync(path.join(dir, '.peer-bridge', 'owners'))).toBe(false);
    expect(await ledger.recover()).toEqual(['copied']);
    expect(existsSync(path.join(dir, '.peer-bridge', 'owners', '123-abcdefabcdef.lock'))).toBe(false);
  });

  it('counts an owner whose lock file a peer replaced by a symbolic link as dead, and removes only the link', async () => {
    const dir = tempDir();
    const ledger = new Ledger(dir);
    mkdirSync(path.join(dir, '.peer-bridge', 'owners'), { recursive: true });
    const target = path.join(dir, 'precious.txt');
    writeFileSync(target, 'keep me\n');
    symlinkSync(target, path.join(dir, '.peer-bridge', 'owners', '123-abcdefabcdef.lock'));
    const record = {
      type: 'start',
      run_id: 'linked',
      verb: 'advise',
      runner: 'codex',
      direction: 'cli->codex',
      budget_seconds: 1,
      depth: 0,
      owner: '123-abcdefabcdef',
      pid: 123,
      at: '2026-01-01T00:00:00.000Z',
    };
    appendFileSync(ledger.file, `${JSON.stringify(record)}\n`);
    expect(await ledger.runs()).toMatchObject([{ run_id: 'linked', status: 'interrupted' }]);
    expect(await ledger.recover()).toEqual(['linked']);
    expect(existsSync(path.join(dir, '.peer-bridge', 'owners', '123-abcdefabcdef.lock'))).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('keep me\n');
  });

  it('never writes through a symbolic link a peer put in place of the state folder or the ledger', async () => {
    // An implement peer may write in the workspace; the harness, outside its sandbox, must not
    // follow its links and append to (or create) files elsewhere.
    const dir = tempDir();
    const outside = path.join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'victim'), 'keep\n');
    const linkedFile = path.join(dir, 'ws-file');
    mkdirSync(path.join(linkedFile, '.peer-bridge'), { recursive: true });
    symlinkSync(path.join(outside, 'victim'), path.join(linkedFile, '.peer-bridge', 'ledger.jsonl'));
    const record = { run_id: null, tool: 'bridge_advise', status: 'rejected', code: 'invalid_arguments', reason: 'x' };
    await expect(new Ledger(linkedFile).result(record)).rejects.toThrow(/symbolic link/);
    expect(readFileSync(path.join(outside, 'victim'), 'utf8')).toBe('keep\n');
    const linkedDir = path.join(dir, 'ws-dir');
    mkdirSync(linkedDir);
    symlinkSync(outside, path.join(linkedDir, '.peer-bridge'));
    await expect(new Ledger(linkedDir).result(record)).rejects.toThrow(/symbolic link/);
    expect(readdirSync(outside)).toEqual(['victim']);
  });

  it('settles a dead owner’s started call as unknown exactly once, and leaves a live owner alone', async () => {
    const dir = tempDir();
    const dead = spawnTs(child, ['start', dir, 'crashed']);
    await waitForLine(dead, (line) => line === 'started');
    dead.kill('SIGKILL');
    await waitForExit(dead);
    const live = spawnTs(child, ['start', dir, 'in-flight']);
    await waitForLine(live, (line) => line === 'started');
    try {
      const ledger = new Ledger(dir);
      await start(ledger, 'mine');
      expect((await ledger.runs()).map((r) => [r.run_id, r.status])).toEqual([
        ['mine', 'running'],
        ['in-flight', 'running'],
        ['crashed', 'interrupted'],
      ]);
      expect(await ledger.recover()).toEqual(['crashed']);
      expect(await new Ledger(dir).recover()).toEqual([]);
      const settles = (await ledger.read()).records.filter((r) => r.type === 'settle');
      expect(settles).toMatchObject([{ run_id: 'crashed', status: 'unknown' }]);
      const runs = await ledger.runs();
      expect(runs.map((r) => [r.run_id, r.status])).toEqual([
        ['mine', 'running'],
        ['in-flight', 'running'],
        ['crashed', 'unknown'],
      ]);
    } finally {
      live.stdin!.end();
      await waitForExit(live);
    }
  });

  it('lists calls that never started with their explicit result', async () => {
    const ledger = new Ledger(tempDir());
    await ledger.result({
      run_id: 'x1',
      tool: 'bridge_implement',
      status: 'refused',
      code: 'recursion-depth',
      reason: 'depth 1',
    });
    expect(await ledger.runs()).toMatchObject([
      { run_id: 'x1', status: 'refused', reason: 'recursion-depth: depth 1' },
    ]);
  });
});

describe('ledger owners', () => {
  it('removes lock files of dead owners on recovery and keeps live ones', async () => {
    const dir = tempDir();
    const finished = spawnTs(child, ['run', dir, 'done']);
    expect(await waitForExit(finished)).toBe(0);
    const live = spawnTs(child, ['start', dir, 'in-flight']);
    await waitForLine(live, (line) => line === 'started');
    try {
      const ledger = new Ledger(dir);
      await ledger.recover();
      const { readdirSync } = await import('node:fs');
      const owners = readdirSync(path.join(dir, '.peer-bridge', 'owners'));
      expect(owners).toHaveLength(2); // the live child's and this process's, not the finished one's
      expect(owners.some((name) => name.startsWith(`${finished.pid}-`))).toBe(false);
      expect(owners.some((name) => name.startsWith(`${live.pid}-`))).toBe(true);
      expect(await ledger.has('in-flight')).toBe(true);
      expect(await ledger.has('nope')).toBe(false);
    } finally {
      live.stdin!.end();
      await waitForExit(live);
    }
  });
});

describe('ledger size', () => {
  const settleAll = async (ledger: Ledger, ids: string[]) => {
    for (const id of ids) {
      await start(ledger, id);
      await ledger.settle({ run_id: id, status: 'complete', incident: null, duration_seconds: 1 });
    }
  };

  it('rotates past its size into archives, keeping history, run ids and open calls', async () => {
    const dir = tempDir();
    const ledger = new Ledger(dir, { maxBytes: 4096 });
    await start(ledger, 'long-running');
    const ids = Array.from({ length: 30 }, (_, i) => `r${i}`);
    await settleAll(ledger, ids);
    expect((await ledger.archives()).length).toBeGreaterThan(0);
    expect(statSync(ledger.file).size).toBeLessThanOrEqual(4096 + 2048);
    // The runs view reads back across files, each call once, newest first.
    const runs = await ledger.runs(31);
    expect(runs.map((r) => r.run_id)).toEqual([...ids].reverse().concat('long-running'));
    expect(runs.at(-1)).toMatchObject({ status: 'running' });
    // Every record once, oldest first; the carried copy of the open start is marked.
    const all: string[] = [];
    for await (const record of ledger.records())
      if (record.type === 'start' && !record.carried_from) all.push(record.run_id);
    expect(all).toEqual(['long-running', ...ids]);
    // The whole history at once (reports): each call once when joined.
    const history = await ledger.readAll();
    expect(history.skipped).toBe(0);
    expect(joinRuns(history.records).map((run) => run.summary.run_id)).toEqual(['long-running', ...ids]);
    // Run ids of the file before the current one are still taken (uniqueness reaches back one
    // whole file); the open call is still open for recovery.
    const [newestArchive] = await ledger.archives();
    const archived = readFileSync(newestArchive!, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { type: string; run_id?: string });
    const archivedIds = archived.filter((r) => r.type === 'start').map((r) => r.run_id!);
    expect(archivedIds.length).toBeGreaterThan(0);
    for (const id of archivedIds) expect(await ledger.has(id)).toBe(true);
    expect(await ledger.has('never-used')).toBe(false);
    const current = (await ledger.read()).records;
    expect(current.some((r) => r.type === 'start' && r.run_id === 'long-running')).toBe(true);
  });

  it('keeps a bounded number of archives', async () => {
    const ledger = new Ledger(tempDir(), { maxBytes: 1024 });
    await settleAll(
      ledger,
      Array.from({ length: 40 }, (_, i) => `k${i}`),
    );
    expect((await ledger.archives()).length).toBe(LEDGER_ARCHIVES_KEPT);
    expect((await ledger.runs(5)).map((r) => r.run_id)).toEqual(['k39', 'k38', 'k37', 'k36', 'k35']);
  });

  it('loses no line when processes append and rotate concurrently', async () => {
    const dir = tempDir();
    const writers = ['a', 'b', 'c'].map((tag) => spawnTs(child, ['append', dir, '40', tag, '24000']));
    expect(await Promise.all(writers.map(waitForExit))).toEqual([0, 0, 0]);
    const ledger = new Ledger(dir);
    expect((await ledger.archives()).length).toBeGreaterThan(0);
    const results: string[] = [];
    for await (const record of ledger.records()) if (record.type === 'result') results.push(record.run_id!);
    expect(new Set(results).size).toBe(120);
    expect(results).toHaveLength(120);
  });

  it('recovers a call left open across a rotation, once', async () => {
    const dir = tempDir();
    const dead = spawnTs(child, ['start', dir, 'crashed']);
    await waitForLine(dead, (line) => line === 'started');
    dead.kill('SIGKILL');
    await waitForExit(dead);
    const ledger = new Ledger(dir, { maxBytes: 2048 });
    await settleAll(
      ledger,
      Array.from({ length: 10 }, (_, i) => `n${i}`),
    );
    expect((await ledger.archives()).length).toBeGreaterThan(0);
    expect(await ledger.recover()).toEqual(['crashed']);
    expect(await ledger.recover()).toEqual([]);
    expect((await ledger.runs(20)).find((r) => r.run_id === 'crashed')).toMatchObject({ status: 'unknown' });
  });

  it('reads only what was appended since its last look to answer has()', async () => {
    const dir = tempDir();
    const ledger = new Ledger(dir);
    await settleAll(ledger, ['first', 'second']);
    expect(await ledger.has('first')).toBe(true);
    // Rewrite bytes already read, in place (same file, same size): a full re-read would see it.
    const text = readFileSync(ledger.file, 'utf8');
    const fd = openSync(ledger.file, 'r+');
    writeSync(fd, text.replace(/"first"/g, '"FIRST"'), 0, 'utf8');
    closeSync(fd);
    expect(await ledger.has('first')).toBe(true);
    expect(await ledger.has('FIRST')).toBe(false);
    // What another process appends is seen.
    appendFileSync(
      ledger.file,
      `${JSON.stringify({ type: 'result', run_id: 'third', tool: 'bridge_advise', status: 'refused', code: 'x', reason: 'y', at: 'z' })}\n`,
    );
    expect(await ledger.has('third')).toBe(true);
  });
});
