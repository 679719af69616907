// The soak benchmark (bench/soak.ts) at a tiny scale, so that the script cannot rot: its real
// servers (the CLI over stdio, the gate runner plugin as the peer) and its correctness checks,
// never its timing. The checkers are also shown to fail on a ledger and files that break them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLedger } from '../../bench/soak-bridge.js';
import { checkFiles } from '../../bench/soak-edits.js';
import { type Sample, growth, trend } from '../../bench/soak-probe.js';
import { runSoak, warmupOf } from '../../bench/soak.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-soak-test-');

describe('the soak benchmark at a tiny scale', () => {
  it('settles every call once in the ledger and leaves every file with exactly its accepted edits', async () => {
    const report = await runSoak({ calls: 16, concurrency: 8, edits: 200, files: 5, clients: 4, every: 4 }, false);
    expect(report.checks.map((c) => [c.name, c.ok])).toEqual([
      ['bridge: every call settled exactly once in the ledger', true],
      ['edits: every file holds exactly its accepted edits', true],
    ]);
    expect(report.bridge.ledger.problems).toEqual([]);
    // The mix reached the server: answers, one cancelled call and one timed-out call out of 16.
    const statuses = report.bridge.statuses;
    expect(statuses['complete']).toBeGreaterThan(0);
    expect(statuses['cancelled by the client']).toBe(1);
    expect(Object.keys(statuses).some((s) => s.includes('timeout') || s.includes('timed_out'))).toBe(true);
    expect(report.edits.accepted).toBe(200);
    expect(report.bridge.samples.length).toBe(4);
    expect(report.edits.samples.length).toBe(50);
    // The samples hold what the servers said about themselves (peer-bridge/diagnostics).
    for (const sample of [...report.bridge.samples, ...report.edits.samples]) {
      expect(sample.serverLoopBusy).toBeGreaterThan(0);
      expect(sample.heapMiB).toBeGreaterThan(1);
    }
    // The workbench servers keep lock files open between edits; four servers, each its own cache.
    expect(report.edits.samples.at(-1)!.keptLockFiles).toBeGreaterThanOrEqual(4 * 5);
  }, 180_000);

  it('flatness is the trend after warm-up: a saw-tooth passes, a steady rise fails, warm-up waits for the cache', () => {
    const sample = (at: number, rssMiB: number, keptLockFiles = 128): Sample => ({
      at,
      rssMiB,
      fds: 40,
      keptLockFiles,
      serverStallMs: 0,
      serverOwnStallMs: 0,
      worstTurn: null,
      serverLoopBusy: 0.1,
      heapMiB: 20,
      maxPingMs: 0,
      clientLoopMs: 0,
      serverRunQueueMs: 0,
    });
    const saw = Array.from({ length: 20 }, (_, i) => sample(i, 150 + (i % 5) * 6));
    expect(growth(saw, 'rssMiB', 0)).toBeCloseTo(24 / 150);
    expect(trend(saw, 'rssMiB', 0)!).toBeLessThan(0.05);
    const leak = Array.from({ length: 20 }, (_, i) => sample(i, 150 + i * 1.5));
    expect(trend(leak, 'rssMiB', 0)!).toBeCloseTo(28.5 / 150);
    expect(trend([sample(0, 1)], 'rssMiB', 0)).toBeNull();
    // Warm-up: until the kept lock files reach their most (index 12 here), at least a tenth.
    const filling = Array.from({ length: 40 }, (_, i) => sample(i, 150, Math.min(128, i * 10 + 8)));
    expect(warmupOf(filling)).toBe(13);
    expect(warmupOf(saw)).toBe(2);
  });

  it('its checkers report a call recorded twice or never, and a file with a line not accepted', async () => {
    const workspace = tempDir();
    mkdirSync(path.join(workspace, '.peer-bridge'));
    const start = (id: string) => ({
      type: 'start',
      run_id: id,
      verb: 'advise',
      runner: 'x',
      direction: 'x',
      budget_seconds: 1,
      depth: 0,
      owner: 'o',
      pid: 1,
      at: 'now',
    });
    const settle = (id: string) => ({
      type: 'settle',
      run_id: id,
      status: 'complete',
      incident: null,
      duration_seconds: 1,
      at: 'now',
    });
    const lines = [start('soak-0'), settle('soak-0'), settle('soak-0'), start('soak-1'), settle('soak-1')];
    writeFileSync(
      path.join(workspace, '.peer-bridge', 'ledger.jsonl'),
      lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    );
    const ledger = await checkLedger(workspace, 3);
    expect(ledger.settledOnce).toBe(1);
    expect(ledger.problems).toEqual([expect.stringMatching(/^soak-0: /), 'soak-2: "absent"']);

    writeFileSync(path.join(workspace, 'soak-00.txt'), '# soak-00.txt\na\nb\n');
    writeFileSync(path.join(workspace, 'soak-01.txt'), '# soak-01.txt\na\nstray\n');
    const files = checkFiles(
      workspace,
      2,
      new Map([
        ['soak-00.txt', ['b', 'a']],
        ['soak-01.txt', ['a']],
      ]),
    );
    expect(files).toMatchObject({ checked: 2, matching: 1, problems: ['soak-01.txt: 2 lines, 1 accepted'] });
  });
});
