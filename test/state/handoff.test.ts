// Handoffs of calls a crash left unknown: written once, bounded, always unknown, carried once.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { carryHandoffs, handoffsDir, pendingHandoffs, writeHandoff } from '../../src/state/handoff.js';
import type { StartRecord } from '../../src/state/ledger-records.js';
import { saveStartSnapshot } from '../../src/state/start-snapshot.js';
import { takeSnapshot } from '../../src/state/workspace-snapshot.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-handoff-unit-');
const start = (runId: string, at = '2026-01-01T00:00:00.000Z'): StartRecord => ({
  type: 'start',
  run_id: runId,
  verb: 'implement',
  runner: 'codex',
  direction: 'api->codex',
  budget_seconds: 600,
  depth: 1,
  task_preview: 'Fix the parser',
  owner: 'o1',
  pid: 1,
  at,
});

describe('handoffs', () => {
  it('says plainly when no start snapshot was saved', async () => {
    const ws = realpathSync(tempDir());
    await writeHandoff(ws, start('r1'), '2026-01-01T00:01:00.000Z');
    expect(await pendingHandoffs(ws)).toEqual([
      expect.objectContaining({
        run_id: 'r1',
        task_head: 'Fix the parser',
        outcome: 'unknown',
        workspace_change: null,
        workspace_change_unavailable: expect.stringContaining('no start snapshot'),
      }),
    ]);
  });

  it('lists the files changed since the start snapshot, bounded to 20 per list', async () => {
    const ws = realpathSync(tempDir());
    await saveStartSnapshot(ws, 'r2', await takeSnapshot(ws));
    for (let i = 0; i < 25; i++) writeFileSync(path.join(ws, `f${String(i).padStart(2, '0')}.txt`), `${i}\n`);
    await writeHandoff(ws, start('r2'), new Date().toISOString());
    const [handoff] = await pendingHandoffs(ws);
    expect(handoff!.workspace_change).toMatchObject({ modified: [], deleted: [], truncated: true });
    expect(handoff!.workspace_change!.added).toHaveLength(20);
  });

  it('a handoff file written by someone else is shown in shape and as unknown', async () => {
    const ws = realpathSync(tempDir());
    mkdirSync(path.join(ws, handoffsDir), { recursive: true });
    writeFileSync(
      path.join(ws, handoffsDir, 'r3.json'),
      JSON.stringify({
        run_id: 'r3',
        started_at: 'x',
        outcome: 'complete',
        verdict: 'all done',
        task_head: 'y'.repeat(5000),
      }),
    );
    const [handoff] = await pendingHandoffs(ws);
    expect(handoff).toMatchObject({ run_id: 'r3', outcome: 'unknown' });
    expect(handoff).not.toHaveProperty('verdict');
    expect(handoff!.task_head).toHaveLength(500);
  });

  it('goes to exactly one of two calls that start at once', async () => {
    const ws = realpathSync(tempDir());
    await writeHandoff(ws, start('r4'), new Date().toISOString());
    const [a, b] = await Promise.all([carryHandoffs(ws), carryHandoffs(ws)]);
    expect([...a, ...b].map((h) => h.run_id)).toEqual(['r4']);
    expect(await pendingHandoffs(ws)).toEqual([]);
  });
});
