import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateError } from '../../src/state/errors.js';
import { openTranscript } from '../../src/state/transcript.js';
import { list, tempWorkspace } from '../helpers/temp-workspace.js';
import { expectTimedRecords, transcriptRecords } from '../helpers/transcript-times.js';

const lines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('transcript writer', () => {
  it('writes JSON lines under .peer-bridge/transcripts/<run_id>.jsonl in a workspace with spaces and non-ASCII', async () => {
    const ws = await tempWorkspace();
    const t = openTranscript({ workspace: ws, runId: 'run-1' });
    t.write({ type: 'session', id: 'thread-9' });
    t.write({ type: 'message', text: 'héllo 漢字 😀' });
    const rel = await t.close();
    expect(rel).toBe('.peer-bridge/transcripts/run-1.jsonl');
    const records = lines(await readFile(path.join(ws, rel), 'utf8'));
    expect(records.map((r) => r.type)).toEqual(['transcript.start', 'session', 'message']);
    expect(records[2]!.text).toBe('héllo 漢字 😀');
  });

  it('spills its head to a partial file while the run goes, and leaves only the transcript at close', async () => {
    const ws = await tempWorkspace();
    const t = openTranscript({ workspace: ws, runId: 'r' });
    t.write({ type: 'x' });
    const dir = path.join(ws, '.peer-bridge', 'transcripts');
    await t.spilled();
    expect(await list(dir)).toEqual(['r.partial.jsonl']);
    expect(lines(await readFile(path.join(dir, 'r.partial.jsonl'), 'utf8')).map((r) => r.type)).toEqual([
      'transcript.start',
      'x',
    ]);
    await t.close();
    expect(await list(dir)).toEqual(['r.jsonl']);
  });

  it('close is idempotent and writes after close are ignored', async () => {
    const ws = await tempWorkspace();
    const t = openTranscript({ workspace: ws, runId: 'r' });
    const first = await t.close();
    t.write({ type: 'late' });
    expect(await t.close()).toBe(first);
    expect(await readFile(path.join(ws, first), 'utf8')).not.toContain('late');
  });

  it('never replaces an earlier transcript of the same run id', async () => {
    const ws = await tempWorkspace();
    const a = openTranscript({ workspace: ws, runId: 'same' });
    a.write({ type: 'first' });
    const b = openTranscript({ workspace: ws, runId: 'same' });
    b.write({ type: 'second' });
    const [pa, pb] = await Promise.all([a.close(), b.close()]);
    expect(new Set([pa, pb])).toEqual(
      new Set(['.peer-bridge/transcripts/same.jsonl', '.peer-bridge/transcripts/same-2.jsonl']),
    );
    expect(await readFile(path.join(ws, pa), 'utf8')).toContain('first');
    expect(await readFile(path.join(ws, pb), 'utf8')).toContain('second');
  });

  it('stamps each record with the milliseconds since the call started, and the start record with the time', async () => {
    const ws = await tempWorkspace();
    const before = Date.now();
    const t = openTranscript({ workspace: ws, runId: 'timed' });
    const after = Date.now();
    t.write({ type: 'first', t_ms: 999_999 });
    // Until the clock has moved on by 5 ms: a condition on the clock, not a sleep.
    while (t.elapsedMs() < 5);
    t.write({ type: 'second' });
    t.write(['not', 'an', 'object']);
    const records = expectTimedRecords(transcriptRecords(await readFile(path.join(ws, await t.close()), 'utf8')));
    // As it always began, then the wall-clock time and t_ms.
    expect(Object.entries(records[0]!)).toEqual([
      ['type', 'transcript.start'],
      ['run_id', 'timed'],
      ['limit_bytes', 256 * 1024],
      ['started_at', t.startedAt.toISOString()],
      ['t_ms', 0],
    ]);
    expect(t.startedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(t.startedAt.getTime()).toBeLessThanOrEqual(after);
    // The writer's time wins over one the record brought, and comes last: a line reads as before up to it.
    expect(records[1]!.t_ms).toBeLessThan(5);
    expect(records[2]!.t_ms).toBeGreaterThanOrEqual(5);
    expect(Object.keys(records[1]!)).toEqual(['type', 't_ms']);
    expect(records[3]).toEqual({ type: 'record', value: ['not', 'an', 'object'], t_ms: records[3]!.t_ms });
  });

  it('compacts command output to byte count and sha256', async () => {
    const ws = await tempWorkspace();
    const output = 'line of output ✓\n'.repeat(1000);
    const t = openTranscript({ workspace: ws, runId: 'r' });
    t.write({ type: 'command', command: 'npm test', output, exit_code: 0 });
    t.write({ type: 'item.completed', item: { type: 'command_execution', aggregated_output: 'ok\n' } });
    const records = lines(await readFile(path.join(ws, await t.close()), 'utf8'));
    expect(records[1]).toEqual({
      type: 'command',
      command: 'npm test',
      output: { bytes: Buffer.byteLength(output), sha256: createHash('sha256').update(output).digest('hex') },
      exit_code: 0,
      t_ms: expect.any(Number),
    });
    expect((records[2]!.item as Record<string, unknown>).aggregated_output).toEqual({
      bytes: 3,
      sha256: createHash('sha256').update('ok\n').digest('hex'),
    });
  });

  it('cuts a very long string, saying how long it was', async () => {
    const ws = await tempWorkspace();
    const t = openTranscript({ workspace: ws, runId: 'r' });
    t.write({ type: 'message', text: '字'.repeat(10_000) });
    const [, record] = lines(await readFile(path.join(ws, await t.close()), 'utf8'));
    expect(record!.text).toMatch(/^字+…\[cut: 30000 bytes in all\]$/);
    expect(Buffer.byteLength(record!.text as string)).toBeLessThan(4200);
  });

  it('replaces a record that is still too big by its type and digest', async () => {
    const ws = await tempWorkspace();
    const t = openTranscript({ workspace: ws, runId: 'r' });
    t.write({ type: 'wide', parts: Array.from({ length: 100 }, () => 'p'.repeat(3000)) });
    const [, record] = lines(await readFile(path.join(ws, await t.close()), 'utf8'));
    expect(record).toMatchObject({
      type: 'wide',
      transcript_cut: { bytes: expect.any(Number), sha256: expect.any(String) },
    });
  });

  it('stays within its byte limit, keeping head and tail with a marker of what was cut', async () => {
    const ws = await tempWorkspace();
    const limit = 64 * 1024;
    const t = openTranscript({ workspace: ws, runId: 'r', limitBytes: limit });
    for (let i = 0; i < 5000; i++) t.write({ type: 'progress', i, text: `step ${i} ${'·'.repeat(50)}` });
    const text = await readFile(path.join(ws, await t.close()), 'utf8');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit);
    const records = lines(text);
    const steps = records.filter((r) => r.type === 'progress').map((r) => r.i as number);
    expect(steps[0]).toBe(0);
    expect(steps[steps.length - 1]).toBe(4999);
    const marker = records.find((r) => r.type === 'transcript.cut')!;
    expect(marker.records).toBe(5000 - steps.length);
    // Order is kept: head, marker, tail.
    const markerAt = records.indexOf(marker);
    expect(records.slice(markerAt + 1).every((r) => (r.i as number) > (records[markerAt - 1]!.i as number))).toBe(true);
    expect(t.stats.records).toBe(5000);
    // The marker has a time too, and the times still never go back.
    expectTimedRecords(records);
  });

  it('keeps the partial file within the head budget and marks where the spilling stopped', async () => {
    const ws = await tempWorkspace();
    const t = openTranscript({ workspace: ws, runId: 'big', limitBytes: 8 * 1024 });
    for (let i = 0; i < 500; i++) t.write({ type: 'message', text: `line ${i} ${'x'.repeat(40)}` });
    await t.spilled();
    const partial = await readFile(path.join(ws, '.peer-bridge', 'transcripts', 'big.partial.jsonl'), 'utf8');
    expect(Buffer.byteLength(partial)).toBeLessThan(8 * 1024);
    const records = lines(partial);
    expect(records.at(-1)!.type).toBe('transcript.partial_end');
    expectTimedRecords(records);
    expect(records.filter((r) => r.type === 'transcript.partial_end')).toHaveLength(1);
    await t.close();
  });

  it('writes no marker when nothing was cut', async () => {
    const ws = await tempWorkspace();
    const t = openTranscript({ workspace: ws, runId: 'r' });
    for (let i = 0; i < 10; i++) t.write({ type: 'progress', i });
    expect(await readFile(path.join(ws, await t.close()), 'utf8')).not.toContain('transcript.cut');
  });

  it.each(['../escape', '.hidden', 'a/b', '', 'x'.repeat(129), 'spaced id'])(
    'rejects the unsafe run id %j with a clear error',
    (runId) => {
      expect(() => openTranscript({ workspace: process.cwd(), runId })).toThrow(StateError);
      try {
        openTranscript({ workspace: process.cwd(), runId });
      } catch (error) {
        expect((error as StateError).code).toBe('STATE_INVALID_RUN_ID');
      }
    },
  );

  it('rejects a relative workspace', () => {
    expect(() => openTranscript({ workspace: 'relative/dir', runId: 'r' })).toThrow(/absolute path/);
  });
});
