// The `codex` bin of the @openai/codex npm package is a Node script (bin/codex.js) that finds the
// platform binary and starts it: a whole Node start-up (≈ 50 ms, more with NODE_EXTRA_CA_CERTS)
// on every call. When the binary can be found the way that script finds it, the bridge starts it
// directly with the variables the script would have added; otherwise it starts the script.
// Mirrors bin/codex.js of @openai/codex 0.171.0 (findCodexExecutable, detectPackageManager).
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RefineContext } from '../executable.js';
import type { ExecutableLaunch } from '../run-scope.js';

export const PLATFORM_PACKAGE_BY_TARGET: Readonly<Record<string, string>> = {
  'x86_64-unknown-linux-musl': '@openai/codex-linux-x64',
  'aarch64-unknown-linux-musl': '@openai/codex-linux-arm64',
  'x86_64-apple-darwin': '@openai/codex-darwin-x64',
  'aarch64-apple-darwin': '@openai/codex-darwin-arm64',
  'x86_64-pc-windows-msvc': '@openai/codex-win32-x64',
  'aarch64-pc-windows-msvc': '@openai/codex-win32-arm64',
};

const MANAGED_BY = {
  npm: 'CODEX_MANAGED_BY_NPM',
  bun: 'CODEX_MANAGED_BY_BUN',
  pnpm: 'CODEX_MANAGED_BY_PNPM',
  'vite-plus': 'CODEX_MANAGED_BY_VITE_PLUS',
} as const;
type PackageManager = keyof typeof MANAGED_BY;

/** The wrapper's target triple for a platform and architecture; null when it supports neither. */
export function targetTriple(platform: string = process.platform, arch: string = process.arch): string | null {
  const cpu = arch === 'x64' ? 'x86_64' : arch === 'arm64' ? 'aarch64' : null;
  if (!cpu) return null;
  if (platform === 'linux' || platform === 'android') return `${cpu}-unknown-linux-musl`;
  if (platform === 'darwin') return `${cpu}-apple-darwin`;
  if (platform === 'win32') return `${cpu}-pc-windows-msvc`;
  return null;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The @openai/codex versions whose bin/codex.js this file mirrors. Another version's wrapper may
 * find the binary or set variables differently (older ones also extended PATH), so it is started
 * as it is: slower by one Node start, never different. Add a version after reading its wrapper.
 */
const MIRRORED_VERSIONS = /^0\.171\.\d+$/;

function isCodexPackage(root: string): boolean {
  const pkg = readJson(path.join(root, 'package.json')) as { name?: unknown; version?: unknown } | undefined;
  return (
    pkg?.name === '@openai/codex' &&
    typeof pkg.version === 'string' &&
    MIRRORED_VERSIONS.test(pkg.version) &&
    existsSync(path.join(root, 'bin', 'codex.js'))
  );
}

// The @openai/codex folder behind `file`: its bin/codex.js by symlink (npm, pnpm and bun on POSIX),
// or a Windows shim (codex.cmd / codex.ps1) next to node_modules/@openai/codex or inside
// node_modules/.bin. Returns the package folder as the wrapper's entry point would see it.
function wrapperOf(file: string): { packageRoot: string; entrypointDir: string } | null {
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return null;
  }
  if (path.basename(real) === 'codex.js' && path.basename(path.dirname(real)) === 'bin') {
    const root = path.dirname(path.dirname(real));
    return isCodexPackage(root)
      ? { packageRoot: realpathSync(root), entrypointDir: path.dirname(path.resolve(file)) }
      : null;
  }
  if (process.platform !== 'win32' || !/\.(cmd|ps1)$/i.test(file)) return null;
  const dir = path.dirname(path.resolve(file));
  for (const root of [path.join(dir, 'node_modules', '@openai', 'codex'), path.join(dir, '..', '@openai', 'codex')]) {
    if (isCodexPackage(root)) {
      const packageRoot = realpathSync(root);
      return { packageRoot, entrypointDir: path.join(packageRoot, 'bin') };
    }
  }
  return null;
}

