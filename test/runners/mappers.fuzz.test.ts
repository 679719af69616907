// Both event mappers are total over whatever the child prints: no input makes them throw, every
// event they emit has the documented shape, and what they report (ids, model, counters, cost)
// never makes a valid answer's envelope fail its own schema. Property tests with fast-check.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleEnvelope } from '../../src/bridge/record-envelope.js';
import { openTranscript } from '../../src/state/transcript.js';
import { ClaudeEventMapper } from '../../src/runners/claude/events.js';
import { CodexEventMapper } from '../../src/runners/codex/events.js';
import type { RunnerEvent } from '../../src/runners/types.js';
import { tempDir, validCore } from './helpers.js';

const isString = (v: unknown) => typeof v === 'string';
const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

// The shape types.ts documents, checked at run time.
function problem(e: RunnerEvent): string | null {
  const ok = (() => {
    switch (e.type) {
      case 'session':
        return [e.session_id, e.model].every((v) => v === null || (isString(v) && v.length <= 200));
      case 'progress':
        return isString(e.text) && e.text.length <= 200;
      case 'message':
        return isString(e.text);
      case 'command':
        return (
          isString(e.command) &&
          ['in_progress', 'completed', 'failed'].includes(e.status) &&
          (e.exit_code === null || Number.isSafeInteger(e.exit_code)) &&
          isCount(e.output_bytes) &&
          (e.output_sha256 === null || /^[0-9a-f]{64}$/.test(e.output_sha256))
        );
      case 'file_change':
        return (
          Array.isArray(e.changes) &&
          e.changes.every((c) => isString(c.path) && ['add', 'delete', 'update'].includes(c.kind))
        );
      case 'usage':
        return (
          Object.values(e.tokens).every(isCount) &&
          (e.cost_usd === null || (Number.isFinite(e.cost_usd) && e.cost_usd >= 0))
        );
      case 'final':
        return e.text === null || isString(e.text);
      case 'error':
        return isString(e.message) && typeof e.fatal === 'boolean' && (e.cause === undefined || isString(e.cause));
      default:
        return false;
    }
  })();
  return ok ? null : `bad event ${JSON.stringify(e)}`;
}

// Odd values: every JSON type, prototype names, huge/negative/fractional numbers, long strings.
const odd = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    '',
    'x'.repeat(5000),
    -1,
    -1e300,
    1e300,
    1.5,
    2 ** 64,
    0,
    true,
    null,
    [],
    {},
    ['a', 1],
    { message: 5 },
  ),
);
const fieldsOf = (names: string[]) => fc.dictionary(fc.constantFrom(...names), odd, { maxKeys: names.length });

const codexItemTypes = [
  'agent_message',
  'reasoning',
  'command_execution',
  'file_change',
  'mcp_tool_call',
  'web_search',
  'todo_list',
  'error',
  'other',
];
const codexItem = fc
  .record({ type: fc.oneof(fc.constantFrom(...codexItemTypes), odd) })
  .chain((base) =>
    fieldsOf([
      'id',
      'text',
      'command',
      'aggregated_output',
      'exit_code',
      'status',
      'changes',
      'server',
      'tool',
      'query',
      'message',
      'items',
    ]).map((f) => ({ ...f, ...base })),
  );
const codexLine = fc
  .oneof(
    fc
      .record({
        type: fc.constantFrom(
          'thread.started',
          'turn.started',
          'turn.completed',
          'turn.failed',
          'error',
          'item.started',
          'item.updated',
          'item.completed',
        ),
      })
      .chain((base) =>
        fc
          .record(
            {
              thread_id: odd,
              usage: fc.oneof(odd, fc.dictionary(fc.string(), odd)),
              error: odd,
              message: odd,
              item: fc.oneof(odd, codexItem),
            },
            { requiredKeys: [] },
          )
          .map((f) => ({ ...f, ...base })),
      ),
    fc.record({ type: odd }),
    odd,
  )
  .map((v) => JSON.stringify(v));

const claudeBlock = fc
  .record({ type: fc.oneof(fc.constantFrom('text', 'tool_use', 'tool_result'), odd) })
  .chain((base) =>
    fc
      .record(
        {
          text: odd,
          id: fc.oneof(fc.constantFrom('t1', 't2'), odd),
          name: fc.oneof(
            fc.constantFrom('Bash', 'Write', 'Edit', 'NotebookEdit', 'StructuredOutput', 'constructor'),
            odd,
          ),
          input: fc.oneof(odd, fieldsOf(['command', 'file_path', 'notebook_path'])),
          tool_use_id: fc.oneof(fc.constantFrom('t1', 't2'), odd),
          content: odd,
          is_error: odd,
        },
        { requiredKeys: [] },
      )
      .map((f) => ({ ...f, ...base })),
  );
