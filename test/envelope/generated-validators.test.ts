import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { staleValidators } from '../../scripts/gen-validators.js';
import {
  coreSchema,
  harnessSchema,
  mcpToolsSchema,
  toolInputValidator,
  validateCoreSchema,
  validateHarnessSchema,
} from '../../src/envelope/schemas.js';
import { packageRoot } from '../../src/package/root.js';

const samples: unknown[] = [
  {},
  null,
  'text',
  { status: 'complete', verdict: 'ok', findings: [], files_touched: [], remaining: [], blockers: [], details: [] },
  { status: 'timeout', verdict: 'x'.repeat(600), findings: [1], extra: true },
  { task: 'do it', effort: 'high', supported_efforts: ['low', 'low'] },
  { task: '', workspace: '/tmp', timeout_seconds: 10_000 },
];

describe('validators compiled at build time', () => {
  it('are up to date with the schema files (run npm run gen:validators)', async () => {
    expect(await staleValidators()).toEqual([]);
  });

  it('accept and reject exactly what ajv compiling the schema at run time does, with the same errors', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    const pairs = [
      [validateCoreSchema, ajv.compile(structuredClone(coreSchema))],
      [validateHarnessSchema, ajv.compile(structuredClone(harnessSchema))],
    ] as const;
    ajv.addSchema(structuredClone(mcpToolsSchema));
    const tools = ['bridge_implement', 'bridge_advise', 'bridge_review', 'bridge_status'] as const;
    const toolPairs = tools.map(
      (tool) => [toolInputValidator(tool), ajv.getSchema(`${mcpToolsSchema.$id as string}#/$defs/${tool}`)!] as const,
    );
    for (const [compiled, reference] of [...pairs, ...toolPairs]) {
      for (const sample of samples) {
        expect(compiled(sample)).toBe(reference(sample));
        expect(compiled.errors ?? null).toEqual(reference.errors ?? null);
      }
    }
  });

  it('leave no run-time code that loads ajv itself (type imports only)', async () => {
    const src = path.join(packageRoot(), 'src');
    const files = (await readdir(src, { recursive: true })).filter(
      (f) => f.endsWith('.ts') && !f.startsWith('generated'),
    );
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(src, file), 'utf8');
      if (/^import (?!type )[^;]*from 'ajv[/'"]/m.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
