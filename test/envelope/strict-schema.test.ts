import { describe, expect, it } from 'vitest';
import {
  coreSchema,
  strictCoreSchema,
  strictSubsetViolations,
  validateCore,
  type JsonSchema,
} from '../../src/envelope/index.js';
import { goodCore } from '../helpers/core-answer.js';

const props = (schema: JsonSchema): Record<string, JsonSchema> => schema.properties as Record<string, JsonSchema>;

describe('strictCoreSchema', () => {
  it('is inside the strict subset: all required, no extra properties, no length or count keywords', () => {
    const strict = strictCoreSchema();
    expect(strictSubsetViolations(strict)).toEqual([]);
    expect(strict.additionalProperties).toBe(false);
    expect(strict.required).toEqual(Object.keys(props(coreSchema)));
    expect(JSON.stringify(strict)).not.toMatch(/"(maxLength|maxItems|minLength|minItems|\$schema|\$id)"/);
  });

  it('writes the limits into the descriptions', () => {
    const p = props(strictCoreSchema());
    expect(p.verdict!.description).toContain('at most 500 characters');
    expect(p.findings!.description).toContain('at most 8 items, each at most 500 characters');
    expect(p.details!.description).toContain('at most 32 items, each at most 2000 characters');
  });

  it('gives the status enum an explicit string type', () => {
    expect(props(strictCoreSchema()).status).toMatchObject({
      type: 'string',
      enum: ['complete', 'partial', 'blocked'],
    });
  });

  it('returns a fresh object, leaving the core schema untouched', () => {
    const a = strictCoreSchema();
    (a.properties as Record<string, unknown>).verdict = 'changed';
    expect(props(strictCoreSchema()).verdict).toMatchObject({ type: 'string' });
    expect(props(coreSchema).verdict!.maxLength).toBe(500);
  });

  it('an answer shaped by the strict schema (details included) validates as a core', () => {
    expect(validateCore(goodCore({ details: [] })).ok).toBe(true);
  });
});

describe('strictSubsetViolations', () => {
  it('names every construct a strict mode rejects', () => {
    expect(strictSubsetViolations(coreSchema)).toEqual(
      expect.arrayContaining([
        '#/properties/verdict: keyword "maxLength" is not supported in strict mode',
        '#/properties/findings: keyword "maxItems" is not supported in strict mode',
        '#: property "details" must be listed in required',
      ]),
    );
    expect(strictSubsetViolations({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual([
      '#: additionalProperties must be false',
    ]);
  });
});
