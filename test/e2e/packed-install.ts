// The package as a user gets it: `npm pack` of this checkout installed into a fresh project with
// `npm install --prefer-offline` (the registry is asked for what the npm cache lacks, so this
// works on a fresh machine), with the package's real install script.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../helpers/serve-client.js';

const run = promisify(execFile);
const npmEnv = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

export interface Installed {
  /** The consumer project, with peer-bridge in its node_modules. */
  project: string;
  /** Its node_modules/.bin/peer-bridge. */
  bin: string;
  /** The packed tarball it was installed from. */
  tarball: string;
}

/** Packs the checkout (dist/ and prebuilds/ must be built) into `<dir>/pack`; returns the tarball's path. */
export async function packTarball(dir: string): Promise<string> {
  const tuple = `${process.platform}-${process.arch}`;
  if (
    !existsSync(path.join(repoRoot, 'prebuilds', tuple)) ||
    !existsSync(path.join(repoRoot, 'dist', 'cli', 'main.cjs'))
  ) {
    throw new Error('prebuilds/ or dist/ missing: run `npm run build` first (npm test does)');
  }
  const out = path.join(dir, 'pack');
  mkdirSync(out, { recursive: true });
  // --ignore-scripts: the build already ran; prepack would rebuild the native addon.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', out], {
    cwd: repoRoot,
    env: npmEnv,
  });
  return path.join(out, packed.stdout.trim().split('\n').pop()!);
}

/** `npm install` of `specs` into the folder `prefix`, as npm does for a user (install scripts run). */
export async function npmInstall(prefix: string, specs: string[]): Promise<void> {
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', prefix, ...specs], {
    cwd: prefix,
    env: npmEnv,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Unpacks the tarball into `<dir>/package`: the package's files exactly as npm ships them. */
export async function unpackTarball(tarball: string, dir: string): Promise<string> {
  await run('tar', ['-xzf', tarball, '-C', dir]);
  return path.join(dir, 'package');
}

/** Packs the checkout (dist/ and prebuilds/ must be built) and installs it into `<dir>/project`. */
export async function installPacked(dir: string): Promise<Installed> {
  const tarball = await packTarball(dir);
  const project = path.join(dir, 'project');
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await npmInstall(project, [tarball]);
  return { project, bin: path.join(project, 'node_modules', '.bin', 'peer-bridge'), tarball };
}
