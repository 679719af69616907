// Tree-sitter grammars for delete_symbol: web-tree-sitter with the prebuilt grammar .wasm files of
// @vscode/tree-sitter-wasm (language ABI 14/15, which this web-tree-sitter loads). Loaded once, lazily.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Language, Parser } from 'web-tree-sitter';
import { FsError } from '../errors.js';

export type SymbolLanguage = 'typescript' | 'tsx' | 'javascript' | 'python';

const BY_EXTENSION: Readonly<Record<string, SymbolLanguage>> = {
  '.ts': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.tsx': 'tsx',
  '.js': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.jsx': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
};

/** File extensions delete_symbol understands. */
export const SYMBOL_EXTENSIONS: readonly string[] = Object.freeze(Object.keys(BY_EXTENSION));

/** The language of a file by its extension; anything else → FS_INVALID_ARGUMENT naming what is supported. */
export function languageOf(file: string, shown: string): SymbolLanguage {
  const ext = path.extname(file).toLowerCase();
  const language = Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined;
  if (!language) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${shown}: delete_symbol does not know the language of "${ext || '(no extension)'}" files; supported: ${SYMBOL_EXTENSIONS.join(', ')}`,
    );
  }
  return language;
}

const require = createRequire(import.meta.url);
let runtime: Promise<void> | undefined;
const languages = new Map<SymbolLanguage, Promise<Language>>();

async function load(language: SymbolLanguage): Promise<Language> {
  runtime ??= Parser.init().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  await runtime;
  return Language.load(require.resolve(`@vscode/tree-sitter-wasm/wasm/tree-sitter-${language}.wasm`));
}

/** A parser for the language, its grammar loaded on first use and cached for the process. */
export async function parserFor(language: SymbolLanguage): Promise<Parser> {
  let loaded = languages.get(language);
  if (!loaded) {
    loaded = load(language);
    languages.set(language, loaded);
    // A failed load is not cached: the next call tries again.
    loaded.catch(() => languages.delete(language));
  }
  const grammar = await loaded;
  const parser = new Parser();
  parser.setLanguage(grammar);
  return parser;
}
