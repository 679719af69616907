// Builds dist/: each entry point (the CLI, the library's three exports, the watchdog process) is
// bundled with esbuild into one ES module, with what a command does not need split into chunks
// that load on first use; loading a few large files is much faster than resolving and loading
// hundreds of small ones. tsc writes only the declarations (.d.ts) next to them.
// Source maps carry their sources (sourcesContent), so stack traces and debuggers resolve to the
// TypeScript without shipping src/.
// dist/ runs with no node_modules at all (a Claude Code plugin install copies the package folder
// alone; the MCP bundles ship dist/ alone): every dependency the code loads is bundled, the
// WebAssembly files delete_symbol parses with are copied to dist/grammars/, and the CommonJS
// dependencies loaded on first use to dist/vendor/.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { GRAMMARS_DIR, shippedName, WASM_FILES, wasmSource } from '../src/fs/tools/symbol/wasm-files.js';
import { VENDORED, vendoredPath } from '../src/package/dependency.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

// The CLI's commands that are ES modules of their own (dist/cli/<name>.js); see CLI below.
const ESM_COMMANDS = ['serve', 'doctor', 'runs', 'config', 'acceptance'] as const;

/** Output path (without .js) → source file: the library's exports, the commands, the workers. */
export const ENTRY_POINTS: Record<string, string> = {
  index: 'src/index.ts',
  'fs/index': 'src/fs/index.ts',
  'native/index': 'src/native/index.ts',
  // The commands the CLI (dist/cli/main.cjs) imports by these names, all but `run` (RUN_COMMAND).
  ...Object.fromEntries(ESM_COMMANDS.map((name) => [`cli/${name}`, `src/cli/${name}.ts`])),
  // Started as its own process by src/supervisor/watchdog.ts.
  'supervisor/watchdog-main': 'src/supervisor/watchdog-main.ts',
  // The spawn thread (src/supervisor/spawn-thread.ts starts it as a worker thread).
  'supervisor/spawn-thread-worker': 'src/supervisor/spawn-thread-worker.ts',
  // delete_symbol's parser thread (src/fs/tools/symbol/host.ts starts it as a worker thread).
  'fs/symbol-worker': 'src/fs/tools/symbol/worker.ts',
  // Started as its own process (several at once) by `peer-bridge acceptance` (src/acceptance/children.ts).
  'acceptance/worker': 'src/acceptance/worker.ts',
  // The Claude Code plugin's PreToolUse hook (hooks/hooks.json runs it with node).
  'client-plugin/claude-headless-allow': 'src/client-plugin/claude-headless-allow.ts',
};

// The CLI and `peer-bridge run` are CommonJS files (.cjs). `run` is one process per call, so its
// start-up is part of every call's cost, and Node 20 spends ~8 ms setting up its ES module loader
// before the first line of an ES module runs, plus a resolution, a read and a link per imported
// file; a CommonJS file is read and compiled in one step (measured: the child started 15-20 ms
// sooner). `run` is one file: what it needs only later (the envelope validators, the runners)
// is evaluated on first use (esbuild wraps it in a lazy initializer), only compiled up front.
// The other commands are ES modules (serve loads the MCP SDK, an ES module, anyway) that the CLI
// imports on demand. Shared with the CLI are only stateless modules (the version, the usage
// error, which main.ts recognizes by its code, not its class).
export const CLI = { out: 'cli/main', source: 'src/cli/main.ts' };
export const RUN_COMMAND = { out: 'cli/run-command', source: 'src/cli/run.ts' };

// CommonJS has no import.meta: the bundles' modules get the bundle's own file URL in its place,
// which is what they use it for (finding the package folder, createRequire).
const IMPORT_META_URL_SHIM = 'scripts/import-meta-url.js';

const require = createRequire(import.meta.url);

/** The licences shipped beside the files dist/ copies from other packages (all MIT). */
const LICENSES: Record<string, string> = {
  'web-tree-sitter': 'node_modules/web-tree-sitter/LICENSE',
  'tree-sitter-wasm': 'node_modules/@vscode/tree-sitter-wasm/LICENSE',
  'iconv-lite': 'node_modules/iconv-lite/LICENSE',
};

/**
 * dist/grammars/: the tree-sitter runtime and the grammars delete_symbol uses, with their licences.
 * Brotli-compressed (5.7 MB → 0.5 MB, also 0.2 MB less in the npm tarball than gzip alone makes
 * of them); decompressing one grammar on its first use takes a few milliseconds.
 */
