// delete_symbol's WebAssembly files: from dist/grammars/, where scripts/build.ts puts the tree-sitter
// runtime and the grammars delete_symbol uses (brotli-compressed: 5.7 MB of .wasm is 0.5 MB so),
// so that a copy of the package without node_modules (a Claude Code plugin install, an MCP bundle)
// parses; from source, from the npm packages they come from.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { packageRoot } from '../../../package/root.js';

/** The languages delete_symbol parses: one grammar file each, tree-sitter-<language>.wasm. */
export const SYMBOL_LANGUAGES = ['typescript', 'tsx', 'javascript', 'python', 'go', 'rust', 'java'] as const;
export type SymbolLanguage = (typeof SYMBOL_LANGUAGES)[number];

/** The tree-sitter runtime's own module, which web-tree-sitter's code loads by this name. */
export const RUNTIME_WASM = 'web-tree-sitter.wasm';

/** The folder of dist/ that holds the .wasm files, relative to the package folder. */
export const GRAMMARS_DIR = path.join('dist', 'grammars');

/** The npm package file each .wasm file is copied from (by scripts/build.ts) or, from source, read from. */
export function wasmSource(file: string): string {
  return file === RUNTIME_WASM ? `web-tree-sitter/${file}` : `@vscode/tree-sitter-wasm/wasm/${file}`;
}

/** Every .wasm file dist/grammars/ holds. */
export const WASM_FILES: readonly string[] = [
  RUNTIME_WASM,
  ...SYMBOL_LANGUAGES.map((language) => grammarFile(language)),
];

export function grammarFile(language: SymbolLanguage): string {
  return `tree-sitter-${language}.wasm`;
}

const require = createRequire(import.meta.url);
// Built code loads the runtime bundled into it, which must meet the .wasm of the same version:
// the one copied beside it. Code run from source (tests) loads web-tree-sitter from node_modules,
// so it takes the packages' files, never a dist/ that may be older.
const built = !import.meta.url.endsWith('.ts');

/** The compressed copy of a .wasm file in dist/grammars/. */
export const shippedName = (file: string): string => `${file}.br`;

/** The bytes of one .wasm file: dist/grammars/ first when built, else the npm package's file. */
export function wasmBytes(file: string): Uint8Array {
  const shipped = path.join(packageRoot(), GRAMMARS_DIR, shippedName(file));
  if (built && existsSync(shipped)) return brotliDecompressSync(readFileSync(shipped));
  let source: string;
  try {
    source = require.resolve(wasmSource(file));
  } catch {
    throw new Error(
      `${shippedName(file)} is missing from ${path.dirname(shipped)} and ${wasmSource(file)} from node_modules: ` +
        'reinstall peer-bridge, or in a checkout run npm run build:ts',
    );
  }
  return readFileSync(source);
}
