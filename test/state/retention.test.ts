// Retention of transcripts and incidents on real files: what goes (too old, or the oldest past the
// size limit), what never goes (an open call's files, names the bridge does not write, anything
// through a link), what the ledger and `runs` say, and a pass killed half-way.
import { existsSync, mkdirSync, readdirSync, symlinkSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { pruneState } from '../../src/state/retention.js';
import { DEFAULT_RETENTION, parseAge, retentionSettings } from '../../src/state/retention-settings.js';
import { spawnTs, waitForExit, waitForLine } from '../helpers/run-ts.js';
import { call, DAY, incident, put, transcript } from '../helpers/retention-files.js';
import { useTempDir } from '../helpers/temp-dir.js';

const prunerChild = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'prune-child.ts');
const ledgerChild = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'ledger-child.ts');
const lockChild = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'lock-child.ts');
const tempDir = useTempDir('peer-bridge-retention-');
const KiB = 1024;
const MiB = 1024 * KiB;

const exists = (workspace: string, relative: string) => existsSync(path.join(workspace, relative));

describe('retention settings', () => {
  it('defaults to 30 days and 256 MiB', () => {
    expect(retentionSettings({})).toEqual({ settings: { maxAgeMs: 30 * DAY, maxBytes: 256 * MiB } });
    expect(DEFAULT_RETENTION).toEqual({ maxAgeMs: 30 * DAY, maxBytes: 256 * MiB });
  });

  it('reads ages and sizes with their units, and 0 turns a limit off', () => {
    const read = (age: string, bytes: string) =>
      retentionSettings({ PEER_BRIDGE_STATE_MAX_AGE: age, PEER_BRIDGE_STATE_MAX_BYTES: bytes });
    expect(read('7d', '512MiB')).toEqual({ settings: { maxAgeMs: 7 * DAY, maxBytes: 512 * MiB } });
    expect(read('12h', '2 GiB')).toEqual({ settings: { maxAgeMs: 12 * 3_600_000, maxBytes: 2048 * MiB } });
    expect(read('0', '0')).toEqual({ settings: { maxAgeMs: 0, maxBytes: 0 } });
    expect(read('90m', String(3 * MiB))).toEqual({ settings: { maxAgeMs: 90 * 60_000, maxBytes: 3 * MiB } });
    expect(parseAge('30d')).toBe(30 * DAY);
  });

  it.each([
    ['PEER_BRIDGE_STATE_MAX_AGE', '30 days', /PEER_BRIDGE_STATE_MAX_AGE must be an age such as 30d.*"30 days"/],
    ['PEER_BRIDGE_STATE_MAX_AGE', '-1d', /must be an age/],
    ['PEER_BRIDGE_STATE_MAX_BYTES', '256', /PEER_BRIDGE_STATE_MAX_BYTES must be a size of at least 1 MiB.*"256"/],
    ['PEER_BRIDGE_STATE_MAX_BYTES', '1TB', /unset it for the default \(256MiB\)/],
  ])('%s=%s is refused with what to set', (name, value, message) => {
    const parsed = retentionSettings({ [name]: value });
    expect('problem' in parsed && parsed.problem).toMatch(message);
  });
});