const claudeLine = fc
  .oneof(
    fc.record({ type: fc.constantFrom('system', 'assistant', 'user', 'result') }).chain((base) =>
      fc
        .record(
          {
            subtype: fc.oneof(
              fc.constantFrom('init', 'api_retry', 'success', 'error_max_turns', 'toString', '__proto__'),
              odd,
            ),
            session_id: odd,
            model: odd,
            attempt: odd,
            message: fc.oneof(odd, fc.record({ content: fc.oneof(odd, fc.array(claudeBlock, { maxLength: 4 })) })),
            is_error: odd,
            result: odd,
            structured_output: odd,
            total_cost_usd: odd,
            usage: fc.oneof(odd, fc.dictionary(fc.string(), odd)),
            errors: odd,
            api_error_status: odd,
          },
          { requiredKeys: [] },
        )
        .map((f) => ({ ...f, ...base })),
    ),
    fc.record({ type: odd }),
    odd,
  )
  .map((v) => JSON.stringify(v));

const anyLine = fc.oneof(fc.string(), fc.string({ unit: 'binary' }));

function mapAll(mapper: { map(line: string): RunnerEvent[] }, lines: string[]): RunnerEvent[] {
  return lines.flatMap((line) => mapper.map(line));
}

describe('the Codex event mapper', () => {
  it('never throws and emits only well-formed events, whatever the lines hold', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(codexLine, anyLine), { maxLength: 12 }), (lines) => {
        const mapper = new CodexEventMapper();
        const problems = mapAll(mapper, lines).map(problem).filter(Boolean);
        expect(problems).toEqual([]);
        expect(mapper.threadId === null || (isString(mapper.threadId) && mapper.threadId.length <= 200)).toBe(true);
        expect(Object.values(mapper.tokens ?? {}).every(isCount)).toBe(true);
        expect(mapper.failure === null || isString(mapper.failure.message)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('records what it ignored: a numeric thread_id and negative usage', () => {
    const mapper = new CodexEventMapper();
    const events = mapAll(mapper, [
      JSON.stringify({ type: 'thread.started', thread_id: 42 }),
      JSON.stringify({
        type: 'turn.completed',
        usage: { input_tokens: -5, output_tokens: 1e300, cached_input_tokens: 3 },
      }),
      JSON.stringify({ type: 'item.completed', item: { type: 'file_change', changes: 'src/a.ts' } }),
    ]);
    expect(mapper.threadId).toBeNull();
    expect(mapper.tokens).toEqual({ output_tokens: Number.MAX_SAFE_INTEGER, cached_input_tokens: 3 });
    const notes = events
      .filter((e) => e.type === 'error' && e.cause === 'odd-field')
      .map((e) => (e as { message: string }).message);
    expect(notes).toEqual([
      expect.stringContaining('thread_id as a number'),
      expect.stringContaining('usage.input_tokens as the number -5'),
      expect.stringContaining('usage.output_tokens as the number 1e+300'),
      expect.stringContaining('item.changes as a string'),
    ]);
  });
});

describe('the Claude event mapper', () => {
  it('never throws and emits only well-formed events, whatever the lines hold', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(claudeLine, anyLine), { maxLength: 12 }), (lines) => {
        const mapper = new ClaudeEventMapper();
        const problems = mapAll(mapper, lines).map(problem).filter(Boolean);
        expect(problems).toEqual([]);
        for (const v of [mapper.sessionId, mapper.model])
          expect(v === null || (isString(v) && v.length <= 200)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('a valid answer after odd fields', () => {
  it.each(['codex', 'claude'] as const)("still gets a valid envelope from the %s mapper's reports", async (runner) => {
    const workspace = await tempDir('ws');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(runner === 'codex' ? codexLine : claudeLine, { maxLength: 6 }), async (lines) => {
        const events: RunnerEvent[] = [];
        let sessionId: string | null;
        let model: string | null = null;
        if (runner === 'codex') {
          const mapper = new CodexEventMapper();
          events.push(...mapAll(mapper, lines));
          sessionId = mapper.threadId;
          if (mapper.tokens) events.push({ type: 'usage', tokens: mapper.tokens, cost_usd: null, cost_source: null });
        } else {
          const mapper = new ClaudeEventMapper();
          events.push(...mapAll(mapper, lines));
          sessionId = mapper.sessionId;
          model = mapper.model;
        }
        const usage = events.filter((e) => e.type === 'usage').at(-1);
        const envelope = await assembleEnvelope(validCore(), {
          transcript: openTranscript({ workspace, runId: `fuzz-${n++}` }),
          verb: 'advise',
          direction: 'api->x',
          runner,
          depth: 0,
          model,
          session_id: sessionId,
          tokens: usage?.tokens ?? {},
          cost: usage?.cost_usd ?? null,
        });
        expect(envelope.status).toBe('complete');
      }),
      { numRuns: 40 },
    );
  });
});
