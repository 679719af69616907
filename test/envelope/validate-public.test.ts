import { describe, expect, it } from 'vitest';
import { validateEnvelope, validateToolInput } from '../../src/envelope/index.js';
import { harnessEnvelope } from '../../src/bridge/record-envelope.js';
import { openTranscript } from '../../src/state/transcript.js';
import { tempWorkspace } from '../helpers/temp-workspace.js';

describe('validateEnvelope', () => {
  it('accepts a harness-built envelope and names what is wrong with a broken one', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({
      fault: 'spawn',
      cause: 'ENOENT: codex not found on PATH',
      meta: {
        transcript: openTranscript({ workspace: ws, runId: 'v' }),
        verb: 'advise',
        direction: 'a->b',
        runner: 'codex',
        depth: 0,
      },
    });
    expect(validateEnvelope(envelope)).toEqual({ ok: true, value: envelope });
    const { run_id: _, ...missing } = envelope;
    expect(validateEnvelope({ ...missing, status: 'done', extra: 1 })).toMatchObject({
      ok: false,
      problems: expect.arrayContaining([
        'missing field "run_id"',
        'unexpected field "extra"',
        expect.stringContaining('status must be one of'),
      ]),
    });
  });

  it('keeps older envelopes without partial_output valid and rejects an absolute transcript path', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({
      fault: 'cancelled',
      cause: 'notifications/cancelled',
      meta: {
        transcript: openTranscript({ workspace: ws, runId: 'v' }),
        verb: 'review',
        direction: 'a->b',
        runner: 'claude',
        depth: 0,
      },
    });
    expect(envelope).not.toHaveProperty('partial_output');
    expect(validateEnvelope(envelope).ok).toBe(true);
    expect(validateEnvelope({ ...envelope, transcript_path: ws }).ok).toBe(false);
  });
});

describe('validateToolInput', () => {
  it.each(['workspace', 'cwd', 'background', 'session', 'session_id'])('names the rejected field %s', (field) => {
    const result = validateToolInput('bridge_implement', { task: 'x', [field]: 'value' });
    expect(result).toMatchObject({ ok: false, reason: `unexpected field "${field}"` });
  });

  it('accepts a well-formed call', () => {
    expect(validateToolInput('bridge_review', { task: 'review the diff', effort: 'none' })).toMatchObject({ ok: true });
  });
});
