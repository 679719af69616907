import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodedError } from '../errors.js';
import { readSetting } from '../settings/read.js';
import type { RawBinding } from './raw.js';

const require = createRequire(import.meta.url);

/**
 * How to build the addon (and the reaper) in an installed package. npm 12 and later skip a
 * dependency's install script until the project approves it, so on a platform without a prebuilt
 * binary an install leaves nothing built, and `npm rebuild` alone still skips it.
 */
export const BUILD_FROM_SOURCE_HINT =
  'build it in the project: `npm rebuild peer-bridge` ' +
  '(npm 12 and later first need `npm install-scripts approve peer-bridge`, ' +
  'or `--allow-scripts=peer-bridge` for a global install); this needs python3, make and a C++ compiler';

/** Thrown when no native binary for this platform could be loaded. */
export class NativeLoadError extends CodedError<'ERR_PEER_BRIDGE_NATIVE_LOAD'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('ERR_PEER_BRIDGE_NATIVE_LOAD', message, options);
  }
}

// The package root is found from this file, so the loader works from src/ (tests) and dist/.
export function packageRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'peer-bridge') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new NativeLoadError(`peer-bridge: cannot find the package root above ${from}`);
    dir = parent;
  }
}

// Where node-gyp-build looks for the addon, in its order.
function binaryFolders(root: string): string[] {
  const tuple = `${process.platform}-${process.arch}`;
  const tried = [];
  if (!readSetting('PREBUILDS_ONLY')) {
    tried.push(path.join(root, 'build', 'Release'), path.join(root, 'build', 'Debug'));
  }
  tried.push(path.join(root, 'prebuilds', tuple));
  return tried;
}

const BINARY_NAMES = ['peer-bridge.node', 'peer_bridge.node'];

// The addon where node-gyp-build would find it, in this package's own layout: build/Release,
// build/Debug (unless PREBUILDS_ONLY), then prebuilds/<platform>-<arch>; in build/ as
// peer_bridge.node (binding.gyp's target, what `npm install` builds from source when no prebuild
// fits), in prebuilds/ as peer-bridge.node (prebuildify --napi --strip names it by the package). Looked up
// directly rather than through node-gyp-build: loading it and listing its folders took 4-5 ms of
// every start of the CLI, and dist/ must run without node_modules (a Claude Code plugin install,
// an MCP bundle). node-gyp-build is the install script's: it builds from source when no prebuild
// is there; the file it would load is this one.
function directBinary(root: string): string | undefined {
  return binaryFolders(root)
    .flatMap((dir) => BINARY_NAMES.map((name) => path.join(dir, name)))
    .find((file) => existsSync(file));
}

/**
 * Loads the addon: PEER_BRIDGE_NATIVE_PATH (an explicit .node file) when set, else the file
 * node-gyp-build would pick in the package root (build/ first, then prebuilds/<platform>-<arch>;
 * PREBUILDS_ONLY=1 skips build/).
 */
export function loadBinding(root = packageRoot()): RawBinding {
  return loadBindingFrom(root).binding;
}

/** Loads the addon as loadBinding does, and says which file it loaded. */
export function loadBindingFrom(root = packageRoot()): { binding: RawBinding; file: string } {
  const override = readSetting('PEER_BRIDGE_NATIVE_PATH');
  if (override) {
    try {
      return { binding: require(path.resolve(override)) as RawBinding, file: path.resolve(override) };
    } catch (cause) {
      throw new NativeLoadError(
        `peer-bridge: PEER_BRIDGE_NATIVE_PATH=${override} could not be loaded: ${(cause as Error).message}`,
        { cause },
      );
    }
  }
  const file = directBinary(root);
  try {
    if (!file) throw new Error(`no ${BINARY_NAMES.join(' or ')} in any of these folders`);
    return { binding: require(file) as RawBinding, file };
  } catch (cause) {
    const tried = binaryFolders(root)
      .map((p) => `  - ${p}`)
      .join('\n');
    throw new NativeLoadError(
      `peer-bridge: no native binary loads for ${process.platform}-${process.arch} ` +
        `(Node ${process.versions.node}, N-API ${process.versions.napi}).\nLooked in:\n${tried}\n` +
        `Cause: ${(cause as Error).message}\n` +
        'Fix: reinstall the package (npm install peer-bridge) so its prebuilt binary is used, ' +
        `or ${BUILD_FROM_SOURCE_HINT}.`,
      { cause },
    );
  }
}
