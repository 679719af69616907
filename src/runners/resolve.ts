// Where a runner specifier points: a built-in, a file path, or an installed npm package (resolved
// from the config file's folder, never installed on demand).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RunnerLoadError } from './errors.js';
import { isPathSpecifier } from './config.js';
import { packageRoot } from '../package/root.js';

export const BUILT_IN_RUNNERS = ['codex', 'claude'] as const;
export type BuiltInRunner = (typeof BUILT_IN_RUNNERS)[number];

export type ResolvedSpecifier =
  | { kind: 'built-in'; id: BuiltInRunner }
  /** `packageName`: the npm package the file came from, when a short name or package name was given. */
  | { kind: 'file'; file: string; packageName?: string };

/** Where a short runner name `X` is looked for first: the package `@peer-bridge/runner-X`. */
export const RUNNER_PACKAGE_SCOPE = '@peer-bridge/runner-';

/** A short runner name (`gemini`): lower-case, no scope, no slash, not a path. */
export function isShortName(specifier: string): boolean {
  return /^[a-z][a-z0-9-]{0,63}$/.test(specifier);
}

/** The package a short name stands for (`gemini` → `@peer-bridge/runner-gemini`). */
export function runnerPackage(shortName: string): string {
  return `${RUNNER_PACKAGE_SCOPE}${shortName}`;
}

type Exports = string | { [condition: string]: Exports } | null | undefined;

// ESM-only packages have no `require` condition, so read the `import`/`default` entry ourselves.
function esmEntry(exportsField: Exports): string | null {
  if (typeof exportsField === 'string') return exportsField;
  if (!exportsField || typeof exportsField !== 'object') return null;
  const root = '.' in exportsField ? exportsField['.'] : exportsField;
  if (typeof root === 'string') return root;
  if (!root || typeof root !== 'object') return null;
  for (const condition of ['import', 'node', 'default']) {
    const found = esmEntry(root[condition]);
    if (found) return found;
  }
  return null;
}

function packageEntry(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const pkgDir = path.join(dir, 'node_modules', name);
    const manifest = path.join(pkgDir, 'package.json');
    if (existsSync(manifest)) {
      let pkg: { exports?: Exports; main?: string };
      try {
        pkg = JSON.parse(readFileSync(manifest, 'utf8')) as typeof pkg;
      } catch (error) {
        throw new RunnerLoadError(`cannot read ${manifest}: ${(error as Error).message}`, { cause: error });
      }
      const entry = esmEntry(pkg.exports) ?? pkg.main ?? 'index.js';
      return path.resolve(pkgDir, entry);
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/** Resolves a specifier; `baseDir` is the config file's folder (else the current directory). */
export function resolveSpecifier(specifier: string, baseDir: string): ResolvedSpecifier {
  if ((BUILT_IN_RUNNERS as readonly string[]).includes(specifier))
    return { kind: 'built-in', id: specifier as BuiltInRunner };
  if (isPathSpecifier(specifier)) {
    const file = path.resolve(baseDir, specifier);
    if (!existsSync(file)) throw new RunnerLoadError(`runner file ${file} does not exist`);
    return { kind: 'file', file };
  }
  if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(specifier)) {
    throw new RunnerLoadError(
      `"${specifier}" is not a runner: use codex, claude, ./file.js, an absolute path or an npm package name`,
    );
  }
  // A short name is first the project's own plugin package, then a package of that very name.
  const candidates = isShortName(specifier) ? [runnerPackage(specifier), specifier] : [specifier];
  for (const name of candidates) {
    const file = installedEntry(name, baseDir);
    if (file) return { kind: 'file', file, packageName: name };
  }
  const install = candidates[0]!;
  throw new RunnerLoadError(
    `runner package "${install}" is not installed where ${baseDir} can see it (it is never installed ` +
      `automatically): npm install ${install}`,
  );
}

// The entry file of an installed package, seen from `baseDir`, else from beside peer-bridge itself
// (`npm install peer-bridge @peer-bridge/runner-x` puts both in one node_modules, and a server may
// start elsewhere), or null.
function installedEntry(name: string, baseDir: string): string | null {
  for (const dir of [baseDir, packageRoot()]) {
    try {
      return createRequire(path.join(dir, 'noop.js')).resolve(name);
    } catch {
      const file = packageEntry(name, dir);
      if (file && existsSync(file)) return file;
    }
  }
  return null;
}
