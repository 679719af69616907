import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCoreAnswer, validateCore, type Fault, type RunMeta } from '../../src/envelope/index.js';
import { harnessEnvelope } from '../../src/bridge/record-envelope.js';
import { openTranscript } from '../../src/state/transcript.js';
import { validateHarnessSchema } from '../../src/envelope/schemas.js';
import { tempWorkspace } from '../helpers/temp-workspace.js';

const listFields = ['findings', 'files_touched', 'remaining', 'blockers'] as const;
const chars = (s: string): number => [...s].length;

// An independent statement of the core contract, to check validateCore against.
function isValidCore(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const allowed = new Set(['status', 'verdict', ...listFields, 'details']);
  if (Object.keys(v).some((k) => !allowed.has(k))) return false;
  if (!['complete', 'partial', 'blocked'].includes(v.status as string)) return false;
  if (typeof v.verdict !== 'string' || chars(v.verdict) > 500) return false;
  const list = (x: unknown, items: number, length: number) =>
    Array.isArray(x) && x.length <= items && x.every((s) => typeof s === 'string' && chars(s) <= length);
  if (!listFields.every((f) => list(v[f], 8, 500))) return false;
  return !('details' in v) || list(v.details, 32, 2000);
}

const nearLimit = (limit: number) =>
  fc.oneof(
    { arbitrary: fc.string({ maxLength: 20 }), weight: 6 },
    fc.integer({ min: limit - 1, max: limit + 1 }).map((n) => 'x'.repeat(n)),
    fc.integer({ min: limit - 1, max: limit + 1 }).map((n) => '😀'.repeat(n)),
  );
const list = (items: number, length: number) =>
  fc.oneof(
    { arbitrary: fc.array(nearLimit(length), { maxLength: 3 }), weight: 4 },
    fc.integer({ min: items - 1, max: items + 1 }).map((n) => Array<string>(n).fill('item')),
  );
const wrong = fc.oneof(fc.integer(), fc.constant(null), fc.boolean(), fc.constant([1]), fc.constant({}));

const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 6 }, { arbitrary: bad, weight: 1 });

// Mostly well-formed cores near the limits, with an occasional missing, extra or claimed field.
const mutation = fc.oneof(
  fc.record({ drop: fc.constantFrom('status', 'verdict', ...listFields, 'details') }),
  fc.record({
    add: fc.constantFrom('cost', 'run_id', 'transcript_path', 'confidence', 'model'),
    value: fc.jsonValue(),
  }),
);
const coreLike = fc
  .tuple(
    fc.record(
      {
        status: mostly(
          fc.constantFrom('complete', 'partial', 'blocked'),
          fc.oneof(fc.constantFrom('timeout', 'refused', 'done'), wrong),
        ),
        verdict: mostly(nearLimit(500), wrong),
        findings: mostly(list(8, 500), wrong),
        files_touched: list(8, 500),
        remaining: list(8, 500),
        blockers: list(8, 500),
        details: mostly(list(32, 2000), wrong),
      },
      { requiredKeys: ['status', 'verdict', 'findings', 'files_touched', 'remaining', 'blockers'] },
    ),
    fc.array(mutation, { maxLength: 2 }),
  )
  .map(([core, mutations]) => {
    const value: Record<string, unknown> = { ...core };
    for (const m of mutations) {
      if ('drop' in m) delete value[m.drop];
      else value[m.add] = m.value;
    }
    return value;
  });

// Well-formed cores at the limits (exactly 500 characters, 8 items, emoji counted as one character).
const atLimit = (limit: number) =>
  fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer({ min: limit - 1, max: limit }).map((n) => 'x'.repeat(n)),
    fc.integer({ min: limit - 1, max: limit }).map((n) => '😀'.repeat(n)),
  );
const fullList = (items: number, length: number) =>
  fc.array(atLimit(length), { minLength: items - 1, maxLength: items });
const validAtLimit = fc.record(
  {
    status: fc.constantFrom('complete', 'partial', 'blocked'),
    verdict: atLimit(500),
    findings: fullList(8, 500),
    files_touched: fullList(8, 500),
    remaining: fullList(8, 500),
    blockers: fullList(8, 500),
    details: fullList(32, 2000),
  },
  { requiredKeys: ['status', 'verdict', 'findings', 'files_touched', 'remaining', 'blockers'] },
);
// Most cores are near the limits on either side; one in five is well-formed at the limits, so both
// sides of the contract are exercised in every run (22-33% accepted over 300 seeds).
const anyCore = fc.oneof({ arbitrary: coreLike, weight: 4 }, { arbitrary: validAtLimit, weight: 1 });

