// Tree-sitter grammars for delete_symbol: web-tree-sitter (bundled into dist/) with the prebuilt
// grammar .wasm files of @vscode/tree-sitter-wasm (language ABI 14/15, which this web-tree-sitter
// loads), found by wasm-files.ts. Loaded once, lazily.
import path from 'node:path';
import type { Language, Parser } from 'web-tree-sitter';
import { FsError } from '../../errors.js';
import { grammarFile, RUNTIME_WASM, wasmBytes, type SymbolLanguage } from './wasm-files.js';

export type { SymbolLanguage } from './wasm-files.js';

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
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
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
      `${shown}: delete_symbol does not know the language of "${ext || '(no extension)'}" files; ` +
        `supported: ${SYMBOL_EXTENSIONS.join(', ')}`,
    );
  }
  return language;
}

type TreeSitter = typeof import('web-tree-sitter');
// Loaded on the first delete_symbol, so importing peer-bridge/fs stays light.
let runtime: Promise<TreeSitter> | undefined;
const languages = new Map<SymbolLanguage, Promise<Language>>();

async function treeSitter(): Promise<TreeSitter> {
  if (!runtime) {
    runtime = (async () => {
      const module = await import('web-tree-sitter');
      // Its own .wasm as bytes from wasm-files.ts (bundled, it would look beside its chunk).
      await module.Parser.init({ wasmBinary: wasmBytes(RUNTIME_WASM) });
      return module;
    })();
    // A failed start is not cached: the next call tries again.
    runtime.catch(() => (runtime = undefined));
  }
  return runtime;
}

async function load(language: SymbolLanguage): Promise<Language> {
  const { Language } = await treeSitter();
  return Language.load(wasmBytes(grammarFile(language)));
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
  try {
    const grammar = await loaded;
    const parser = new (await treeSitter()).Parser();
    parser.setLanguage(grammar);
    return parser;
  } catch (error) {
    throw new FsError(
      'FS_IO_ERROR',
      `delete_symbol: cannot load the ${language} grammar (${(error as Error).message})`,
      { cause: error },
    );
  }
}
