// One platform's bundle folder: of the files `npm pack` ships, only what the server needs at run
// time (dist/ is self-contained: scripts/build.ts bundles every dependency it loads), so no
// node_modules at all; that platform's prebuild alone; and its manifest.json.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleManifest } from './manifest.js';
import type { BundlePlatform } from './platforms.js';

/** npm as the running `npm run` uses it (npm-cli.js under this node), else `npm` on PATH. */
export function npm(args: string[], cwd: string): string {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli && /\.[cm]?js$/.test(cli) ? [process.execPath, [cli]] : ['npm', []];
  return execFileSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: command === 'npm' && process.platform === 'win32',
  });
}

/** The package's files as `npm pack` would ship them (package.json `files`, README, LICENSE). */
export function packedFiles(root: string): string[] {
  const [report] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root)) as Array<{
    files: Array<{ path: string }>;
  }>;
  return report!.files.map((file) => file.path);
}

// What the server reads besides dist/: package.json (the package folder and its version), the
// schemas, the licence and README. Not: the C++ sources (a bundle never builds the addon), the
// Claude Code and Codex plugin files, the declarations (.d.ts) and source maps (Node reads neither
// unless told to), which are for the npm package's library users and debuggers.
const RUNTIME_FILES = ['package.json', 'README.md', 'LICENSE'];
const RUNTIME_FOLDERS = ['dist/', 'schemas/'];
const NOT_AT_RUN_TIME = /\.(d\.ts|map)$/;

/** Whether a packed file belongs in `platform`'s bundle. */
export function belongsTo(file: string, platform: BundlePlatform): boolean {
  if (file.startsWith('prebuilds/')) return file.startsWith(`prebuilds/${platform.tuple}/`);
  if (RUNTIME_FILES.includes(file)) return true;
  return RUNTIME_FOLDERS.some((folder) => file.startsWith(folder)) && !NOT_AT_RUN_TIME.test(file);
}

/** Builds the bundle folder for `platform` in `dir` (emptied first). */
export function stage(root: string, files: readonly string[], platform: BundlePlatform, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of files.filter((f) => belongsTo(f, platform))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(dir, file), { preserveTimestamps: true });
  }
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(bundleManifest(root, platform), null, 2)}\n`);
}