function copyWasm(): void {
  const dir = path.join(root, GRAMMARS_DIR);
  mkdirSync(dir, { recursive: true });
  for (const file of WASM_FILES) {
    const bytes = readFileSync(require.resolve(wasmSource(file)));
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    writeFileSync(path.join(dir, shippedName(file)), brotliCompressSync(bytes, { params }));
  }
  for (const name of ['web-tree-sitter', 'tree-sitter-wasm'])
    copyFileSync(path.join(root, LICENSES[name]!), path.join(dir, `LICENSE.${name}`));
}

/** dist/vendor/<name>.cjs: each CommonJS dependency loaded on first use, as one file (src/package/dependency.ts). */
function vendorBuilds() {
  return VENDORED.map((name) => {
    copyFileSync(path.join(root, LICENSES[name]!), path.join(dist, 'vendor', `LICENSE.${name}`));
    return build({
      absWorkingDir: root,
      entryPoints: [require.resolve(name)],
      outfile: vendoredPath(root, name),
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20.17',
      logLevel: 'warning',
    });
  });
}

// Dependencies' own source maps name sources they do not ship (the MCP SDK's src/*.ts): chained
// into ours they would not resolve. Their compiled JavaScript, embedded in our maps, does.
const ownSourceMapsOnly: Plugin = {
  name: 'own-source-maps-only',
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(/^\/\/# sourceMappingURL=.*$/gm, ''),
      loader: 'js',
    }));
  },
};

// src/report/page-script.ts reads the page's browser script from its own file when run from source;
// in the bundle that module becomes the file's text, inlined (dist/ ships no src/).
const PAGE_SCRIPT_MODULE = path.join(root, 'src', 'report', 'page-script.ts');
const PAGE_SCRIPT_FILE = path.join(root, 'src', 'report', 'browser', 'page-script.js');
const pageScriptAsText: Plugin = {
  name: 'page-script-as-text',
  setup(build) {
    build.onLoad({ filter: /[\\/]report[\\/]page-script\.ts$/ }, async (args) => {
      if (path.resolve(args.path) !== PAGE_SCRIPT_MODULE) return undefined;
      const text = await readFile(PAGE_SCRIPT_FILE, 'utf8');
      return {
        contents: `export const PAGE_SCRIPT = ${JSON.stringify(text)};`,
        loader: 'js',
        watchFiles: [PAGE_SCRIPT_FILE],
      };
    });
  },
};

// In the CLI bundle, main.ts's command imports: `./run.js` becomes a require() of the run bundle
// (an import() would start the ES module loader), the other commands stay import()s of their
// entry points; what else main.ts imports (version, usage error) is bundled in.
const commandsApart: Plugin = {
  name: 'commands-apart',
  setup(build) {
    const fromMain = (importer: string) => path.resolve(importer) === path.join(root, CLI.source);
    build.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
      if (!fromMain(args.importer)) return undefined;
      const name = args.path.slice(2, -3);
      if (name === 'run') return { path: 'run', namespace: 'run-command' };
      return (ESM_COMMANDS as readonly string[]).includes(name) ? { path: args.path, external: true } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace: 'run-command' }, () => ({
      contents: `module.exports = require('./${path.basename(RUN_COMMAND.out)}.cjs');`,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/run-command\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};

async function main(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const common = {
    absWorkingDir: root,
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.17',
    sourcemap: 'linked',
    sourcesContent: true,
    // Readable output: names and layout kept, so a stack trace is legible even without the map.
    minify: false,
    keepNames: true,
    logLevel: 'warning',
    metafile: true,
  } as const;
  const commonjs = {
    ...common,
    splitting: false,
    format: 'cjs' as const,
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': 'import_meta_url' },
    inject: [path.join(root, IMPORT_META_URL_SHIM)],
  };
  copyWasm();
  mkdirSync(path.join(dist, 'vendor'), { recursive: true });
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: Object.fromEntries(
        Object.entries(ENTRY_POINTS).map(([out, source]) => [out, path.join(root, source)]),
      ),
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [ownSourceMapsOnly, pageScriptAsText],
    }),
    build({
      ...commonjs,
      entryPoints: { [RUN_COMMAND.out]: path.join(root, RUN_COMMAND.source) },
      plugins: [ownSourceMapsOnly, pageScriptAsText],
    }),
    build({
      ...commonjs,
      entryPoints: { [CLI.out]: path.join(root, CLI.source) },
      plugins: [commandsApart, pageScriptAsText],
    }),
  ]);
  await Promise.all(vendorBuilds());
  const outputs = results.flatMap((result) =>
    Object.keys(result.metafile.outputs).filter((file) => /\.c?js$/.test(file)),
  );
  console.error(`built ${outputs.length} files in dist/ (${Object.keys(ENTRY_POINTS).length + 2} entry points)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
