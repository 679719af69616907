import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeForOutcome } from '../../src/bridge/outcome.js';
import type { ChildOutcome } from '../../src/bridge/run-child.js';
import { validateEnvelope } from '../../src/envelope/index.js';
import { openTranscript } from '../../src/state/transcript.js';

let workspace: string | undefined;
afterEach(() => {
  if (workspace) rmSync(workspace, { recursive: true, force: true });
  workspace = undefined;
});

function meta() {
  workspace = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-outcome-'));
  return {
    transcript: openTranscript({ workspace, runId: 'run-1' }),
    verb: 'advise' as const,
    direction: 'cli->codex',
    runner: 'codex',
    depth: 0,
  };
}

function stopped(overrides: Partial<ChildOutcome>): ChildOutcome {
  return {
    result: null,
    failure: null,
    timedOut: false,
    cancelled: false,
    final: null,
    usage: null,
    sessionId: 's',
    model: null,
    errors: [],
    unreachable: null,
    durationMs: 12_000,
    ...overrides,
  };
}

const ctx = { budgetSeconds: 10, cutoffMs: 12_000, maxOutputBytes: 1 << 20 };

describe('envelopes of a child the harness stopped', () => {
  it("a timeout names the child's last error, so the caller sees why it was stuck", async () => {
    const outcome = stopped({
      timedOut: true,
      errors: [
        { type: 'error', message: 'Reconnecting... 1/5', fatal: false, cause: 'turn-failed' },
        {
          type: 'error',
          message: 'Reconnecting... waiting for network\n(Connection failed)',
          fatal: false,
          cause: 'turn-failed',
        },
        { type: 'error', message: 'the run was aborted; the process tree was killed', fatal: true, cause: 'aborted' },
      ],
    });
    const envelope = await envelopeForOutcome(outcome, meta(), ctx);
    expect(envelope.status).toBe('timeout');
    expect(envelope.blockers[0]).toContain('no answer within the 10 s budget');
    expect(envelope.blockers[0]).toContain(
      "the child's last error: Reconnecting... waiting for network (Connection failed)",
    );
    expect(envelope.blockers[0]).not.toContain('aborted');
    expect(validateEnvelope(envelope).ok).toBe(true);
  });

  it('a timeout without any error from the child says only that', async () => {
    const envelope = await envelopeForOutcome(stopped({ timedOut: true }), meta(), ctx);
    expect(envelope.blockers[0]).not.toContain('last error');
  });

  it('a cancellation carries the last error too', async () => {
    const outcome = stopped({
      cancelled: true,
      errors: [{ type: 'error', message: 'rate limited', fatal: false, cause: 'http-error' }],
    });
    const envelope = await envelopeForOutcome(outcome, meta(), ctx);
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^cancelled: .*the child's last error: rate limited$/);
  });

  it('a child stopped for an unreachable model is blocked with fault model-unreachable and its last error', async () => {
    const outcome = stopped({
      timedOut: true,
      unreachable: {
        errors: 3,
        seconds: 20.4,
        lastError: 'Reconnecting... waiting for network\n(Connection failed: error sending request)',
      },
    });
    const envelope = await envelopeForOutcome(outcome, meta(), ctx);
    expect(envelope.status).toBe('blocked');
    expect(envelope.verdict).toMatch(/could not reach its model/);
    expect(envelope.blockers[0]).toMatch(/^model-unreachable: the peer failed to reach its model 3 times in 20\.4 s/);
    expect(envelope.blockers[0]).toContain(
      "The child's last error: Reconnecting... waiting for network (Connection failed: error sending request)",
    );
    expect(validateEnvelope(envelope).ok).toBe(true);
  });

  it('a child whose CLI gave up reaching its model on its own (one fatal error) is blocked with fault model-unreachable', async () => {
    const outcome = stopped({
      result: {
        exitCode: 1,
        signal: null,
        stderrTail: '',
        outputLimitHit: false,
        aborted: false,
        lastAgentMessage: null,
        model: null,
        sessionId: 'ses_1',
      },
      errors: [
        {
          type: 'error',
          fatal: true,
          cause: 'model-unreachable',
          message: 'opencode: APIError: Cannot connect to API: Unable to connect.',
        },
      ],
    });
    const envelope = await envelopeForOutcome(outcome, meta(), ctx);
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers[0]).toMatch(/^model-unreachable: the peer could not reach its model and gave up/);
    expect(envelope.blockers[0]).toContain("The child's last error: opencode: APIError: Cannot connect to API");
    expect(validateEnvelope(envelope).ok).toBe(true);
  });
});
