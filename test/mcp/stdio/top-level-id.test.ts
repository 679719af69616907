// The id scanner reads the same top-level id as JSON.parse, however the line is cut into pieces.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTopLevelId, TopLevelIdScanner } from '../../../src/mcp/stdio/top-level-id.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

function scanInPieces(line: Buffer, cuts: number[]): string | number | undefined {
  const scanner = new TopLevelIdScanner();
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    scanner.feed(line.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  scanner.feed(line.subarray(at));
  return scanner.end();
}

describe('readTopLevelId', () => {
  it('finds the id where the SDK client puts it: after method and params', () => {
    const line = JSON.stringify({
      method: 'tools/call',
      params: { name: 'x', arguments: { id: 99, text: '"id": 5' } },
      jsonrpc: '2.0',
      id: 7,
    });
    expect(readTopLevelId(bytes(line))).toBe(7);
  });

  it('ignores ids nested in params and keys that only look like "id" inside strings', () => {
    expect(readTopLevelId(bytes('{"params":{"id":1,"list":[{"id":2}]},"note":"\\"id\\":3"}'))).toBeUndefined();
  });

  it('reads string ids with escapes, negative and fractional numbers, and an escaped key', () => {
    expect(readTopLevelId(bytes('{"id":"a\\"b\\u00e9"}'))).toBe('a"bé');
    expect(readTopLevelId(bytes('{ "id" : -12 }'))).toBe(-12);
    expect(readTopLevelId(bytes('{"id":1.5e3}'))).toBe(1500);
    expect(readTopLevelId(bytes('{"\\u0069d":4}'))).toBe(4);
  });

  it('has no id for null, object or boolean ids, for arrays and for non-objects', () => {
    for (const line of ['{"id":null}', '{"id":{"a":1}}', '{"id":true}', '[{"id":1}]', '"id"', '12']) {
      expect(readTopLevelId(bytes(line)), line).toBeUndefined();
    }
  });

  it('reads the id before the point where a line stops being valid JSON', () => {
    expect(readTopLevelId(bytes('{"jsonrpc":"2.0","id":31,"method":"tools/call","params":{"name":'))).toBe(31);
  });

  it('agrees with JSON.parse for any object, cut anywhere', () => {
    const id = fc.oneof(fc.string(), fc.integer(), fc.constant(undefined));
    const message = fc.record({
      id,
      method: fc.string(),
      params: fc.jsonValue(),
      extra: fc.dictionary(fc.string(), fc.jsonValue()),
    });
    fc.assert(
      fc.property(message, fc.array(fc.nat()), (value, cuts) => {
        const { extra, ...rest } = value;
        const line = bytes(JSON.stringify({ ...extra, ...rest }));
        const expected = (JSON.parse(line.toString('utf8')) as { id?: unknown }).id;
        expect(
          scanInPieces(
            line,
            cuts.map((c) => c % (line.length + 1)),
          ),
        ).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
