// Generates TypeScript types for every schemas/*.schema.json into src/generated/<name>.ts, so types
// come from the schemas and are never retyped by hand. `--check` only reports stale files.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const schemaDir = path.join(root, 'schemas');
export const generatedDir = path.join(root, 'src', 'generated');

const banner = (file: string): string =>
  `// Generated from schemas/${file} by scripts/gen-types.ts (npm run gen:types). Do not edit.`;

/** Returns the generated source of every schema, keyed by output file name (e.g. `envelope.ts`). */
export async function generateTypes(dir = schemaDir): Promise<Map<string, string>> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.schema.json')).sort();
  const out = new Map<string, string>();
  for (const file of files) {
    const schema = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as JSONSchema;
    const name = file.replace(/\.schema\.json$/, '');
    const source = await compile(schema, schema.title ?? name, {
      bannerComment: banner(file),
      cwd: dir,
      additionalProperties: false,
      unreachableDefinitions: true,
      maxItems: -1,
      style: { singleQuote: true, printWidth: 100 },
    });
    out.set(`${name}.ts`, source);
  }
  return out;
}

/** Lists generated files that are missing or differ from what the schemas produce now. */
export async function staleGeneratedFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, source] of await generateTypes()) {
    const current = await readFile(path.join(generatedDir, file), 'utf8').catch(() => null);
    if (current !== source) stale.push(file);
  }
  return stale;
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const stale = await staleGeneratedFiles();
    if (stale.length > 0) {
      console.error(`stale generated types (run npm run gen:types): ${stale.join(', ')}`);
      process.exitCode = 1;
    }
    return;
  }
  for (const [file, source] of await generateTypes()) {
    await writeFile(path.join(generatedDir, file), source);
    console.error(`wrote src/generated/${file}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
