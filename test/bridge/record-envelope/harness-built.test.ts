import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Fault, RunMeta } from '../../../src/envelope/index.js';
import { harnessEnvelope } from '../../../src/bridge/record-envelope.js';
import { openTranscript } from '../../../src/state/transcript.js';
import type { IncidentRecord } from '../../../src/state/incident.js';
import { validateHarnessSchema } from '../../../src/envelope/schemas.js';
import { tempWorkspace } from '../../helpers/temp-workspace.js';

function meta(workspace: string, overrides: Partial<RunMeta> = {}): RunMeta {
  return {
    transcript: openTranscript({ workspace, runId: 'run-h' }),
    verb: 'review',
    direction: 'codex->claude-code',
    runner: 'codex',
    depth: 1,
    ...overrides,
  };
}

async function incidentOf(ws: string, rel: string | null): Promise<IncidentRecord> {
  expect(rel).not.toBeNull();
  return JSON.parse(await readFile(path.join(ws, rel!), 'utf8')) as IncidentRecord;
}

const faults: [Fault, string][] = [
  ['timeout', 'timeout'],
  ['recursion', 'refused'],
  ['unsafe-workspace', 'refused'],
  ['output-limit', 'blocked'],
  ['invalid-output', 'blocked'],
  ['child-exit', 'blocked'],
  ['spawn', 'blocked'],
  ['cancelled', 'blocked'],
  ['model-unreachable', 'blocked'],
];

describe('harnessEnvelope', () => {
  it.each(faults)(
    '%s: status %s, harness verdict, empty lists, cause in blockers, incident, valid',
    async (fault, status) => {
      const ws = await tempWorkspace();
      const cause = `concrete cause of ${fault}`;
      const envelope = await harnessEnvelope({ fault, cause, meta: meta(ws) });
      expect(validateHarnessSchema(envelope)).toBe(true);
      expect(envelope.status).toBe(status);
      expect(envelope.verdict.length).toBeGreaterThan(10);
      expect(envelope.findings).toEqual([]);
      expect(envelope.files_touched).toEqual([]);
      expect(envelope.remaining).toEqual([]);
      expect(envelope.blockers).toHaveLength(1);
      expect(envelope.blockers[0]).toContain(cause);
      expect(envelope.partial_output).toBeUndefined();
      const incident = await incidentOf(ws, envelope.incident);
      expect(incident).toMatchObject({ fault, reason: cause, transcript_path: envelope.transcript_path });
      const transcript = await readFile(path.join(ws, envelope.transcript_path), 'utf8');
      expect(transcript).toContain(`"type":"harness.fault","fault":"${fault}"`);
    },
  );

  it('a recursion refusal names recursion-depth as its cause', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({
      fault: 'recursion',
      cause: 'PEER_BRIDGE_DEPTH=1 is at the limit 1',
      meta: meta(ws, { incident: { depth_limit: 1 } }),
    });
    expect(envelope.status).toBe('refused');
    expect(envelope.blockers).toEqual(['recursion-depth: PEER_BRIDGE_DEPTH=1 is at the limit 1']);
    expect((await incidentOf(ws, envelope.incident)).depth_limit).toBe(1);
  });

  it('a timeout states the budget and keeps the incident context', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({
      fault: 'timeout',
      cause: 'no answer after 144 s (budget 120 s × 1.2); process tree killed',
      meta: meta(ws, { incident: { budget_seconds: 120, signal: 'SIGKILL', stderr_tail: 'thinking…' } }),
    });
    expect(envelope.verdict).toContain('120 s budget');
    expect(await incidentOf(ws, envelope.incident)).toMatchObject({
      budget_seconds: 120,
      signal: 'SIGKILL',
      stderr_tail: 'thinking…',
      exit_code: null,
    });
  });

  it('output limit of a Codex child carries the unverified partial output, also in the incident', async () => {
    const ws = await tempWorkspace();
    const message = `Found it: ${'漢'.repeat(2000)}`;
    const envelope = await harnessEnvelope({
      fault: 'output-limit',
      cause: 'stdout passed the 8 MiB cap',
      meta: meta(ws, { incident: { output_limit_bytes: 8 << 20 } }),
      partialOutput: message,
    });
    expect(envelope.status).toBe('blocked');
    expect(envelope.findings).toEqual([]);
    expect(envelope.partial_output).toMatchObject({
      unverified: true,
      truncated: true,
      source: 'codex:item.completed:agent_message',
    });
    expect(Buffer.byteLength(envelope.partial_output!.text)).toBeLessThanOrEqual(4096);
    expect(message.startsWith(envelope.partial_output!.text)).toBe(true);
    expect(validateHarnessSchema(envelope)).toBe(true);
    const incident = await incidentOf(ws, envelope.incident);
    expect(incident.partial_output).toEqual(envelope.partial_output);
    expect(incident.output_limit_bytes).toBe(8 << 20);
  });

  it('no partial output when no agent message was seen', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({
      fault: 'output-limit',
      cause: 'cap',
      meta: meta(ws),
      partialOutput: null,
    });
    expect(envelope).not.toHaveProperty('partial_output');
    expect((await incidentOf(ws, envelope.incident)).partial_output).toBeNull();
  });

  it('no partial output for a Claude child', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({
      fault: 'output-limit',
      cause: 'cap',
      meta: meta(ws, { runner: 'claude' }),
      partialOutput: 'some text',
    });
    expect(envelope).not.toHaveProperty('partial_output');
  });

  it('no partial output for faults other than output-limit', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({ fault: 'timeout', cause: 'slow', meta: meta(ws), partialOutput: 'text' });
    expect(envelope).not.toHaveProperty('partial_output');
  });

  it('an over-long cause is clamped to the 500-character limit', async () => {
    const ws = await tempWorkspace();
    const envelope = await harnessEnvelope({ fault: 'spawn', cause: 'E'.repeat(2000), meta: meta(ws) });
    expect([...envelope.blockers[0]!]).toHaveLength(500);
    expect(envelope.blockers[0]!.endsWith('…')).toBe(true);
    expect((await incidentOf(ws, envelope.incident)).reason).toHaveLength(2000);
  });

  it('still returns a valid envelope when the incident cannot be written, saying so', async () => {
    const ws = await tempWorkspace();
    const { writeFile, mkdir } = await import('node:fs/promises');
    await mkdir(path.join(ws, '.peer-bridge'), { recursive: true });
    await writeFile(path.join(ws, '.peer-bridge', 'incidents'), 'a file where a directory should be');
    const envelope = await harnessEnvelope({ fault: 'child-exit', cause: 'exit 2', meta: meta(ws) });
    expect(validateHarnessSchema(envelope)).toBe(true);
    expect(envelope.incident).toBeNull();
    expect(envelope.blockers[1]).toMatch(/^the incident could not be written: /);
  });
});