describe('a retention pass', () => {
  it('removes transcripts and incidents past the age limit and records them in the ledger', async () => {
    const ws = tempDir();
    const ledger = new Ledger(ws);
    await call(ledger, 'old', true, true);
    await call(ledger, 'new');
    put(ws, transcript('old'), 1000, 31 * DAY);
    put(ws, incident('old'), 500, 31 * DAY);
    put(ws, transcript('new'), 1000, 29 * DAY);

    const report = await pruneState(ws, DEFAULT_RETENTION);

    expect(report.removed.sort()).toEqual([incident('old'), transcript('old')].sort());
    expect(report).toMatchObject({ removedBytes: 1500, keptFiles: 1, keptBytes: 1000 });
    expect(exists(ws, transcript('new'))).toBe(true);
    const pruned = (await ledger.read()).records.filter((r) => r.type === 'pruned');
    expect(pruned).toMatchObject([{ reason: 'older than 30d' }]);
    // runs still lists both calls, and says what of the old one is gone.
    const runs = await ledger.runs();
    expect(runs.map((run) => run.run_id)).toEqual(['new', 'old']);
    expect(runs[0]!.pruned).toBeNull();
    expect(runs[1]!.pruned).toMatchObject({ reason: 'older than 30d' });
    expect(runs[1]!.pruned!.paths.sort()).toEqual([incident('old'), transcript('old')].sort());
  });

  it('past the size limit removes the oldest first until the rest fits', async () => {
    const ws = tempDir();
    const ledger = new Ledger(ws);
    for (let i = 0; i < 6; i++) {
      await call(ledger, `c${i}`);
      put(ws, transcript(`c${i}`), 400 * KiB, (10 - i) * 60_000); // c0 oldest
    }
    const report = await pruneState(ws, { maxAgeMs: 0, maxBytes: 1 * MiB });
    expect(report.removed).toEqual([transcript('c0'), transcript('c1'), transcript('c2'), transcript('c3')]);
    expect(report.keptBytes).toBeLessThanOrEqual(1 * MiB);
    expect(readdirSync(path.join(ws, '.peer-bridge/transcripts')).sort()).toEqual(['c4.jsonl', 'c5.jsonl']);
    expect((await ledger.runs()).find((run) => run.run_id === 'c0')!.pruned).toMatchObject({
      reason: 'the oldest past the 1 MiB limit',
    });
  });

  it("never removes a running or unsettled call's files, however old and however far over the limit", async () => {
    const ws = tempDir();
    const ledger = new Ledger(ws);
    await call(ledger, 'done');
    await call(ledger, 'running', false); // this process is its live owner
    // A call whose process died before it settled (no server has recovered it yet).
    const dead = spawnTs(ledgerChild, ['start', ws, 'orphan']);
    await waitForLine(dead, (line) => line === 'started');
    dead.kill('SIGKILL');
    await waitForExit(dead);
    for (const id of ['done', 'running', 'orphan']) {
      put(ws, transcript(id), 600 * KiB, 40 * DAY);
      put(ws, incident(id), 600 * KiB, 40 * DAY);
    }
    put(ws, '.peer-bridge/transcripts/running.partial.jsonl', 600 * KiB, 40 * DAY);
    put(ws, '.peer-bridge/transcripts/orphan.partial.jsonl', 600 * KiB, 40 * DAY);
    // The partial head of a call that has not reached the ledger yet (queued, say): under a day
    // old, so it stays even past the age limit; a settled call's partial two days old goes.
    put(ws, '.peer-bridge/transcripts/starting.partial.jsonl', 600 * KiB, 20 * 3_600_000);
    put(ws, '.peer-bridge/transcripts/done.partial.jsonl', 100, 2 * DAY);

    const report = await pruneState(ws, { maxAgeMs: 3_600_000, maxBytes: 1 * MiB });

    expect(report.removed.sort()).toEqual(
      [incident('done'), transcript('done'), '.peer-bridge/transcripts/done.partial.jsonl'].sort(),
    );
    for (const id of ['running', 'orphan']) {
      expect(exists(ws, transcript(id))).toBe(true);
      expect(exists(ws, incident(id))).toBe(true);
      expect(exists(ws, `.peer-bridge/transcripts/${id}.partial.jsonl`)).toBe(true);
    }
    expect(exists(ws, '.peer-bridge/transcripts/starting.partial.jsonl')).toBe(true);
  });

  it('never removes a name the bridge does not write, nor anything through a link', async () => {
    const ws = tempDir();
    const ledger = new Ledger(ws);
    await call(ledger, 'a');
    const foreign = [
      '.peer-bridge/transcripts/notes.txt',
      '.peer-bridge/transcripts/a.jsonl.bak',
      '.peer-bridge/transcripts/.hidden.jsonl',
      '.peer-bridge/incidents/my-incident.json',
      '.peer-bridge/incidents/20261101T000000.000Z.json.orig',
    ];
    for (const relative of foreign) put(ws, relative, 300 * KiB, 90 * DAY);
    mkdirSync(path.join(ws, '.peer-bridge/transcripts/folder.jsonl'));
    const outside = tempDir();
    put(outside, 'precious.jsonl', 10, 90 * DAY);
    symlinkSync(path.join(outside, 'precious.jsonl'), path.join(ws, '.peer-bridge/transcripts/link.jsonl'));
    utimesSync(path.join(ws, '.peer-bridge/transcripts/folder.jsonl'), 0, 0);

    const report = await pruneState(ws, { maxAgeMs: DAY, maxBytes: 1 * MiB });

    expect(report.removed).toEqual([]);
    for (const relative of foreign) expect(exists(ws, relative)).toBe(true);
    expect(exists(ws, '.peer-bridge/transcripts/folder.jsonl')).toBe(true);
    expect(exists(outside, 'precious.jsonl')).toBe(true);
    expect(exists(ws, '.peer-bridge/transcripts/link.jsonl')).toBe(true);
  });

  it('never walks a transcripts folder a peer replaced with a link', async () => {
    const ws = tempDir();
    const outside = tempDir();
    put(outside, 'x1.jsonl', 2 * MiB, 90 * DAY);
    mkdirSync(path.join(ws, '.peer-bridge'), { recursive: true });
    symlinkSync(outside, path.join(ws, '.peer-bridge/transcripts'));
    const report = await pruneState(ws, { maxAgeMs: DAY, maxBytes: 1 * MiB });
    expect(report.removed).toEqual([]);
    expect(exists(outside, 'x1.jsonl')).toBe(true);
  });

  it('removes the leftovers of a crashed atomic write once they are an hour old, never a younger one', async () => {
    const ws = tempDir();
    put(ws, '.peer-bridge/transcripts/.r1.4242.0123456789ab.tmp', 100, 2 * 3_600_000);
    put(ws, '.peer-bridge/transcripts/.r2.4242.0123456789ab.tmp', 2 * MiB, 0);
    const report = await pruneState(ws, { maxAgeMs: 3_600_000, maxBytes: 1 * MiB });
    expect(report.removed).toEqual(['.peer-bridge/transcripts/.r1.4242.0123456789ab.tmp']);
    expect(exists(ws, '.peer-bridge/transcripts/.r2.4242.0123456789ab.tmp')).toBe(true);
  });

  it('leaves the work to a pass another process is running (its retention lock is held)', async () => {
    const ws = tempDir();
    put(ws, transcript('a'), 100, 40 * DAY);
    // Held by a second process: the lock is per process, as another server's would be.
    const holder = spawnTs(lockChild, [path.join(ws, '.peer-bridge', 'retention.lock')]);
    await waitForLine(holder, (line) => line === 'locked');
    try {
      const report = await pruneState(ws, DEFAULT_RETENTION);
      expect(report).toMatchObject({ removed: [], skipped: 'another process is pruning' });
      expect(exists(ws, transcript('a'))).toBe(true);
    } finally {
      holder.kill('SIGKILL');
      await waitForExit(holder);
    }
    expect((await pruneState(ws, DEFAULT_RETENTION)).removed).toEqual([transcript('a')]);
  });

  it('with both limits off removes nothing', async () => {
    const ws = tempDir();
    put(ws, transcript('a'), 2 * MiB, 400 * DAY);
    expect((await pruneState(ws, { maxAgeMs: 0, maxBytes: 0 })).removed).toEqual([]);
    expect(exists(ws, transcript('a'))).toBe(true);
  });

  it('killed half-way (kill -9) loses nothing a call needs, and the next pass finishes the job', async () => {
    const ws = tempDir();
    const ledger = new Ledger(ws);
    for (let i = 0; i < 5; i++) {
      await call(ledger, `c${i}`);
      put(ws, transcript(`c${i}`), 500 * KiB, (10 - i) * 60_000);
    }
    await call(ledger, 'open', false);
    put(ws, transcript('open'), 500 * KiB, 20 * 60_000);

    const pruner = spawnTs(prunerChild, [ws, String(1 * MiB)]);
    const line = await waitForLine(pruner, (text) => text.startsWith('removed '));
    pruner.kill('SIGKILL');
    await waitForExit(pruner);
    expect(line).toBe(`removed ${transcript('c0')}`);
    // The ledger said what would go before anything went; one file is gone, the rest still there.
    const said = (await ledger.read()).records.flatMap((r) => (r.type === 'pruned' ? r.paths : []));
    expect(said).toEqual([transcript('c0'), transcript('c1'), transcript('c2'), transcript('c3')]);
    expect(exists(ws, transcript('c0'))).toBe(false);
    expect(exists(ws, transcript('c1'))).toBe(true);
    expect(exists(ws, transcript('open'))).toBe(true);

    // The killed pass's lock went with it: the next pass runs and ends where it would have.
    const next = await pruneState(ws, { maxAgeMs: 0, maxBytes: 1 * MiB });
    expect(next.removed).toEqual([transcript('c1'), transcript('c2'), transcript('c3')]);
    expect(readdirSync(path.join(ws, '.peer-bridge/transcripts')).sort()).toEqual(['c4.jsonl', 'open.jsonl']);
    const runs = await ledger.runs();
    expect(runs).toHaveLength(6);
    // A path said twice (by the killed pass and the next) is reported once, with the first time.
    expect(
      runs
        .filter((run) => run.pruned !== null)
        .map((run) => run.run_id)
        .sort(),
    ).toEqual(['c0', 'c1', 'c2', 'c3']);
    expect((await ledger.read()).skipped).toBe(0);
  });
});
