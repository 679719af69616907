import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NativeLoadError, loadBinding, loadBindingFrom, packageRoot } from '../../src/native/load.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir();
const root = packageRoot();

afterEach(() => {
  delete process.env.PEER_BRIDGE_NATIVE_PATH;
});

describe('the native loader', () => {
  it('finds the package root from its own folder', () => {
    expect(path.join(root, 'package.json')).toBe(
      path.join(packageRoot(path.join(root, 'src', 'native')), 'package.json'),
    );
  });

  it('loads the prebuilt binary from compiled dist/ when PREBUILDS_ONLY forbids local builds', () => {
    const script =
      "import { createRequire } from 'node:module';" +
      "const m = await import('peer-bridge/native');" +
      'const require = createRequire(import.meta.url);' +
      // Before node-gyp-build is loaded here: the loader found the file without it.
      "const loader = Object.keys(require.cache).some((file) => file.includes('node-gyp-build'));" +
      "const which = require('node-gyp-build').resolve(process.cwd());" +
      'console.log(JSON.stringify({ platform: m.backend.platform, binary: m.backend.binary, which, loader }));';
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, PREBUILDS_ONLY: '1' },
      encoding: 'utf8',
    });
    const { platform, binary, which, loader } = JSON.parse(out);
    expect(platform).toBe(process.platform);
    expect(binary).toBe(which);
    expect(loader).toBe(false);
    expect(path.relative(root, which)).toBe(
      path.join('prebuilds', `${process.platform}-${process.arch}`, 'peer-bridge.node'),
    );
  });

  it('picks the file node-gyp-build would: a local build before the prebuilt one, unless PREBUILDS_ONLY', () => {
    const nodeGypBuild = createRequire(import.meta.url)('node-gyp-build') as { resolve(dir: string): string };
    const pkg = tempDir();
    writeFileSync(path.join(pkg, 'package.json'), '{"name":"peer-bridge"}');
    const tuple = `${process.platform}-${process.arch}`;
    for (const dir of [path.join('build', 'Release'), path.join('prebuilds', tuple)]) {
      mkdirSync(path.join(pkg, dir), { recursive: true });
      copyFileSync(path.join(root, 'prebuilds', tuple, 'peer-bridge.node'), path.join(pkg, dir, 'peer-bridge.node'));
    }
    try {
      for (const [only, chosen] of [
        [undefined, path.join(pkg, 'build', 'Release', 'peer-bridge.node')],
        ['1', path.join(pkg, 'prebuilds', tuple, 'peer-bridge.node')],
      ] as const) {
        if (only) process.env.PREBUILDS_ONLY = only;
        // node-gyp-build reads PREBUILDS_ONLY once, when it loads (the test above runs it so).
        else expect(nodeGypBuild.resolve(pkg)).toBe(chosen);
        const { binding, file } = loadBindingFrom(pkg);
        expect(file).toBe(chosen);
        expect(binding.backend.platform).toBe(process.platform);
      }
    } finally {
      delete process.env.PREBUILDS_ONLY;
    }
  });

  it('says which places it tried and how to fix it when no binary loads', () => {
    const empty = tempDir();
    mkdirSync(path.join(empty, 'prebuilds'));
    writeFileSync(path.join(empty, 'package.json'), '{"name":"peer-bridge"}');
    let error: unknown;
    try {
      loadBinding(empty);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NativeLoadError);
    const message = (error as Error).message;
    expect(message).toContain(path.join(empty, 'build', 'Release'));
    expect(message).toContain(path.join(empty, 'prebuilds', `${process.platform}-${process.arch}`));
    expect(message).toContain('Fix:');
    // npm 12 skips the package's install script until approved: the fix says how to approve it.
    expect(message).toContain('npm rebuild peer-bridge');
    expect(message).toContain('npm install-scripts approve peer-bridge');
    expect((error as NativeLoadError).code).toBe('ERR_PEER_BRIDGE_NATIVE_LOAD');
  });

  it('names the file it found and why it did not load, without going through node-gyp-build', () => {
    const pkg = tempDir();
    writeFileSync(path.join(pkg, 'package.json'), '{"name":"peer-bridge"}');
    const tuple = `${process.platform}-${process.arch}`;
    mkdirSync(path.join(pkg, 'prebuilds', tuple), { recursive: true });
    const broken = path.join(pkg, 'prebuilds', tuple, 'peer-bridge.node');
    writeFileSync(broken, 'not a shared library');
    process.env.PREBUILDS_ONLY = '1';
    try {
      expect(() => loadBinding(pkg)).toThrow(NativeLoadError);
      expect(() => loadBinding(pkg)).toThrow(new RegExp(`Cause: .*${broken.replace(/[.\\]/g, '\\$&')}`));
      expect(() => loadBinding(pkg)).toThrow(/Fix: reinstall the package/);
    } finally {
      delete process.env.PREBUILDS_ONLY;
    }
  });

  it('honours an explicit binary path, and names it when it cannot be loaded', () => {
    const nodeGypBuild = createRequire(import.meta.url)('node-gyp-build') as { resolve(dir: string): string };
    process.env.PEER_BRIDGE_NATIVE_PATH = nodeGypBuild.resolve(root);
    expect(loadBinding(tempDir()).backend.platform).toBe(process.platform);
    const bogus = path.join(tempDir(), 'nothing.node');
    process.env.PEER_BRIDGE_NATIVE_PATH = bogus;
    expect(() => loadBinding()).toThrow(NativeLoadError);
    expect(() => loadBinding()).toThrow(bogus);
  });
});
