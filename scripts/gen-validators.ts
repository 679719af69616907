// Compiles every JSON Schema validator peer-bridge uses into plain JavaScript ahead of time (ajv
// standalone code), one module per schema file under src/generated/validators/, so nothing loads
// ajv's compiler or checks a schema against the meta-schema at run time. `--check` only reports
// stale files (npm run build:ts regenerates them).
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import addFormatsModule from 'ajv-formats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = path.join(root, 'schemas');
export const validatorDir = path.join(root, 'src', 'generated', 'validators');
const addFormats = addFormatsModule.default ?? addFormatsModule;
const standaloneCode = standaloneModule.default;

type Schema = { $id: string; $defs?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** What each generated module exports: export name → schema (whole file or one of its `$defs`). */
interface Plan {
  file: string;
  exports: (schema: Schema) => Record<string, string | Record<string, unknown>>;
  /** Exports whose names are listed in a `byName` map (tools looked up by name at run time). */
  byName?: (schema: Schema) => string[];
}

const defsOf = (schema: Schema) => Object.keys(schema.$defs ?? {});
const defRef = (schema: Schema, name: string) => `${schema.$id}#/$defs/${name}`;

const PLANS: Plan[] = [
  { file: 'envelope.schema.json', exports: (s) => ({ validateCore: s.$id }) },
  { file: 'harness-envelope.schema.json', exports: (s) => ({ validateHarness: s.$id }) },
  {
    file: 'mcp-tools.schema.json',
    exports: (s) => Object.fromEntries(defsOf(s).map((name) => [name, defRef(s, name)])),
    byName: defsOf,
  },
  {
    file: 'fs-tools.schema.json',
    exports: (s) => Object.fromEntries(defsOf(s).map((name) => [name, defRef(s, name)])),
    byName: defsOf,
  },
  {
    file: 'runner-manifest.schema.json',
    exports: (s) => ({
      validateManifest: s.$id,
      // A user's grant has the shape of the manifest's permissions, every key optional.
      validatePermissions: { ...s.$defs!.permissions, required: [] },
    }),
  },
];

// ajv's standalone code reaches its runtime helpers with require(); the generated modules are ES
// modules, so each require becomes an import of the same file.
function requiresToImports(code: string): string {
  const imports = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, specifier: string) => {
    const file = specifier.endsWith('.js') ? specifier : `${specifier}.js`;
    let name = imports.get(file);
    if (!name) imports.set(file, (name = `runtime${imports.size}`));
    return name;
  });
  // Node's default import of a CommonJS module is its module.exports; some loaders (vitest) hand
  // over its `default` export instead: both end up as module.exports here.
  const lines = [...imports].flatMap(([file, name]) => [
    `import ${name}Import from ${JSON.stringify(file)};`,
    `const ${name} = 'default' in Object(${name}Import) ? ${name}Import : { default: ${name}Import };`,
  ]);
  return `${lines.join('\n')}${lines.length > 0 ? '\n' : ''}${body.replace(/^"use strict";/, '')}`;
}

/** Returns the generated source of every validator module, keyed by output file name. */
export async function generateValidators(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const plan of PLANS) {
    const schema = JSON.parse(await readFile(path.join(schemaDir, plan.file), 'utf8')) as Schema;
    // The same options the run-time validators always had: every error reported, strict schemas.
    const ajv = new Ajv2020({ allErrors: true, strict: true, code: { source: true, esm: true, lines: true } });
    addFormats(ajv);
    ajv.addSchema(schema);
    const refs: Record<string, string> = {};
    for (const [name, target] of Object.entries(plan.exports(schema))) {
      if (typeof target === 'string') refs[name] = target;
      else {
        const id = `${schema.$id}:${name}`;
        ajv.addSchema({ ...target, $id: id });
        refs[name] = id;
      }
    }
    const names = plan.byName?.(schema) ?? [];
    const banner = `// Generated from schemas/${plan.file} by scripts/gen-validators.ts (npm run gen:validators). Do not edit.\n`;
    const byName =
      names.length > 0
        ? `\nexport const byName = { ${names.map((n) => `${JSON.stringify(n)}: ${n}`).join(', ')} };\n`
        : '';
    const base = plan.file.replace(/\.schema\.json$/, '');
    out.set(`${base}.js`, `${banner}${requiresToImports(standaloneCode(ajv, refs))}${byName}`);
    const declarations = Object.keys(refs).map((name) => `export declare const ${name}: CompiledValidator;`);
    if (names.length > 0) {
      declarations.push(
        `export declare const byName: Readonly<Record<${names.map((n) => JSON.stringify(n)).join(' | ')}, CompiledValidator>>;`,
      );
    }
    out.set(
      `${base}.d.ts`,
      `${banner}import type { CompiledValidator } from './types.js';\n\n${declarations.join('\n')}\n`,
    );
  }
  out.set(
    'types.ts',
    '// Generated by scripts/gen-validators.ts (npm run gen:validators). Do not edit.\n' +
      "import type { ErrorObject } from 'ajv';\n\n" +
      '/** A validator compiled ahead of time: true when `data` matches; otherwise `errors` says why. */\n' +
      'export type CompiledValidator<T = unknown> = ((data: unknown) => data is T) & { errors?: ErrorObject[] | null };\n',
  );
  return out;
}

/** Lists generated validator modules that are missing or differ from what the schemas produce now. */
export async function staleValidators(): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, source] of await generateValidators()) {
    const current = await readFile(path.join(validatorDir, file), 'utf8').catch(() => null);
    if (current !== source) stale.push(file);
  }
  return stale;
}

async function main(): Promise<void> {
  if (process.argv.includes('--check')) {
    const stale = await staleValidators();
    if (stale.length > 0) {
      console.error(`stale generated validators (run npm run gen:validators): ${stale.join(', ')}`);
      process.exitCode = 1;
    }
    return;
  }
  await mkdir(validatorDir, { recursive: true });
  for (const [file, source] of await generateValidators()) {
    const target = path.join(validatorDir, file);
    // Unchanged files are left alone, so a build does not touch their mtimes.
    if ((await readFile(target, 'utf8').catch(() => null)) === source) continue;
    await writeFile(target, source);
    console.error(`wrote src/generated/validators/${file}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
