import { describe, expect, it } from 'vitest';
import { extractCoreAnswer, findJsonObjects } from '../../src/envelope/index.js';
import { goodCore } from '../helpers/core-answer.js';

const answer = JSON.stringify(goodCore());
const pretty = JSON.stringify(goodCore({ verdict: 'Done {with braces} and "quotes" }' }), null, 2);

describe('extractCoreAnswer', () => {
  it('takes a bare JSON answer as it is', () => {
    expect(extractCoreAnswer(`  ${answer}\n`)).toEqual({ ok: true, core: goodCore(), extracted: false });
  });

  it('extracts the one object from a code fence', () => {
    const result = extractCoreAnswer('Here is my answer:\n```json\n' + pretty + '\n```\nThanks.');
    expect(result).toMatchObject({ ok: true, extracted: true });
    expect(result.ok && result.core.verdict).toBe('Done {with braces} and "quotes" }');
  });

  it('extracts the one object from prose without a fence', () => {
    expect(extractCoreAnswer(`I finished. ${answer} Let me know.`)).toMatchObject({ ok: true, extracted: true });
  });

  it('ignores brace-y prose that is not JSON', () => {
    const text = `In f() { return x } the "bug" was {here}. Answer: ${answer}`;
    expect(extractCoreAnswer(text)).toMatchObject({ ok: true, extracted: true });
  });

  it('counts the same object repeated as one candidate', () => {
    expect(extractCoreAnswer(`${answer}\n\nAgain: ${answer}`)).toMatchObject({ ok: true });
  });

  it('counts the same object repeated with its keys in another order as one candidate', () => {
    const core = goodCore();
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(core).reverse()));
    expect(extractCoreAnswer(`Draft: ${answer}\n\nFinal:\n\`\`\`json\n${reordered}\n\`\`\``)).toEqual({
      ok: true,
      core,
      extracted: true,
    });
  });

  it('rejects two different objects as ambiguous', () => {
    const other = JSON.stringify(goodCore({ status: 'partial' }));
    const result = extractCoreAnswer(`First try: ${answer}\nCorrected: ${other}`);
    expect(result).toMatchObject({ ok: false, candidates: 2 });
    expect(!result.ok && result.reason).toContain('2 different JSON objects; it is ambiguous');
  });

  it('rejects an example object next to the answer as ambiguous', () => {
    const result = extractCoreAnswer(`The config was {"debug": true}.\n\`\`\`json\n${answer}\n\`\`\``);
    expect(result).toMatchObject({ ok: false, candidates: 2 });
  });

  it('rejects prose with no JSON object', () => {
    expect(extractCoreAnswer('I could not finish, sorry.')).toMatchObject({
      ok: false,
      reason: 'the answer contains no JSON object',
    });
    expect(extractCoreAnswer('   ')).toMatchObject({ ok: false, reason: 'the answer is empty' });
  });

  it('validates the extracted object and keeps the validation reason', () => {
    const bad = JSON.stringify({ ...goodCore(), cost: 0.1 });
    const result = extractCoreAnswer(`Answer:\n\`\`\`json\n${bad}\n\`\`\``);
    expect(result).toMatchObject({ ok: false, candidates: 1 });
    expect(!result.ok && result.reason).toContain('field "cost" is set by the harness');
  });

  it('rejects a bare JSON value that is not an object', () => {
    expect(extractCoreAnswer('[1, 2]')).toMatchObject({
      ok: false,
      reason: 'answer must be a JSON object, not array',
    });
  });

  it('gives up with a reason on text built to make the scan quadratic', () => {
    const result = extractCoreAnswer('{"a": '.repeat(50_000));
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.reason).toMatch(/unmatched braces|no JSON object/);
  });
});

describe('findJsonObjects', () => {
  it('returns only outermost objects, not their nested ones', () => {
    expect(findJsonObjects('x {"a": {"b": 1}} y')).toEqual([{ a: { b: 1 } }]);
  });

  it('is not fooled by braces inside JSON strings', () => {
    expect(findJsonObjects('{"a": "}{"}')).toEqual([{ a: '}{' }]);
  });
});
