// Where a runner specifier points: a built-in, a file path, or an installed npm package (resolved
// from the config file's folder, never installed on demand).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { RunnerLoadError } from './errors.js';
import { isPathSpecifier } from './config.js';

export const BUILT_IN_RUNNERS = ['codex', 'claude'] as const;
export type BuiltInRunner = (typeof BUILT_IN_RUNNERS)[number];

export type ResolvedSpecifier = { kind: 'built-in'; id: BuiltInRunner } | { kind: 'file'; file: string };

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
  try {
    return { kind: 'file', file: createRequire(path.join(baseDir, 'noop.js')).resolve(specifier) };
  } catch {
    const file = packageEntry(specifier, baseDir);
    if (file && existsSync(file)) return { kind: 'file', file };
    throw new RunnerLoadError(
      `runner package "${specifier}" is not installed where ${baseDir} can see it ` +
        '(it is never installed automatically)',
    );
  }
}