const validCore = fc.record({
  status: fc.constantFrom('complete', 'partial', 'blocked'),
  verdict: fc.string({ maxLength: 100 }),
  findings: fc.array(fc.string({ maxLength: 30 }), { maxLength: 8 }),
  files_touched: fc.array(fc.string({ maxLength: 30 }), { maxLength: 8 }),
  remaining: fc.array(fc.string({ maxLength: 30 }), { maxLength: 8 }),
  blockers: fc.array(fc.string({ maxLength: 30 }), { maxLength: 8 }),
});

describe('properties', () => {
  it('a random core either validates (exactly when the contract allows it) or is rejected with a reason', () => {
    let accepted = 0;
    fc.assert(
      fc.property(anyCore, (value) => {
        const result = validateCore(value);
        if (result.ok) accepted += 1;
        expect(result.ok).toBe(isValidCore(value));
        if (result.ok) {
          expect(result.core).toBe(value);
        } else {
          expect(result.reason.length).toBeGreaterThan(0);
          expect(result.problems.length).toBeGreaterThan(0);
          expect(result.problems.every((p) => p.length > 0)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    // The generator must exercise both sides of the contract.
    expect(accepted).toBeGreaterThan(25);
    expect(accepted).toBeLessThan(475);
  });

  it('a claimed harness field or harness-only status is always named in the reason', () => {
    fc.assert(
      fc.property(
        validCore,
        fc.constantFrom('cost', 'run_id', 'transcript_path', 'tokens', 'incident', 'session_id'),
        (core, field) => {
          const result = validateCore({ ...core, [field]: 1 });
          expect(!result.ok && result.reason).toContain(`field "${field}" is set by the harness`);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('one valid core in brace-free prose is extracted; two different ones never are', () => {
    const prose = fc.string({ maxLength: 80 }).map((s) => s.replace(/[{}]/g, ''));
    fc.assert(
      fc.property(prose, prose, validCore, validCore, (before, after, a, b) => {
        const one = extractCoreAnswer(`${before}\n${JSON.stringify(a)}\n${after}`);
        expect(one.ok).toBe(true);
        if (one.ok) expect(one.core).toEqual(a);
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          expect(extractCoreAnswer(`${before}${JSON.stringify(a)}${after}${JSON.stringify(b)}`).ok).toBe(false);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('every harness-built envelope validates, whatever the metadata', async () => {
    const ws = await tempWorkspace('prop');
    const faults: Fault[] = [
      'timeout',
      'recursion',
      'output-limit',
      'invalid-output',
      'child-exit',
      'spawn',
      'cancelled',
      'model-unreachable',
      'invalid-envelope',
    ];
    const anyText = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme', maxLength: 3000 }),
      fc.constant('💥'.repeat(1000)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...faults),
        anyText,
        fc.option(anyText),
        fc.record(
          {
            verb: fc.oneof(fc.constantFrom('implement', 'advise', 'review'), fc.string()),
            direction: fc.oneof(fc.constant('claude-code->codex'), fc.string()),
            runner: fc.constantFrom('codex', 'claude', 'my-plugin'),
            depth: fc.oneof(fc.nat(5), fc.integer({ min: -3, max: -1 }), fc.double()),
            model: fc.option(fc.oneof(fc.string(), fc.string({ minLength: 190, maxLength: 260 }))),
            effort: fc.option(
              fc.oneof(fc.constantFrom('minimal', 'low', 'medium', 'high', 'xhigh', 'max'), fc.string()),
            ),
            effort_substituted: fc.option(
              fc.oneof(
                fc.record({
                  requested: fc.string(),
                  applied: fc.constantFrom('low', 'high', 'bogus'),
                  reason: fc.string(),
                }),
                fc.anything(),
              ),
            ),
            cost: fc.option(fc.oneof(fc.double(), fc.nat())),
            tokens: fc.oneof(fc.dictionary(fc.string(), fc.nat()), fc.dictionary(fc.string(), fc.anything())),
            duration_seconds: fc.oneof(fc.double(), fc.nat()),
            session_id: fc.option(fc.string({ maxLength: 300 })),
            reminder: fc.option(fc.string({ maxLength: 700 }), { nil: undefined }),
          },
          { requiredKeys: ['verb', 'direction', 'runner', 'depth'] },
        ),
        async (fault, cause, partial, fields) => {
          const meta = {
            ...fields,
            transcript: openTranscript({ workspace: ws, runId: 'prop' }),
          } as unknown as RunMeta;
          const envelope = await harnessEnvelope({ fault, cause, meta, partialOutput: partial });
          if (!validateHarnessSchema(envelope)) throw new Error(JSON.stringify(validateHarnessSchema.errors));
          expect(envelope.findings).toEqual([]);
          expect(envelope.blockers.length).toBeGreaterThan(0);
          expect(envelope.incident).not.toBeNull();
        },
      ),
      { numRuns: 40 },
    );
  });
});
