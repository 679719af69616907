// The times in a real call's transcript: runBridge with the real Codex and Claude Code CLIs against
// the model doubles, the model's second answer held back by the test. Every record has its t_ms,
// never decreasing; and the times agree with what the test saw happen: the wait it imposed shows
// between the records around it, and everything fits in the call as the test measured it.
import { mkdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import type { BridgeProgress } from '../../src/bridge/types.js';
import { partialTranscriptPath } from '../../src/state/paths.js';
import { startMessagesDouble } from '../doubles/anthropic-messages-server.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Turn } from '../doubles/script.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { expectTimedRecords, transcriptRecords, type TimedRecord } from '../helpers/transcript-times.js';
import { waitFor } from '../mcp/wait.js';
import { answer, claudeEnv, codexEnv } from '../helpers/peers.js';

const tempDir = useTempDir('peer-bridge-times-');
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(() => {
  process.env = saved;
});

// What the runners report of the child; everything else in a transcript is the harness's.
const CHILD_EVENTS = new Set(['session', 'progress', 'message', 'command', 'file_change', 'usage', 'final', 'error']);
// Records only the model's answer to the held request can bring.
const AFTER_ANSWER = new Set(['message', 'usage', 'final']);

const RUNNERS = [
  { runner: 'codex', start: startResponsesDouble, env: codexEnv },
  { runner: 'claude', start: startMessagesDouble, env: claudeEnv },
] as const;

// Progress reports of the running call, when the test saw them.
let progress: { at: number; message: string }[] = [];

/**
 * Holds the model's answer from the moment the completed command is in the partial transcript (so
 * stamped) until the model has been asked again and two heartbeats came after it; returns how long
 * that was, as the test measured it.
 */
async function holdAnswer(partial: string, askedAgain: () => Promise<void>): Promise<number> {
  const commandSeen = await waitFor(
    () => {
      try {
        const records = transcriptRecords(readFileSync(partial, 'utf8'));
        return records.some((r) => r.type === 'command' && r.status === 'completed') ? performance.now() : null;
      } catch {
        return null;
      }
    },
    'the completed command in the partial transcript',
    120_000,
  );
  await askedAgain();
  await waitFor(
    () => progress.filter((p) => p.at > commandSeen && p.message.startsWith('working')).length >= 2,
    'two heartbeats while the answer is held',
    120_000,
  );
  return performance.now() - commandSeen;
}

// The times agree with what the test measured: every record within the call, the hold between the
// command and what the held answer brought, the child's events within the time the child ran.
function expectInStep(records: TimedRecord[], seen: { callMs: number; heldMs: number; childSeconds: number }): void {
  expect(records.at(-1)!.t_ms).toBeLessThanOrEqual(Math.ceil(seen.callMs));
  const command = records.findLastIndex((r) => r.type === 'command');
  const answered = records.findIndex((r, i) => i > command && AFTER_ANSWER.has(r.type));
  expect(command, 'a command record').toBeGreaterThan(0);
  expect(answered, 'a record the answer brought').toBeGreaterThan(command);
  expect(records[answered]!.t_ms - records[command]!.t_ms).toBeGreaterThanOrEqual(Math.floor(seen.heldMs) - 1);
  const child = records.filter((r) => CHILD_EVENTS.has(r.type));
  expect(child.at(-1)!.t_ms - child[0]!.t_ms).toBeLessThanOrEqual(seen.childSeconds * 1000 + 1);
  // The harness's own records bracket the child's.
  expect(records.find((r) => r.type === 'bridge.call')!.t_ms).toBeLessThanOrEqual(child[0]!.t_ms);
  expect(records.find((r) => r.type === 'answer')!.t_ms).toBeGreaterThanOrEqual(child.at(-1)!.t_ms);
}

describe('transcript times of a real call', () => {
  it.each(RUNNERS)(
    'with $runner: present, never decreasing, and in step with what happened',
    async ({ runner, start, env }) => {
      const dir = realpathSync(tempDir());
      const workspace = path.join(dir, 'ws');
      mkdirSync(workspace);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const double = await start([
        { kind: 'tool', command: 'echo timed' },
        { kind: 'gate', until: held, then: { kind: 'answer', answer: answer({ verdict: 'Held, then answered.' }) } },
      ] satisfies Turn[]);
      try {
        Object.assign(process.env, env(double.origin, dir));
        const runId = `times-${runner}`;
        progress = [];
        const wallBefore = Date.now();
        const before = performance.now();
        const call = runBridge(
          {
            verb: 'advise',
            task: 'Run echo, then answer.',
            workspace,
            runner,
            run_id: runId,
            onProgress: (p: BridgeProgress) => progress.push({ at: performance.now(), message: p.message }),
          },
          { heartbeatMs: 100 },
        );
        const partial = path.join(workspace, ...partialTranscriptPath(runId).split('/'));
        const heldMs = await holdAnswer(partial, () => double.waitForRequests(2, (r) => r.method === 'POST'));
        release();
        const envelope = await call;
        const callMs = performance.now() - before;
        const wallAfter = Date.now();
        expect(envelope).toMatchObject({ status: 'complete', verdict: 'Held, then answered.' });

        const records = expectTimedRecords(
          transcriptRecords(readFileSync(path.join(workspace, envelope.transcript_path), 'utf8')),
        );
        const started = Date.parse(String(records[0]!.started_at));
        expect(started).toBeGreaterThanOrEqual(wallBefore);
        expect(started).toBeLessThanOrEqual(wallAfter);
        expectInStep(records, { callMs, heldMs, childSeconds: envelope.duration_seconds });
      } finally {
        release();
        await double.close();
      }
    },
    240_000,
  );
});
