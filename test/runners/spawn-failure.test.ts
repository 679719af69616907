// The one spawn-failure ladder of the built-in runners, on the outcomes supervisor/spawn reports.
import { describe, expect, it } from 'vitest';
import { spawnFailure, stderrLines } from '../../src/runners/spawn-failure.js';

const ran = {
  spawnError: null as Error | null,
  outputLimit: null as 'output-bytes' | 'line-bytes' | null,
  outputLimitHit: false,
  aborted: false,
};

describe('spawnFailure', () => {
  it('is null for a child that ran to its end', () => {
    expect(spawnFailure('codex', ran)).toBeNull();
  });

  it('names the command and the error when the child could not start, before any other cause', () => {
    const spawnError = new Error('spawn codex ENOENT');
    expect(spawnFailure('codex', { ...ran, spawnError, aborted: true })).toEqual({
      type: 'error',
      message: 'cannot start codex: spawn codex ENOENT',
      fatal: true,
      cause: 'spawn',
    });
  });

  it('says which output cap was passed, before an abort', () => {
    const perLine = spawnFailure('claude', { ...ran, outputLimit: 'line-bytes', outputLimitHit: true, aborted: true });
    expect(perLine).toMatchObject({ cause: 'output-limit', fatal: true });
    expect(perLine?.message).toBe('claude output passed the per-line byte cap; the process tree was killed');
    const total = spawnFailure('claude', { ...ran, outputLimit: 'output-bytes', outputLimitHit: true });
    expect(total?.message).toBe('claude output passed the total byte cap; the process tree was killed');
  });

  it('reports an aborted run', () => {
    expect(spawnFailure('codex', { ...ran, aborted: true })).toEqual({
      type: 'error',
      message: 'the run was aborted; the process tree was killed',
      fatal: true,
      cause: 'aborted',
    });
  });
});

describe('stderrLines', () => {
  it('keeps the last three lines of the tail on one line', () => {
    expect(stderrLines({ stderrTail: 'a\nb\nc\nd\n' })).toBe('b | c | d');
    expect(stderrLines({ stderrTail: '' })).toBe('');
  });
});
