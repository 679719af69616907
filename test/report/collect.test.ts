// The report's data from real state: a real bridge call (Codex against the Responses double)
// settles with what the report totals, and a ledger a peer tampered with cannot pull files from
// outside the incidents folder into the page.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import { collectReport } from '../../src/report/collect.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { expectTimedRecords } from '../helpers/transcript-times.js';
import { writeHistory } from './fixtures.js';

const tempDir = useTempDir('peer-bridge-report-');
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

describe('collectReport', () => {
  it('shows a real call with the model, effort, tokens and answer its envelope had', async () => {
    const dir = realpathSync(tempDir());
    const workspace = path.join(dir, 'ws');
    mkdirSync(workspace);
    const double = await startResponsesDouble([
      { kind: 'answer', answer: answer({ findings: ['parse() accepts an empty string'] }) },
    ]);
    cleanup.push(() => double.close());
    const saved = { ...process.env };
    cleanup.push(async () => {
      process.env = saved;
    });
    Object.assign(process.env, codexEnv(double.origin, dir));
    const envelope = await runBridge({ verb: 'advise', task: 'Is parse() safe?', workspace, effort: 'high' });
    const report = await collectReport(workspace);
    expect(report.runs).toHaveLength(1);
    const run = report.runs[0]!;
    expect(run).toMatchObject({
      run_id: envelope.run_id,
      status: 'complete',
      model: envelope.model,
      effort: envelope.effort,
      cost: envelope.cost,
      cause: null,
      recovered: false,
    });
    expect(run.tokens).toEqual(envelope.tokens);
    expect(run.tokens_total).toBeGreaterThan(0);
    expect(run.excerpt).toMatchObject({
      task: expect.stringContaining('Is parse() safe?'),
      answer: { findings: ['parse() accepts an empty string'] },
    });
    // Each line's time, as the transcript has it, for the call's timeline on the page.
    const excerpt = run.excerpt!;
    const records = expectTimedRecords(excerpt.lines.map((line) => JSON.parse(line) as Record<string, unknown>));
    expect(excerpt.times).toEqual(records.map((record) => record.t_ms));
    expect(excerpt.started_at).toBe(records[0]!.started_at);
    expect(Date.parse(excerpt.started_at!)).toBeLessThanOrEqual(Date.parse(run.settled_at!));
  });

  it('never reads an incident path that leaves the incidents folder', async () => {
    const workspace = realpathSync(tempDir());
    writeHistory(workspace, [{ id: 'run-a', day: 0, status: 'blocked', fault: 'timeout' }]);
    writeFileSync(path.join(workspace, 'secret.json'), JSON.stringify({ fault: 'secret', token: 'do-not-show' }));
    const ledger = path.join(workspace, '.peer-bridge', 'ledger.jsonl');
    writeFileSync(
      ledger,
      [
        {
          type: 'start',
          run_id: 'run-b',
          verb: 'advise',
          runner: 'codex',
          direction: 'x->codex',
          budget_seconds: 1,
          depth: 0,
          owner: 'o',
          pid: 1,
          at: '2026-11-01T00:00:00.000Z',
        },
        {
          type: 'settle',
          run_id: 'run-b',
          status: 'blocked',
          incident: '.peer-bridge/incidents/../../secret.json',
          duration_seconds: 1,
          at: '2026-11-01T00:00:01.000Z',
          cost: -5,
          tokens: { input_tokens: 'many' },
        },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    const report = await collectReport(workspace);
    expect(JSON.stringify(report)).not.toContain('do-not-show');
    expect(report.runs[0]).toMatchObject({ cause: 'blocked', cost: null, tokens: {} });
  });
});
