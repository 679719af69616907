// Runs the build steps `npm run build` is made of (the addon's prebuild, the generated validators,
// dist/) only when something a step reads changed since it last succeeded here: a fresh clone's
// `npm ci` builds dist/ once and `npm test` then skips it. A step is skipped only when the content
// hash of its inputs and of its outputs are both those recorded after its last successful run
// (.cache/build/<step>.json), so an edited source, another dependency tree, a changed step or an
// output removed or touched by hand all rebuild: a stale output is never kept.
// Usage: node scripts/build-if-stale.mjs [--force] <step>...  (steps: prebuilds, validators, dist)
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamps = path.join(root, '.cache', 'build');
const tuple = `${process.platform}-${process.arch}`;
// What every step depends on: the dependency tree as installed (npm's hidden lockfile describes
// node_modules itself, the package-lock what should be there) and this script.
const COMMON = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'scripts/build-if-stale.mjs'];

/** Each step: the files and folders it reads, those it writes, and the command that makes them. */
export const STEPS = {
  prebuilds: {
    inputs: ['binding.gyp', 'native', 'scripts/copy-reaper.mjs'],
    outputs: [`prebuilds/${tuple}`],
    command: 'prebuildify --napi --strip && node scripts/copy-reaper.mjs',
  },
  validators: {
    inputs: ['schemas', 'scripts/gen-validators.ts'],
    outputs: ['src/generated/validators'],
    command: 'node --import tsx scripts/gen-validators.ts',
  },
  dist: {
    // src/ includes the validators the step before generates.
    inputs: [
      'src',
      'schemas',
      'scripts/build.ts',
      'scripts/import-meta-url.js',
      'tsconfig.json',
      'tsconfig.build.json',
    ],
    outputs: ['dist'],
    command: 'node --import tsx scripts/build.ts',
  },
};

/** sha256 over the paths (relative, sorted) and contents of every file under `entries`; absent ones count too. */
export function contentHash(entries) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    let stat;
    try {
      stat = lstatSync(full);
    } catch {
      hash.update(`absent ${relative}\0`);
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(path.join(relative, name));
    } else if (stat.isSymbolicLink()) {
      hash.update(`link ${relative} ${readlinkSync(full)}\0`);
    } else {
      // The mode too: the reaper must stay executable.
      hash.update(`file ${relative} ${stat.mode & 0o111 ? 'x' : '-'} ${stat.size}\0`);
      hash.update(readFileSync(full));
    }
  };
  for (const entry of entries) visit(entry);
  return hash.digest('hex');
}

function stampOf(name) {
  try {
    return JSON.parse(readFileSync(path.join(stamps, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether the step's outputs are those its last successful run made from the inputs as they are now. */
export function isFresh(name) {
  const step = STEPS[name];
  const stamp = stampOf(name);
  return (
    stamp !== null &&
    stamp.command === step.command &&
    stamp.inputs === contentHash([...COMMON, ...step.inputs]) &&
    step.outputs.every((output) => existsSync(path.join(root, output))) &&
    stamp.outputs === contentHash(step.outputs)
  );
}

/** Runs the step unless it is fresh; exits with the command's status when it fails. */
function run(name, force) {
  const step = STEPS[name];
  if (!force && isFresh(name)) {
    console.error(`${name}: up to date (${step.outputs.join(', ')})`);
    return;
  }
  // The stamp goes first: a step that fails or is interrupted leaves none, so it runs again.
  rmSync(path.join(stamps, `${name}.json`), { force: true });
  // Hashed before the command runs: an input edited while it runs is not what it built from.
  const inputs = contentHash([...COMMON, ...step.inputs]);
  // The package's own tools (prebuildify) are on PATH, as under `npm run`.
  const PATH = [path.join(root, 'node_modules', '.bin'), process.env.PATH ?? ''].join(path.delimiter);
  const result = spawnSync(step.command, { cwd: root, env: { ...process.env, PATH }, stdio: 'inherit', shell: true });
  if (result.status !== 0) {
    console.error(`${name}: \`${step.command}\` failed (${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  mkdirSync(stamps, { recursive: true });
  const stamp = { command: step.command, inputs, outputs: contentHash(step.outputs) };
  writeFileSync(path.join(stamps, `${name}.json`), `${JSON.stringify(stamp, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((arg) => arg !== '--force');
  const unknown = names.filter((name) => !(name in STEPS));
  if (names.length === 0 || unknown.length > 0) {
    console.error(
      `${unknown.length > 0 ? `unknown step ${unknown.join(', ')}; ` : ''}usage: node scripts/build-if-stale.mjs ` +
        `[--force] <step>... (steps: ${Object.keys(STEPS).join(', ')})`,
    );
    process.exit(2);
  }
  for (const name of names) run(name, force);
}
