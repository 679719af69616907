import { describe, expect, it } from 'vitest';
import { validateCore } from '../../src/envelope/index.js';
import { goodCore } from '../helpers/core-answer.js';

function reasonFor(value: unknown): string {
  const result = validateCore(value);
  if (result.ok) throw new Error('expected a rejection');
  return result.reason;
}

describe('validateCore', () => {
  it('accepts a well-formed core, with or without details', () => {
    expect(validateCore(goodCore())).toEqual({ ok: true, core: goodCore() });
    expect(validateCore(goodCore({ details: ['long notes'] })).ok).toBe(true);
  });

  it.each(['cost', 'run_id', 'transcript_path', 'model', 'tokens', 'session_id', 'workspace'])(
    'names a claimed harness field: %s',
    (field) => {
      expect(reasonFor({ ...goodCore(), [field]: 'x' })).toContain(`field "${field}" is set by the harness`);
    },
  );

  it.each(['timeout', 'refused'])('rejects the harness-only status %s', (status) => {
    const reason = reasonFor({ ...goodCore(), status });
    expect(reason).toContain(`status "${status}" is set only by the harness`);
    expect(reason).not.toContain('must be one of');
  });

  it('rejects an unknown status with the allowed values', () => {
    expect(reasonFor({ ...goodCore(), status: 'done' })).toContain(
      'status must be one of "complete", "partial", "blocked", not "done"',
    );
  });

  it('names an extra field', () => {
    expect(reasonFor({ ...goodCore(), confidence: 0.9 })).toBe('unexpected field "confidence"');
  });

  it('names a missing field', () => {
    const { remaining: _, ...core } = goodCore();
    expect(reasonFor(core)).toBe('missing field "remaining"');
  });

  it('says how long an over-long verdict is, counting characters not UTF-16 units', () => {
    expect(reasonFor(goodCore({ verdict: 'v'.repeat(501) }))).toBe('verdict is too long: 501 characters, at most 500');
    expect(validateCore(goodCore({ verdict: '😀'.repeat(500) })).ok).toBe(true);
  });

  it('names an over-long list and an over-long item', () => {
    expect(reasonFor(goodCore({ findings: Array(9).fill('f') }))).toBe('findings has too many items: 9, at most 8');
    expect(reasonFor(goodCore({ blockers: ['ok', 'b'.repeat(501)] }))).toBe(
      'blockers[1] is too long: 501 characters, at most 500',
    );
    expect(reasonFor(goodCore({ details: Array(33).fill('d') }))).toBe('details has too many items: 33, at most 32');
    expect(reasonFor(goodCore({ details: ['d'.repeat(2001)] }))).toBe(
      'details[0] is too long: 2001 characters, at most 2000',
    );
  });

  it('names a wrong type', () => {
    expect(reasonFor({ ...goodCore(), findings: 'one finding' })).toBe('findings must be array, not string');
    expect(reasonFor({ ...goodCore(), remaining: [1] })).toBe('remaining[0] must be string, not integer');
  });

  it.each([null, 'text', 42, [goodCore()]])('rejects a non-object answer: %j', (value) => {
    expect(reasonFor(value)).toMatch(/^answer must be a JSON object, not /);
  });

  it('keeps the reason short when an answer is wrong in many places', () => {
    const result = validateCore(goodCore({ details: Array(32).fill('d'.repeat(2001)) }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(32);
    expect(result.reason).toContain('and 22 more problems');
  });
});
