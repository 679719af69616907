// Guards the files of src/ against import cycles (folder-level ones are folder-cycles.test.ts's):
// no file imports, directly or through others, a file that imports it back. Read by
// dependency-cruiser with every kind of import: static, dynamic `import()`, and `import type` too,
// because a type-only cycle still ties two files together for a reader and breaks the moment a type
// becomes a value.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/temp-dir.js';

const projectRoot = path.resolve(import.meta.dirname, '../..');

/** dependency-cruiser's view of the files below `dir` (relative to `baseDir`), cycles marked. */
async function cruiseFolder(baseDir: string, dir: string, tsConfig?: string): Promise<ICruiseResult> {
  const { output } = await cruise(
    [dir],
    {
      baseDir,
      validate: true,
      tsPreCompilationDeps: true,
      includeOnly: `^${dir}/`,
      exclude: { path: `^${dir}/generated/` },
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
    },
    { extensions: ['.ts', '.js', '.json'] },
    tsConfig ? { tsConfig: { fileName: tsConfig } } : {},
  );
  return output as ICruiseResult;
}

/** Each cycle as "a → b → a", once per file that closes one. */
function cycles(result: ICruiseResult): string[] {
  return result.summary.violations
    .filter((v) => v.rule.name === 'no-circular')
    .map((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(' → '));
}

describe('file-level imports of src/', () => {
  const tempDir = useTempDir();

  it('finds a cycle closed by a type-only import', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'lib'));
    writeFileSync(path.join(root, 'lib', 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(
      path.join(root, 'lib', 'b.ts'),
      "import type { a } from './a.js';\nexport const b: typeof a | 1 = 1;\n",
    );
    writeFileSync(path.join(root, 'lib', 'c.ts'), "import { a } from './a.js';\nexport const c = a;\n");
    const found = cycles(await cruiseFolder(root, 'lib'));
    expect(found).toContain('lib/a.ts → lib/b.ts → lib/a.ts');
    expect(found.filter((cycle) => cycle.includes('c.ts'))).toEqual([]);
  });

  it('has no file that imports a file importing it back', async () => {
    const result = await cruiseFolder(projectRoot, 'src', path.join(projectRoot, 'tsconfig.json'));
    // It read src/ and its every kind of import, or an empty result would pass.
    expect(result.summary.totalCruised).toBeGreaterThan(200);
    const load = result.modules.find((m) => m.source === 'src/runners/load.ts');
    const kinds = (to: string) => load?.dependencies.find((d) => d.resolved === to)?.dependencyTypes ?? [];
    expect(kinds('src/runners/codex/index.ts')).toContain('dynamic-import');
    expect(kinds('src/runners/define-runner.ts')).toContain('type-only');
    const found = cycles(result);
    expect(found, `file cycles:\n${found.join('\n')}`).toEqual([]);
  });
});
