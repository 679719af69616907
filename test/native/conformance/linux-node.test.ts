// Runs the cross-platform conformance suite with this machine's node and the Linux addon — the same
// files scripts/windows/test.sh runs with Windows node.exe under Wine.
import { spawnSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../../src/native/load.js';
import { statPath } from '../../../src/native/index.js';
import { conformanceDir, conformanceFiles, parseTap } from './tap-summary.js';
import { mountTmpfs } from '../../helpers/privileged.js';

const require = createRequire(import.meta.url);
// The binary the package itself loads here, unless the caller names one.
const addon =
  process.env.PEER_BRIDGE_NATIVE_PATH ??
  (require('node-gyp-build') as { path(dir: string): string }).path(packageRoot());

const notLinux =
  process.platform === 'linux'
    ? ''
    : `this wrapper pins Linux results; on ${process.platform} run \`node --test test/native/conformance/*.test.mjs\``;

describe('native conformance suite on Linux node', () => {
  it('passes every test, skipping only what Linux cannot report', (ctx) => {
    if (notLinux) ctx.skip(notLinux);
    // A second filesystem for the EXDEV test, made here where we may mount (always in CI, as root).
    const otherVolume = path.join(mkdtempSync(path.join(os.tmpdir(), 'pb-conf-vol-')), 'mnt');
    const unmount = process.getuid?.() === 0 || process.env.CI === 'true' ? mountTmpfs(ctx, otherVolume) : undefined;
    let run;
    try {
      run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', ...conformanceFiles()], {
        env: {
          ...process.env,
          PEER_BRIDGE_NATIVE_PATH: addon,
          PEER_BRIDGE_NATIVE_FORCE: '',
          ...(unmount ? { PEER_BRIDGE_CONFORMANCE_OTHER_VOLUME: otherVolume } : {}),
        },
        encoding: 'utf8',
        timeout: 120_000,
      });
    } finally {
      unmount?.();
    }
    const summary = parseTap(run.stdout);
    expect(summary.failed, run.stdout.slice(-4000)).toEqual([]);
    expect(run.status).toBe(0);
    expect(summary.fail).toBe(0);
    // Skips allowed only where this machine lacks the thing (each with the suite's reason).
    const allowed = [
      'birthtime is reported where the platform records it',
      ...(unmount ? [] : ['across volumes rename and link fail EXDEV and copy nothing']),
    ];
    expect(Object.keys(summary.skips).filter((name) => !allowed.includes(name))).toEqual([]);
    expect(summary.pass).toBe(summary.tests - Object.keys(summary.skips).length);
    for (const name of [
      'statPath identity equals fs.statSync(p, { bigint: true }) dev and ino',
      'renameNoReplace onto an existing file fails EEXIST and leaves both files untouched',
      'an exclusive lock held by another process is EAGAIN, and free after it releases',
      'forced rename strategy link-unlink: moves, and refuses an existing target',
      'ctime moves on chmod while the content and mtime stay',
    ]) {
      expect(summary.passed).toContain(name);
    }
  });

  it("decodes stats exactly as the package's typed API does", async (ctx) => {
    if (notLinux) ctx.skip(notLinux);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pb-conf-decode-'));
    const saved = process.env.PEER_BRIDGE_NATIVE_PATH;
    try {
      const file = path.join(dir, '文件.txt');
      writeFileSync(file, 'abc');
      process.env.PEER_BRIDGE_NATIVE_PATH = addon;
      const helpers = (await import(pathToFileURL(path.join(conformanceDir, 'helpers.mjs')).href)) as {
        loadAddon(): { statPath(p: string, follow: boolean): unknown };
      };
      expect(helpers.loadAddon().statPath(file, true)).toEqual(statPath(file));
    } finally {
      if (saved === undefined) delete process.env.PEER_BRIDGE_NATIVE_PATH;
      else process.env.PEER_BRIDGE_NATIVE_PATH = saved;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
