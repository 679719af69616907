// Runs the native conformance suite (test/native/conformance) against the cross-built Windows addon
// with the official Windows node.exe under Wine, through scripts/windows/test.sh. Without mingw-w64
// and Wine the test is skipped with the reason; PEER_BRIDGE_REQUIRE_WINE=1 (set by .ci/run) turns
// that skip into a failure, so CI cannot pass without running it.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/native/load.js';
import { parseTap } from './conformance/tap-summary.js';

const root = packageRoot();
const tools = ['x86_64-w64-mingw32-g++-posix', 'x86_64-w64-mingw32-dlltool', 'wine', 'winepath', 'wineserver'];
const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);

// What Wine cannot do (symlinks) or this machine may lack (a second filesystem); anything else
// skipped is a regression.
// The symlink tests skip because Wine 8 refuses fs.symlinkSync; they run on Linux and on Windows.
const allowedSkips = [
  'follow: false describes a symlink itself',
  'a lock file that is a symbolic link is refused (ELOOP), and nothing is made at its target',
  'across volumes rename and link fail EXDEV and copy nothing',
];

describe('native conformance suite on Windows node.exe under Wine', () => {
  it('cross-builds the addon and passes the suite', (ctx) => {
    if (missing.length > 0) {
      const reason = `needs mingw-w64 and Wine (missing: ${missing.join(', ')}); scripts/windows/env.sh lists the apt packages`;
      if (process.env.PEER_BRIDGE_REQUIRE_WINE === '1') throw new Error(`PEER_BRIDGE_REQUIRE_WINE=1 but ${reason}`);
      ctx.skip(reason);
    }
    const work = mkdtempSync(path.join(os.tmpdir(), 'pb-wine-'));
    ctx.onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const tapFile = path.join(work, 'conformance.tap');
    const logFile = path.join(work, 'test-run.log');
    // Output to files, not pipes: Wine cannot write to a pipe, and a lingering wineserver would
    // hold one open.
    const log = openSync(logFile, 'w');
    const run = spawnSync('bash', [path.join(root, 'scripts/windows/test.sh')], {
      cwd: root,
      env: { ...process.env, PEER_BRIDGE_WINE_TAP: tapFile },
      stdio: ['ignore', log, log],
      timeout: 600_000,
    });
    closeSync(log);
    if (!existsSync(tapFile)) {
      throw new Error(`scripts/windows/test.sh exited ${run.status} before the suite ran:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    const tap = readFileSync(tapFile, 'utf8');
    const summary = parseTap(tap);
    expect(summary.failed, tap.slice(-4000)).toEqual([]);
    expect(run.status).toBe(0);
    expect(summary.fail).toBe(0);
    expect(Object.keys(summary.skips).filter((name) => !allowedSkips.includes(name))).toEqual([]);
    expect(summary.pass).toBe(summary.tests - Object.keys(summary.skips).length);
    for (const name of [
      'statPath identity equals fs.statSync(p, { bigint: true }) dev and ino',
      'names outside ASCII (Chinese) work for stat, rename and link',
      'renameNoReplace onto an existing file fails EEXIST and leaves both files untouched',
      'forced rename strategy FileRenameInfoEx: moves, and refuses an existing target',
      'forced rename strategy MoveFileExW: moves, and refuses an existing target',
      'an exclusive lock held by another process is EAGAIN, and free after it releases',
      'ctime moves on chmod while the content and mtime stay',
      'paths longer than MAX_PATH (260) work',
      'a file open in this process can be renamed, and its descriptor follows it',
    ]) {
      expect(summary.passed).toContain(name);
    }
  }, 660_000);
});
