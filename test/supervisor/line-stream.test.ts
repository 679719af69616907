import { describe, expect, it } from 'vitest';
import { LineSplitter, type LimitKind } from '../../src/supervisor/line-stream.js';

function split(chunks: (string | Buffer)[], limits = { maxOutputBytes: 1000, maxLineBytes: 100 }) {
  const lines: string[] = [];
  const limit: LimitKind[] = [];
  const s = new LineSplitter(
    limits,
    (l) => lines.push(l),
    (k) => limit.push(k),
  );
  for (const c of chunks) s.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  s.end();
  return { lines, limit };
}

describe('line stream', () => {
  it('joins lines split across chunks and drops CR of CRLF', () => {
    expect(split(['a', 'b\r\nc', 'd\n', 'tail']).lines).toEqual(['ab', 'cd', 'tail']);
  });

  it('keeps a multi-byte character cut between chunks intact', () => {
    const bytes = Buffer.from('é€\n');
    expect(split([bytes.subarray(0, 1), bytes.subarray(1, 3), bytes.subarray(3)]).lines).toEqual(['é€']);
  });

  it('stops at the per-line cap, even before the line ends', () => {
    const r = split(['ok\n', 'x'.repeat(60), 'x'.repeat(60), '\nafter\n']);
    expect(r).toEqual({ lines: ['ok'], limit: ['line-bytes'] });
  });

  it('stops at the total cap and reports it once', () => {
    const r = split(Array.from({ length: 30 }, () => 'y'.repeat(49) + '\n'));
    expect(r.lines).toHaveLength(20);
    expect(r.limit).toEqual(['output-bytes']);
  });

  it('still delivers the complete lines of the chunk that crosses the total cap', () => {
    // A pipe read often carries a last good line (Codex's final agent message) and the start of a
    // flood together; the lines that fit under the cap must not be dropped with the flood.
    const r = split(['ok\n', `last\n${'z'.repeat(60)}\n${'z'.repeat(99)}`], { maxOutputBytes: 60, maxLineBytes: 100 });
    expect(r).toEqual({ lines: ['ok', 'last'], limit: ['output-bytes'] });
  });
});
