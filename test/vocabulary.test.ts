// The shared vocabulary says what the schemas say (the lists and the run-id pattern are repeated
// in code, so this keeps them equal), and effort substitution picks the level every layer expects.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { closestSupported, EFFORTS, oneLevelLower, runIdPattern, VERBS } from '../src/vocabulary.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = (file: string) => JSON.parse(readFileSync(path.join(root, 'schemas', file), 'utf8'));
const harness = schema('harness-envelope.schema.json');
const tools = schema('mcp-tools.schema.json');

describe('the vocabulary and the schemas', () => {
  it('lists the verbs of the public envelope, one bridge tool each', () => {
    expect(VERBS).toEqual(harness.properties.verb.enum);
    const verbTools = Object.keys(tools.$defs).filter((name) => name !== 'bridge_status');
    expect(verbTools).toEqual(VERBS.map((verb) => `bridge_${verb}`));
  });

  it("lists the effort levels in the schemas' order", () => {
    expect(EFFORTS).toEqual(harness.$defs.effort.enum);
    expect(EFFORTS).toEqual(tools.$defs.bridge_advise.properties.supported_efforts.items.enum);
  });

  it('has the run-id pattern of every schema that names a run id', () => {
    expect(runIdPattern.source).toBe(harness.$defs.run_id.pattern);
    for (const verb of VERBS) expect(runIdPattern.source).toBe(tools.$defs[`bridge_${verb}`].properties.run_id.pattern);
  });
});

describe('effort substitution', () => {
  it('picks the highest supported level at or below the one asked for', () => {
    expect(closestSupported('max', ['low', 'medium', 'high', 'xhigh'])).toBe('xhigh');
    expect(closestSupported('medium', ['high', 'low', 'minimal'])).toBe('low');
  });

  it('picks the lowest supported level when all are above the one asked for', () => {
    expect(closestSupported('minimal', ['medium', 'low'])).toBe('low');
  });

  it('has nothing to pick from an empty list', () => {
    expect(closestSupported('high', [])).toBeNull();
  });

  it('steps one level down within the supported levels, or all levels when they are unknown', () => {
    expect(oneLevelLower('max', null)).toBe('xhigh');
    expect(oneLevelLower('high', ['low', 'high', 'minimal'])).toBe('low');
    expect(oneLevelLower('low', ['low', 'high'])).toBeNull();
  });
});
