// The package as a user gets it: `npm pack` of this checkout installed into a fresh project with
// `npm install --prefer-offline` (the registry is asked for what the npm cache lacks, so this
// works on a fresh machine), with the package's real install script.
// Packing and installing are done once per test run and content (test/global-setup.ts gives the
// run its folder; the key is a hash of every file the package ships): the first test file that
// needs the tarball packs it, the first that needs an installed project installs it, and the
// others get a copy of that folder, byte for byte what the same `npm install` makes. Several
// test files asking at once may each make one; the first to rename it into place wins, and the
// others use it.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
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

/** sha256 of the paths and contents of what `npm pack` ships (package.json's `files`, and more: a superset is safe). */
function packageKey(): string {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { files: string[] };
  const entries = ['package.json', 'README.md', 'LICENSE', ...pkg.files.filter((entry) => !entry.startsWith('!'))];
  const hash = createHash('sha256');
  const visit = (relative: string) => {
    const full = path.join(repoRoot, relative);
    if (!existsSync(full)) return void hash.update(`absent ${relative}\0`);
    const stat = lstatSync(full);
    if (stat.isDirectory()) for (const name of readdirSync(full).sort()) visit(path.join(relative, name));
    else if (stat.isSymbolicLink()) hash.update(`link ${relative} ${readlinkSync(full)}\0`);
    else hash.update(`file ${relative} ${stat.mode & 0o111 ? 'x' : '-'}\0`).update(readFileSync(full));
  };
  for (const entry of entries) visit(entry);
  return hash.digest('hex').slice(0, 16);
}

/** The folder `name` in this run's shared folder, made by `make` into a fresh folder and renamed into place. */
async function shared(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const parent = inject('sharedDir');
  if (!parent) throw new Error("no shared folder: run the tests with the project's vitest.config.ts");
  const target = path.join(parent, name);
  if (existsSync(target)) return target;
  const partial = mkdtempSync(path.join(parent, `${name}.partial-`));
  try {
    await make(partial);
    renameSync(partial, target);
  } catch (error) {
    // Another test file made it first (rename onto a non-empty folder fails): use that one.
    if (!existsSync(target)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return target;
}

/** Packs the checkout (dist/ and prebuilds/ must be built), once per run and content; returns the tarball's path. */
export async function sharedTarball(): Promise<string> {
  const tuple = `${process.platform}-${process.arch}`;
  if (
    !existsSync(path.join(repoRoot, 'prebuilds', tuple)) ||
    !existsSync(path.join(repoRoot, 'dist', 'cli', 'main.cjs'))
  ) {
    throw new Error('prebuilds/ or dist/ missing: run `npm run build` first (npm test does)');
  }
  const key = packageKey();
  const dir = await shared(`pack-${key}`, async (out) => {
    // --ignore-scripts: the build already ran; prepack would rebuild the native addon.
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', out], { cwd: repoRoot, env: npmEnv });
  });
  const [name] = readdirSync(dir).filter((file) => file.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack left no tarball in ${dir}`);
  // Packed from what the key hashed, not from files changed since: a rebuild mid-run is a new key.
  if (packageKey() !== key) throw new Error('the package changed while it was packed (a build during the run?)');
  return path.join(dir, name);
}

/** The shared tarball, linked into `<dir>/pack` (where a per-file pack used to go); returns its path there. */
export async function packTarball(dir: string): Promise<string> {
  const tarball = await sharedTarball();
  return linkInto(tarball, path.join(dir, 'pack'));
}

/** A hard link to `file` in `dir` (a copy across filesystems); returns its path. */
function linkInto(file: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const local = path.join(dir, path.basename(file));
  if (existsSync(local)) return local;
  try {
    linkSync(file, local);
  } catch {
    copyFileSync(file, local);
  }
  return local;
}

/** `npm install` of `specs` into the folder `prefix`, as npm does for a user (install scripts run). */
export async function npmInstall(prefix: string, specs: string[]): Promise<void> {
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', prefix, ...specs], {
    cwd: prefix,
    env: npmEnv,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * The packed package as `npm install --prefix <prefix> <tarball>` leaves `<prefix>` when it holds
 * `files` beforehand: installed once per run and content, then copied (symlinks as they are).
 * Returns the shared tarball it was installed from.
 */
export async function installedCopy(prefix: string, files: Record<string, string> = {}): Promise<string> {
  const tarball = await sharedTarball();
  const key = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 8);
  const template = await shared(`installed-${path.basename(path.dirname(tarball))}-${key}`, async (dir) => {
    const project = path.join(dir, 'project');
    mkdirSync(project);
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(project, name), text);
    // From `../pack/`, as installPacked lays out its copies: npm records the tarball by that relative path.
    const pack = path.join(dir, 'pack');
    mkdirSync(pack);
    await npmInstall(project, [linkInto(tarball, pack)]);
  });
  mkdirSync(prefix, { recursive: true });
  cpSync(path.join(template, 'project'), prefix, { recursive: true, verbatimSymlinks: true });
  return tarball;
}

/** Unpacks the tarball into `<dir>/package`: the package's files exactly as npm ships them. */
export async function unpackTarball(tarball: string, dir: string): Promise<string> {
  await run('tar', ['-xzf', tarball, '-C', dir]);
  return path.join(dir, 'package');
}

/** The packed checkout (dist/ and prebuilds/ must be built) installed into `<dir>/project`. */
export async function installPacked(dir: string): Promise<Installed> {
  const project = path.join(dir, 'project');
  const shared = await installedCopy(project, {
    'package.json': JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  });
  // Beside the project, where npm's record of the install points.
  const tarball = linkInto(shared, path.join(dir, 'pack'));
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
