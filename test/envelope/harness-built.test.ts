// envelope/ is pure: it says what to record and builds the envelope from what was recorded, and
// never writes (the bridge does: test/bridge/record-envelope/). The transcript here is a real one
// behind a Proxy that notes every method called on it, to show that building calls none of them.
import { describe, expect, it } from 'vitest';
import {
  answerRecords,
  buildAnswerEnvelope,
  buildHarnessEnvelope,
  harnessFaultRecord,
  harnessIncidentDraft,
  type RunMeta,
} from '../../src/envelope/index.js';
import { openTranscript } from '../../src/state/transcript.js';
import { goodCore } from '../helpers/core-answer.js';
import { list, tempWorkspace } from '../helpers/temp-workspace.js';

// `settle` closes the real transcript behind the Proxy (not through it, so no call is noted): its
// start record is spilled to a partial file in the background, which must end before the
// workspace is removed.
function watchedMeta(workspace: string): { meta: RunMeta; calls: string[]; settle: () => Promise<string> } {
  const calls: string[] = [];
  const real = openTranscript({ workspace, runId: 'run-p' });
  const transcript = new Proxy(real, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(key));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    meta: { transcript, verb: 'review', direction: 'codex->claude-code', runner: 'codex', depth: 1 },
    calls,
    settle: () => real.close(),
  };
}

describe('harness-built envelopes without side effects', () => {
  it('returns the fault record and the incident draft, and builds the envelope from what was recorded', async () => {
    const ws = await tempWorkspace();
    const { meta, calls, settle } = watchedMeta(ws);
    const input = { fault: 'child-exit' as const, cause: 'exit 2', meta, problems: ['p1'] };
    expect(harnessFaultRecord(input)).toEqual({
      type: 'harness.fault',
      fault: 'child-exit',
      cause: 'exit 2',
      problems: ['p1'],
    });
    const draft = harnessIncidentDraft(input, '.peer-bridge/transcripts/run-p.jsonl');
    expect(draft).toMatchObject({
      workspace: ws,
      run_id: 'run-p',
      fault: 'child-exit',
      reason: 'exit 2',
      problems: ['p1'],
    });
    expect(draft?.transcript_path).toBe('.peer-bridge/transcripts/run-p.jsonl');
    const envelope = buildHarnessEnvelope(input, {
      transcriptPath: null,
      incident: '.peer-bridge/incidents/x.json',
      failures: ['the transcript could not be written: disk full'],
    });
    expect(envelope).toMatchObject({ status: 'blocked', incident: '.peer-bridge/incidents/x.json', run_id: 'run-p' });
    expect(envelope.blockers).toEqual(['exit 2', 'the transcript could not be written: disk full']);
    expect(envelope.transcript_path).toBe(meta.transcript.plannedPath);
    expect(calls).toEqual([]);
    expect(await list(`${ws}/.peer-bridge/incidents`)).toEqual([]);
    await settle();
  });

  it('drafts no incident for unusable state', async () => {
    const { meta, settle } = watchedMeta(await tempWorkspace());
    expect(harnessIncidentDraft({ fault: 'state-unusable', cause: 'swapped', meta }, null)).toBeNull();
    await settle();
  });

  it('returns the answer records in order and builds the answer envelope without writing', async () => {
    const ws = await tempWorkspace();
    const { meta, calls, settle } = watchedMeta(ws);
    const checked = answerRecords(goodCore({ details: ['one', 'two'] }), meta);
    if (!('records' in checked)) throw new Error('a good core was refused');
    expect(checked.records.map((r) => (r as { type: string }).type)).toEqual([
      'answer',
      'answer.details',
      'answer.details',
    ]);
    const built = buildAnswerEnvelope(checked.answer, meta, '.peer-bridge/transcripts/run-p.jsonl');
    expect('envelope' in built && built.envelope.transcript_path).toBe('.peer-bridge/transcripts/run-p.jsonl');
    expect(answerRecords({ status: 'nope' }, meta)).toMatchObject({ fault: { fault: 'invalid-output' } });
    expect(calls).toEqual([]);
    await settle();
  });
});
