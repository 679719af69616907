import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generatedDir, schemaDir, staleGeneratedFiles } from '../../scripts/gen-types.js';

describe('generated types', () => {
  it('are up to date with every schemas/*.schema.json (run npm run gen:types)', async () => {
    expect(await staleGeneratedFiles()).toEqual([]);
  });

  it('exist for every schema file', async () => {
    const schemas = (await readdir(schemaDir)).filter((f) => f.endsWith('.schema.json'));
    const generated = await readdir(generatedDir);
    for (const schema of schemas) expect(generated).toContain(schema.replace('.schema.json', '.ts'));
  });
});
