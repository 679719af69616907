import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { harnessSchema, type RunMeta } from '../../../src/envelope/index.js';
import { assembleEnvelope } from '../../../src/bridge/record-envelope.js';
import { openTranscript } from '../../../src/state/transcript.js';
import type { IncidentRecord } from '../../../src/state/incident.js';
import { validateHarnessSchema } from '../../../src/envelope/schemas.js';
import { goodCore } from '../../helpers/core-answer.js';
import { list, tempWorkspace } from '../../helpers/temp-workspace.js';

function meta(workspace: string, overrides: Partial<RunMeta> = {}): RunMeta {
  return {
    transcript: openTranscript({ workspace, runId: 'run-a' }),
    verb: 'implement',
    direction: 'claude-code->codex',
    runner: 'codex',
    depth: 0,
    model: 'gpt-5.5',
    effort: 'high',
    effort_substituted: { requested: 'max', applied: 'high', reason: 'gpt-5.5 supports up to high' },
    cost: null,
    tokens: { input: 1200, cached_input: 100, output: 300, reasoning_output: 50 },
    duration_seconds: 12.5,
    session_id: 'thread-1',
    ...overrides,
  };
}

describe('assembleEnvelope', () => {
  it('returns the core without details plus every metadata field, and it validates', async () => {
    const ws = await tempWorkspace();
    const envelope = await assembleEnvelope(goodCore({ details: ['step one', 'step two'] }), meta(ws));
    expect(validateHarnessSchema(envelope)).toBe(true);
    expect(envelope).not.toHaveProperty('details');
    expect(envelope).toEqual({
      ...goodCore(),
      model: 'gpt-5.5',
      effort: 'high',
      effort_substituted: { requested: 'max', applied: 'high', reason: 'gpt-5.5 supports up to high' },
      cost: null,
      tokens: { input: 1200, cached_input: 100, output: 300, reasoning_output: 50 },
      duration_seconds: 12.5,
      depth: 0,
      run_id: 'run-a',
      incident: null,
      session_id: 'thread-1',
      transcript_path: '.peer-bridge/transcripts/run-a.jsonl',
      verb: 'implement',
      direction: 'claude-code->codex',
    });
    expect(Object.keys(envelope).sort()).toEqual((harnessSchema.required as string[]).slice().sort());
  });

  it('moves the details into the transcript', async () => {
    const ws = await tempWorkspace();
    const m = meta(ws);
    m.transcript.write({ type: 'message', text: 'working' });
    const envelope = await assembleEnvelope(goodCore({ details: ['step one', 'step two'] }), m);
    const records = (await readFile(path.join(ws, envelope.transcript_path), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.filter((r) => r.type === 'answer.details')).toEqual([
      { type: 'answer.details', index: 0, text: 'step one', t_ms: expect.any(Number) },
      { type: 'answer.details', index: 1, text: 'step two', t_ms: expect.any(Number) },
    ]);
    expect(records.find((r) => r.type === 'answer')).toMatchObject({ verdict: goodCore().verdict });
  });

  it('passes a reminder through', async () => {
    const ws = await tempWorkspace();
    const envelope = await assembleEnvelope(goodCore(), meta(ws, { reminder: 'Third identical call.' }));
    expect(envelope.reminder).toBe('Third identical call.');
  });

  it('turns an invalid core into a harness-built invalid-output envelope with an incident', async () => {
    const ws = await tempWorkspace();
    const envelope = await assembleEnvelope({ ...goodCore(), cost: 3 }, meta(ws));
    expect(envelope.status).toBe('blocked');
    expect(envelope.findings).toEqual([]);
    expect(envelope.blockers[0]).toContain('field "cost" is set by the harness');
    expect(validateHarnessSchema(envelope)).toBe(true);
    const incident = JSON.parse(await readFile(path.join(ws, envelope.incident!), 'utf8')) as IncidentRecord;
    expect(incident.fault).toBe('invalid-output');
    expect(incident.problems).toContain('field "cost" is set by the harness, not by the model');
  });

  it.each([
    ['cost', { cost: -1 }, 'cost must be >= 0'],
    ['model', { model: 'm'.repeat(300) }, 'model is too long'],
    ['tokens', { tokens: { input: 1.5 } }, 'tokens.input must be integer'],
    ['direction', { direction: 'codex' }, 'direction must match pattern'],
  ] as const)(
    'a result failing its own schema (%s) becomes an invalid-envelope incident and a valid blocked envelope',
    async (_field, override, problem) => {
      const ws = await tempWorkspace();
      const envelope = await assembleEnvelope(goodCore(), meta(ws, override));
      expect(validateHarnessSchema(envelope)).toBe(true);
      expect(envelope.status).toBe('blocked');
      expect(envelope.verdict).toContain('peer-bridge bug');
      expect(envelope.findings).toEqual([]);
      expect(envelope.blockers[0]).toContain(problem);
      const incident = JSON.parse(await readFile(path.join(ws, envelope.incident!), 'utf8')) as IncidentRecord;
      expect(incident.fault).toBe('invalid-envelope');
      expect(incident.problems.join('\n')).toContain(problem);
      expect(await list(path.join(ws, '.peer-bridge', 'transcripts'))).toEqual(['run-a.jsonl']);
    },
  );
});

describe('assembleEnvelope paths', () => {
  it('rewrites absolute files_touched inside the workspace to workspace-relative paths', async () => {
    const ws = await tempWorkspace();
    const inside = path.join(ws, 'src', 'naïve file.ts');
    const outside = path.join(path.dirname(ws), 'elsewhere.ts');
    const envelope = await assembleEnvelope(
      goodCore({ files_touched: [inside, 'already/relative.ts', outside] }),
      meta(ws),
    );
    expect(envelope.files_touched).toEqual(['src/naïve file.ts', 'already/relative.ts', outside]);
  });
});
