import { describe, expect, it } from 'vitest';
import {
  coreSchema,
  harnessSchema,
  toolInputSchema,
  toolInputValidator,
  type JsonSchema,
} from '../../src/envelope/index.js';

const props = (schema: JsonSchema): Record<string, JsonSchema> => schema.properties as Record<string, JsonSchema>;

describe('schemas', () => {
  it('are JSON Schema 2020-12 documents without an integer version field', () => {
    for (const schema of [coreSchema, harnessSchema]) {
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.additionalProperties).toBe(false);
      expect(Object.keys(props(schema))).not.toContain('version');
    }
  });

  it('core has exactly the six required fields plus optional details', () => {
    expect(Object.keys(props(coreSchema)).sort()).toEqual([
      'blockers',
      'details',
      'files_touched',
      'findings',
      'remaining',
      'status',
      'verdict',
    ]);
    expect([...(coreSchema.required as string[])].sort()).toEqual([
      'blockers',
      'files_touched',
      'findings',
      'remaining',
      'status',
      'verdict',
    ]);
  });

  it('harness envelope carries the same limits for the core fields', () => {
    const defs = harnessSchema.$defs as Record<string, JsonSchema>;
    const { description: _d, ...coreList } = props(coreSchema).findings!;
    const { title: _t, ...harnessList } = defs.short_list!;
    expect(harnessList).toEqual(coreList);
    expect(defs.verdict!.maxLength).toBe(props(coreSchema).verdict!.maxLength);
  });

  it('harness envelope requires every public field and keeps partial_output and reminder optional', () => {
    const required = harnessSchema.required as string[];
    for (const field of [
      'status',
      'verdict',
      'findings',
      'files_touched',
      'remaining',
      'blockers',
      'model',
      'effort',
      'effort_substituted',
      'cost',
      'tokens',
      'duration_seconds',
      'depth',
      'run_id',
      'incident',
      'session_id',
      'transcript_path',
      'verb',
      'direction',
    ]) {
      expect(required).toContain(field);
    }
    expect(required).not.toContain('partial_output');
    expect(required).not.toContain('reminder');
  });

  it.each(['bridge_implement', 'bridge_advise', 'bridge_review'] as const)(
    '%s requires task, allows the optional fields and nothing else',
    (tool) => {
      const validate = toolInputValidator(tool);
      expect(validate({ task: 'do it' })).toBe(true);
      expect(
        validate({
          task: 'do it',
          model: 'gpt-5.5',
          effort: 'high',
          depth: 1,
          run_id: 'r-1',
          timeout_seconds: 30,
          supported_efforts: ['low', 'high'],
        }),
      ).toBe(true);
      expect(validate({})).toBe(false);
      expect(validate({ task: 'x', workspace: '/tmp' })).toBe(false);
      expect(validate({ task: 'x', run_id: '../escape' })).toBe(false);
      expect(toolInputSchema(tool).additionalProperties).toBe(false);
      expect(JSON.stringify(toolInputSchema(tool))).not.toContain('$ref');
    },
  );

  it('timeout maximums follow the verb (700 / 350 / 350)', () => {
    expect(toolInputValidator('bridge_implement')({ task: 't', timeout_seconds: 700 })).toBe(true);
    expect(toolInputValidator('bridge_implement')({ task: 't', timeout_seconds: 701 })).toBe(false);
    expect(toolInputValidator('bridge_advise')({ task: 't', timeout_seconds: 351 })).toBe(false);
    expect(toolInputValidator('bridge_review')({ task: 't', timeout_seconds: 351 })).toBe(false);
  });

  it('bridge_status takes an empty object only', () => {
    expect(toolInputValidator('bridge_status')({})).toBe(true);
    expect(toolInputValidator('bridge_status')({ task: 'x' })).toBe(false);
  });
});
