import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteRing } from '../../src/state/byte-ring.js';

const size = (line: string): number => Buffer.byteLength(line, 'utf8') + 1;

describe('ByteRing', () => {
  it('keeps exactly the newest lines that fit, in order, across wrap-arounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 16, max: 200 }),
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/\n/g, ' ')),
          { maxLength: 300 },
        ),
        (capacity, lines) => {
          const ring = new ByteRing(capacity);
          const fitting = lines.filter((l) => size(l) <= capacity);
          for (const line of fitting) ring.push(line, size(line));
          const expected: string[] = [];
          let used = 0;
          for (let i = fitting.length - 1; i >= 0 && used + size(fitting[i]!) <= capacity; i--) {
            used += size(fitting[i]!);
            expected.unshift(fitting[i]!);
          }
          const text = ring.contents().toString('utf8');
          expect(text).toBe(expected.map((l) => `${l}\n`).join(''));
          expect(ring.lines).toBe(expected.length);
          expect(ring.droppedLines).toBe(fitting.length - expected.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses a line larger than the ring', () => {
    expect(() => new ByteRing(8).push('123456789', 10)).toThrow(RangeError);
  });
});
