// Builds dist/: each entry point (the CLI, the library's three exports, the watchdog process) is
// bundled with esbuild into one ES module, with what a command does not need split into chunks
// that load on first use; loading a few large files is much faster than resolving and loading
// hundreds of small ones. tsc writes only the declarations (.d.ts) next to them.
// Source maps carry their sources (sourcesContent), so stack traces and debuggers resolve to the
// TypeScript without shipping src/.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/** Output path (without .js) → source file. The CLI stays at dist/cli/main.js (package.json `bin`). */
export const ENTRY_POINTS: Record<string, string> = {
  'cli/main': 'src/cli/main.ts',
  index: 'src/index.ts',
  'fs/index': 'src/fs/index.ts',
  'native/index': 'src/native/index.ts',
  // Started as its own process by src/supervisor/watchdog.ts.
  'supervisor/watchdog-main': 'src/supervisor/watchdog-main.ts',
  // The spawn thread (src/supervisor/spawn-thread.ts starts it as a worker thread).
  'supervisor/spawn-thread-worker': 'src/supervisor/spawn-thread-worker.ts',
  // delete_symbol's parser thread (src/fs/tools/symbol/host.ts starts it as a worker thread).
  'fs/symbol-worker': 'src/fs/tools/symbol/worker.ts',
  // Started as its own process (several at once) by `peer-bridge acceptance` (src/acceptance/children.ts).
  'acceptance/worker': 'src/acceptance/worker.ts',
};

// `peer-bridge run` is one process per call, so its start-up is part of every call's cost. Bundled
// on its own (one entry point), what it loads before the child starts is one file instead of the
// ~30 chunks it would share with the other entry points (resolving and linking each chunk costs more
// than parsing the code in it); what it loads later (the runner, the envelope builders) stays in
// chunks behind its dynamic imports. Shared with main.js are only stateless modules (the version,
// the usage error, which main.js recognizes by its code, not its class).
const RUN_COMMAND = { out: 'cli/run-command', source: 'src/cli/run.ts', from: 'src/cli/main.ts' };

// Not bundled: the addon loader (it finds the .node file from the package folder at run time) and the
// tree-sitter runtime and grammars (they load .wasm files next to their own code).
const EXTERNAL = ['node-gyp-build', 'web-tree-sitter', '@vscode/tree-sitter-wasm'];

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

// main.ts's `import('./run.js')` loads the separately built run command (RUN_COMMAND).
const runCommandSeparately: Plugin = {
  name: 'run-command-separately',
  setup(build) {
    build.onResolve({ filter: /^\.\/run\.js$/ }, (args) =>
      path.resolve(args.importer) === path.join(root, RUN_COMMAND.from)
        ? { path: `./${path.basename(RUN_COMMAND.out)}.js`, external: true }
        : undefined,
    );
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
    external: EXTERNAL,
    sourcemap: 'linked',
    sourcesContent: true,
    // Readable output: names and layout kept, so a stack trace is legible even without the map.
    minify: false,
    keepNames: true,
    logLevel: 'warning',
    metafile: true,
  } as const;
  const results = await Promise.all([
    build({
      ...common,
      entryPoints: Object.fromEntries(
        Object.entries(ENTRY_POINTS).map(([out, source]) => [out, path.join(root, source)]),
      ),
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [ownSourceMapsOnly, runCommandSeparately],
    }),
    build({
      ...common,
      entryPoints: { [RUN_COMMAND.out]: path.join(root, RUN_COMMAND.source) },
      chunkNames: 'chunks/run-command/[name]-[hash]',
      plugins: [ownSourceMapsOnly],
    }),
  ]);
  const outputs = results.flatMap((result) =>
    Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js')),
  );
  console.error(`built ${outputs.length} files in dist/ (${Object.keys(ENTRY_POINTS).length} entry points)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
