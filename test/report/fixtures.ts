// Workspaces with a run history for the report tests: ledger lines, incidents and transcripts in
// the shapes the state writers produce (typed by the state module's record types), with start
// times spread over days, which a real run cannot choose.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LedgerRecord } from '../../src/state/ledger-records.js';
import { incidentsDir, ledgerPath, transcriptPath, transcriptsDir } from '../../src/state/paths.js';

export interface Expected {
  calls: number;
  ok: number;
  failed: number;
  unknown: number;
  cost: number;
  tokens: number;
  byCause: Record<string, number>;
}

interface Call {
  id: string;
  day: number;
  status: string;
  model?: string;
  cost?: number | null;
  tokens?: { input_tokens: number; output_tokens: number };
  fault?: string;
  task?: string;
  findings?: string[];
  rejected?: string;
}

const BASE = Date.UTC(2026, 10, 1, 9, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

export function writeHistory(workspace: string, calls: Call[], options: { incidents?: boolean } = {}): Expected {
  for (const dir of [incidentsDir, transcriptsDir])
    mkdirSync(path.join(workspace, ...dir.split('/')), { recursive: true });
  const lines: string[] = [];
  const expected: Expected = { calls: calls.length, ok: 0, failed: 0, unknown: 0, cost: 0, tokens: 0, byCause: {} };
  calls.forEach((call, i) => {
    const start = BASE + call.day * 86_400_000 + i * 1000;
    const at = iso(start);
    if (call.rejected) {
      const record: LedgerRecord = {
        type: 'result',
        run_id: call.id,
        tool: 'bridge_advise',
        status: call.status,
        code: call.rejected,
        reason: 'task must not be empty',
        at,
      };
      lines.push(JSON.stringify(record));
      expected.failed += 1;
      const cause = `${call.status}: ${call.rejected}`;
      expected.byCause[cause] = (expected.byCause[cause] ?? 0) + 1;
      return;
    }
    const startRecord: LedgerRecord = {
      type: 'start',
      run_id: call.id,
      verb: i % 3 === 0 ? 'implement' : 'advise',
      runner: 'codex',
      direction: 'claude-code->codex',
      budget_seconds: 120,
      depth: 0,
      owner: 'fixture-owner',
      pid: 1,
      at,
    };
    lines.push(JSON.stringify(startRecord));
    let incident: string | null = null;
    if (call.fault && options.incidents !== false) {
      incident = `${incidentsDir}/${at.replace(/[:.]/g, '-')}-${call.id}-${call.fault}.json`;
      writeFileSync(
        path.join(workspace, ...incident.split('/')),
        JSON.stringify({
          run_id: call.id,
          fault: call.fault,
          reason: `the peer failed: ${call.fault}`,
          verb: 'advise',
          created_at: at,
          stderr_tail: 'Error: <script>alert(1)</script>',
        }),
      );
    }
    const duration = 5 + (i % 50);
    const settle: LedgerRecord =
      call.status === 'unknown'
        ? {
            type: 'settle',
            run_id: call.id,
            status: 'unknown',
            incident: null,
            duration_seconds: null,
            at: iso(start + 3_600_000),
            reason: 'the process that ran this call (pid 1) ended before it settled; not replayed',
          }
        : {
            type: 'settle',
            run_id: call.id,
            status: call.status,
            incident,
            duration_seconds: duration,
            at: iso(start + duration * 1000),
            model: call.model ?? 'gpt-5.5',
            effort: 'medium',
            effort_substituted:
              i % 7 === 0 ? { requested: 'max', applied: 'high', reason: 'the model supports up to high' } : null,
            cost: call.cost === undefined ? 0.01 : call.cost,
            tokens: call.tokens ?? { input_tokens: 100, output_tokens: 30 },
          };
    lines.push(JSON.stringify(settle));
    const outcome =
      call.status === 'complete' || call.status === 'partial' ? 'ok' : call.status === 'unknown' ? 'unknown' : 'failed';
    expected[outcome] += 1;
    if (settle.type === 'settle' && call.status !== 'unknown') {
      expected.cost += settle.cost ?? 0;
      expected.tokens += (settle.tokens?.input_tokens ?? 0) + (settle.tokens?.output_tokens ?? 0);
    }
    if (outcome !== 'ok') {
      const cause = call.status === 'unknown' ? 'unknown (process died)' : incident ? call.fault! : call.status;
      expected.byCause[cause] = (expected.byCause[cause] ?? 0) + 1;
    }
    if (call.task) {
      const transcript = [
        { type: 'transcript.start', run_id: call.id, limit_bytes: 262144 },
        {
          type: 'bridge.call',
          verb: 'advise',
          runner: 'codex',
          model: null,
          effort: null,
          budget_seconds: 120,
          depth: 0,
          direction: 'claude-code->codex',
          task: call.task,
        },
        { type: 'command', command: 'npm test', exit_code: 0, output: { bytes: 52011, sha256: 'ab'.repeat(32) } },
        call.fault
          ? { type: 'harness.fault', fault: call.fault, cause: `${call.fault}: the peer stopped`, problems: [] }
          : {
              type: 'answer',
              status: call.status,
              verdict: `Verdict for ${call.id}`,
              findings: call.findings ?? [],
              files_touched: [],
              remaining: [],
              blockers: [],
            },
      ];
      writeFileSync(
        path.join(workspace, ...transcriptPath(call.id).split('/')),
        transcript.map((r) => JSON.stringify(r)).join('\n') + '\n',
      );
    }
  });
  mkdirSync(path.dirname(path.join(workspace, ...ledgerPath.split('/'))), { recursive: true });
  writeFileSync(path.join(workspace, ...ledgerPath.split('/')), lines.join('\n') + '\n');
  return expected;
}

/** A dozen calls of every kind: complete, partial, each failure cause, a rejection, a recovered unknown. */
export function mixedHistory(workspace: string): Expected {
  return writeHistory(workspace, [
    {
      id: 'run-ok-1',
      day: 0,
      status: 'complete',
      task: 'Review the parser for off-by-one errors',
      findings: ['parse() accepts an empty string'],
      cost: 0.0123,
      tokens: { input_tokens: 1200, output_tokens: 340 },
    },
    {
      id: 'run-ok-2',
      day: 0,
      status: 'partial',
      task: 'Implement the cache',
      model: 'claude-sonnet-4-5',
      cost: 0.2,
      tokens: { input_tokens: 5000, output_tokens: 900 },
    },
    { id: 'run-timeout', day: 1, status: 'timeout', fault: 'timeout', task: 'Think for a long time' },
    { id: 'run-limit', day: 1, status: 'blocked', fault: 'output-limit', task: 'Print everything' },
    {
      id: 'run-unreach',
      day: 2,
      status: 'blocked',
      fault: 'model-unreachable',
      task: 'Ask a model that is down',
      cost: null,
    },
    { id: 'run-invalid', day: 2, status: 'blocked', fault: 'invalid-output', task: 'Answer in the wrong shape' },
    { id: 'run-rejected', day: 3, status: 'rejected', rejected: 'invalid_arguments' },
    { id: 'run-unknown', day: 3, status: 'unknown' },
    {
      id: 'run-ok-3',
      day: 4,
      status: 'complete',
      task: '<img src=x onerror=alert(1)> is shown as text',
      model: 'claude-sonnet-4-5',
      cost: 0.05,
    },
    { id: 'run-ok-4', day: 5, status: 'complete', task: 'Advise on naming' },
  ]);
}

/** `count` calls over a year: mostly complete, some failures of three causes, a few unknown. */
export function largeHistory(workspace: string, count: number): Expected {
  const calls: Call[] = [];
  const faults = ['timeout', 'output-limit', 'model-unreachable'];
  for (let i = 0; i < count; i++) {
    const day = Math.floor((i / count) * 365);
    if (i % 10 === 3)
      calls.push({
        id: `r${i}`,
        day,
        status: i % 20 === 3 ? 'timeout' : 'blocked',
        fault: faults[i % 3]!,
        ...(i > count - 200 ? { task: `task ${i}` } : {}),
      });
    else if (i % 97 === 5) calls.push({ id: `r${i}`, day, status: 'unknown' });
    else
      calls.push({
        id: `r${i}`,
        day,
        status: 'complete',
        model: i % 2 ? 'gpt-5.5' : 'claude-sonnet-4-5',
        cost: (i % 5) / 1000,
        tokens: { input_tokens: i % 1000, output_tokens: i % 100 },
        ...(i > count - 200 ? { task: `task ${i}` } : {}),
      });
  }
  return writeHistory(workspace, calls, { incidents: true });
}