function findBinary(packageRoot: string, triple: string, platform: string): string | null {
  const platformPackage = PLATFORM_PACKAGE_BY_TARGET[triple]!;
  // The wrapper's own require: from its real location.
  const require = createRequire(path.join(packageRoot, 'bin', 'codex.js'));
  let vendorRoot: string;
  try {
    vendorRoot = path.join(path.dirname(require.resolve(`${platformPackage}/package.json`)), 'vendor');
  } catch {
    vendorRoot = path.join(packageRoot, 'vendor');
  }
  const binary = path.join(vendorRoot, triple, 'bin', platform === 'win32' ? 'codex.exe' : 'codex');
  try {
    return statSync(binary).isFile() ? binary : null;
  } catch {
    return null;
  }
}

function isPnpmOwned(nodeModulesDir: string, packageRoot: string): boolean {
  if (!existsSync(path.join(nodeModulesDir, '.modules.yaml'))) return false;
  try {
    return realpathSync(path.join(nodeModulesDir, '@openai', 'codex')) === packageRoot;
  } catch {
    return false;
  }
}

function isVitePlusOwned(packagesDir: string, packageRoot: string): boolean {
  if (path.basename(packagesDir) !== 'packages') return false;
  try {
    const metadata = readJson(path.join(packagesDir, '@openai', 'codex.json')) as
      { name?: unknown; installId?: unknown } | undefined;
    if (metadata?.name !== '@openai/codex') return false;
    const installId = typeof metadata.installId === 'string' ? metadata.installId : '';
    const installDir = installId.startsWith('#')
      ? path.join(packagesDir, `@openai/codex${installId}`)
      : path.join(packagesDir, '@openai/codex', installId);
    for (const nodeModulesDir of [
      path.join(installDir, 'lib', 'node_modules'),
      path.join(installDir, 'node_modules'),
    ]) {
      const root = path.join(nodeModulesDir, '@openai', 'codex');
      if (existsSync(root) && realpathSync(root) === packageRoot) return true;
    }
  } catch {
    // As in the wrapper: unreadable ownership metadata means "not Vite+".
  }
  return false;
}

// The wrapper's detectPackageManager, run with the environment the wrapper would have had (the
// child's). "npm" and "none found" set the same variable.
function packageManager(
  packageRoot: string,
  entrypointDir: string,
  env: Readonly<Record<string, string>>,
): PackageManager {
  for (const startDir of new Set([packageRoot, entrypointDir])) {
    const root = path.parse(startDir).root;
    for (let dir = startDir; dir !== root; dir = path.dirname(dir)) {
      if (isVitePlusOwned(dir, packageRoot)) return 'vite-plus';
      if (isPnpmOwned(path.join(dir, 'node_modules'), packageRoot)) return 'pnpm';
    }
    if (isPnpmOwned(path.join(root, 'node_modules'), packageRoot)) return 'pnpm';
  }
  if (/\bbun\//.test(env.npm_config_user_agent ?? '')) return 'bun';
  if ((env.npm_execpath ?? '').includes('bun')) return 'bun';
  const binDir = path.join(packageRoot, 'bin');
  if (binDir.includes('.bun/install/global') || binDir.includes('.bun\\install\\global')) return 'bun';
  return 'npm';
}

/**
 * How to start the native Codex binary that the npm wrapper `file` would start, and the variables
 * the wrapper would set for it (CODEX_MANAGED_PACKAGE_ROOT, one CODEX_MANAGED_BY_*); null when
 * `file` is not that wrapper or its binary is not installed (then the wrapper is started, and
 * reports what is missing). `env` is the environment the child would get.
 */
export function codexNativeLaunch(file: string, env: Readonly<Record<string, string>> = {}): ExecutableLaunch | null {
  const triple = targetTriple();
  if (!triple) return null;
  const wrapper = wrapperOf(file);
  if (!wrapper) return null;
  const binary = findBinary(wrapper.packageRoot, triple, process.platform);
  if (!binary) return null;
  const manager = packageManager(wrapper.packageRoot, wrapper.entrypointDir, env);
  return {
    file: binary,
    env: { CODEX_MANAGED_PACKAGE_ROOT: wrapper.packageRoot, [MANAGED_BY[manager]]: '1' },
    unset: Object.values(MANAGED_BY),
  };
}

/** The codex runner's refineExecutable: the native binary for the npm wrapper, unless the user named the file. */
export function refineCodexExecutable(command: string, file: string, how: RefineContext): string | ExecutableLaunch {
  if (command !== 'codex' || how.given) return file;
  return codexNativeLaunch(file, how.childEnv) ?? file;
}
