// The Gemini CLI event mapper: real stream-json lines to runner events, and total over any line
// (fast-check): it never throws and every event it emits has the documented shape.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GeminiEventMapper } from '../../../packages/runner-gemini/events.js';
import type { RunnerEvent } from '../../../src/runners/types.js';

const line = (value: unknown) => JSON.stringify(value);

describe('GeminiEventMapper', () => {
  it('maps a run with a shell command, a workbench edit and an answer', () => {
    const mapper = new GeminiEventMapper();
    const lines = [
      { type: 'init', session_id: 's-1', model: 'gemini-2.5-pro' },
      { type: 'message', role: 'user', content: 'do it' },
      { type: 'message', role: 'assistant', content: 'Let me ', delta: true },
      { type: 'message', role: 'assistant', content: 'check.', delta: true },
      { type: 'tool_use', tool_name: 'run_shell_command', tool_id: 't1', parameters: { command: 'npm test' } },
      { type: 'tool_result', tool_id: 't1', status: 'success', output: 'ok' },
      { type: 'tool_use', tool_name: 'mcp_workbench_edit_file', tool_id: 't2', parameters: { path: 'a.ts' } },
      { type: 'message', role: 'assistant', content: '```json\n{"status":"complete"}\n```', delta: true },
      {
        type: 'result',
        status: 'success',
        stats: {
          input_tokens: 10,
          output_tokens: 5,
          cached: 2,
          total_tokens: 15,
          models: { 'gemini-flash-lite': { output_tokens: 1 }, 'gemini-2.5-pro': { output_tokens: 4 } },
        },
      },
    ];
    const events = lines.flatMap((l) => mapper.map(line(l)));
    expect(events).toEqual([
      { type: 'session', session_id: 's-1', model: 'gemini-2.5-pro' },
      { type: 'message', text: 'Let me check.' },
      expect.objectContaining({ type: 'command', command: 'npm test', status: 'in_progress' }),
      expect.objectContaining({ type: 'command', command: 'npm test', status: 'completed', output_bytes: 2 }),
      { type: 'file_change', changes: [{ path: 'a.ts', kind: 'update' }] },
      { type: 'message', text: '```json\n{"status":"complete"}\n```' },
      { type: 'final', answer: { status: 'complete' }, text: '```json\n{"status":"complete"}\n```' },
    ]);
    expect(mapper.tokens).toEqual({ input_tokens: 10, cached_input_tokens: 2, output_tokens: 5, total_tokens: 15 });
    expect(mapper.model).toBe('gemini-2.5-pro');
  });

  it('turns a failed result into the failure and a connection retry on stderr into model-unreachable', () => {
    const mapper = new GeminiEventMapper();
    mapper.map(
      line({ type: 'result', status: 'error', error: { message: '[API Error: fetch failed sending request]' } }),
    );
    expect(mapper.failure).toMatchObject({ cause: 'model-unreachable' });
    expect(
      mapper.mapStderr('Attempt 2 failed. Retrying with backoff... Error: exception TypeError: fetch failed'),
    ).toEqual([expect.objectContaining({ type: 'error', fatal: false, cause: 'model-unreachable' })]);
    expect(mapper.mapStderr('Attempt 1 failed with status 500. Retrying with backoff...')).toEqual([
      expect.objectContaining({ type: 'progress' }),
    ]);
    expect(mapper.mapStderr('Ripgrep is not available.')).toEqual([]);
  });

  it('is total: any line gives well-formed events and never throws', () => {
    const types = fc.constantFrom('init', 'message', 'tool_use', 'tool_result', 'error', 'result', 'other');
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(1e300, -1, 0.5, '__proto__', null));
    const event = fc.record(
      {
        type: types,
        session_id: value,
        model: value,
        role: fc.constantFrom('assistant', 'user', 7),
        content: value,
        delta: fc.boolean(),
        tool_name: fc.oneof(value, fc.constantFrom('run_shell_command', 'mcp_workbench_write_file', 'replace')),
        tool_id: fc.oneof(value, fc.constant('t')),
        parameters: value,
        status: fc.oneof(value, fc.constantFrom('success', 'error')),
        output: value,
        message: value,
        error: value,
        stats: fc.oneof(value, fc.record({ input_tokens: value, models: fc.dictionary(fc.string(), value) })),
      },
      { requiredKeys: ['type'] },
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(event.map(line), fc.string())), (lines) => {
        const mapper = new GeminiEventMapper();
        for (const l of lines) for (const e of mapper.map(l)) expect(wellFormed(e), JSON.stringify(e)).toBe(true);
        return true;
      }),
      { numRuns: 300 },
    );
  });
});

const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function wellFormed(e: RunnerEvent): boolean {
  switch (e.type) {
    case 'session':
      return [e.session_id, e.model].every((v) => v === null || (typeof v === 'string' && v.length <= 200));
    case 'progress':
      return typeof e.text === 'string' && e.text.length <= 200;
    case 'message':
      return typeof e.text === 'string';
    case 'command':
      return typeof e.command === 'string' && isCount(e.output_bytes);
    case 'file_change':
      return e.changes.every((c) => typeof c.path === 'string');
    case 'usage':
      return Object.values(e.tokens).every(isCount);
    case 'final':
      return e.text === null || typeof e.text === 'string';
    case 'error':
      return typeof e.message === 'string' && typeof e.fatal === 'boolean';
    default:
      return false;
  }
}
