// One platform's bundle folder: the files `npm pack` ships, less the other platforms' prebuilds and
// the C++ sources (a bundle never builds the addon), plus the production dependencies exactly as
// package-lock.json pins them, installed for that platform, and its manifest.json.
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

/** Whether a packed file belongs in `platform`'s bundle. */
export function belongsTo(file: string, platform: BundlePlatform): boolean {
  if (file.startsWith('prebuilds/')) return file.startsWith(`prebuilds/${platform.tuple}/`);
  return !file.startsWith('native/') && file !== 'binding.gyp';
}

/** Builds the bundle folder for `platform` in `dir` (emptied first). */
export function stage(root: string, files: readonly string[], platform: BundlePlatform, dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of files.filter((f) => belongsTo(f, platform))) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(dir, file), { preserveTimestamps: true });
  }
  cpSync(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  // No install scripts: the addon is the prebuild above, and node-gyp-build would build for this host.
  npm(
    [
      'ci',
      '--omit=dev',
      '--ignore-scripts',
      `--os=${platform.os}`,
      `--cpu=${platform.cpu}`,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
    ],
    dir,
  );
  rmSync(path.join(dir, 'package-lock.json'));
  writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(bundleManifest(root, platform), null, 2)}\n`);
}
