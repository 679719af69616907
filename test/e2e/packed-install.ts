// The package as a user gets it: `npm pack` of this checkout installed into a fresh project with
// `npm install --prefer-offline` (the registry is asked for what the npm cache lacks, so this
// works on a fresh machine), with the package's real install script.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { repoRoot } from '../helpers/serve-client.js';
import { processesIn, waitFor } from '../mcp/wait.js';

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

/** This checkout's version, the one a plugin's `npx -y peer-bridge@<version>` asks for. */
export const packageVersion = (
  JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
).version;

/** What `usePackedMarketplace` sets up for the tests of one file. */
export interface PackedMarketplace {
  /** A fresh folder for the file's tests, removed after them. */
  readonly root: string;
  /**
   * The user's project: this version of peer-bridge is in its node_modules, so a plugin's
   * `npx -y peer-bridge@<version>` finds it there instead of asking the registry, which does not
   * have this checkout's version (on a user's machine npx fetches it once into its cache).
   */
  readonly installed: Installed;
  /** The marketplace folder: the package's files as npm ships them. */
  readonly marketplace: string;
  /** Undone after each test, last first (doubles to close, servers to stop). */
  readonly cleanups: (() => unknown)[];
}

/**
 * The set-up of the tests that install a client plugin from the packed package: once per file, the
 * package packed and installed into a project and unpacked as a marketplace; after each test, its
 * cleanups, then a wait until no server the test started in the project still runs.
 */
export function usePackedMarketplace(prefix: string): PackedMarketplace {
  const made = {
    root: '',
    installed: undefined as Installed | undefined,
    marketplace: '',
    cleanups: [] as (() => unknown)[],
  };
  beforeAll(async () => {
    made.root = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
    made.installed = await installPacked(made.root);
    made.marketplace = await unpackTarball(made.installed.tarball, made.root);
  }, 300_000);
  afterAll(() => {
    if (made.root) rmSync(made.root, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const undo of made.cleanups.splice(0).reverse()) await undo();
    // The client ended; a plugin's server (and its peer) stop once their stdin closes.
    const project = made.installed?.project;
    if (project)
      await waitFor(() => processesIn(project).length === 0, 'the servers started in the project to exit', 60_000);
  });
  return {
    get root() {
      return made.root;
    },
    get installed() {
      if (!made.installed) throw new Error('the packed package is installed in beforeAll');
      return made.installed;
    },
    get marketplace() {
      return made.marketplace;
    },
    cleanups: made.cleanups,
  };
}
