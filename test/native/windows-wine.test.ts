// Runs the native conformance suite (test/native/conformance) against the cross-built Windows addon
// with the official Windows node.exe under Wine, through scripts/windows/test.sh, and then
// `peer-bridge acceptance` from the packed package installed for win32 (scripts/windows/acceptance.sh).
// Without mingw-w64
// and Wine the test is skipped with the reason; PEER_BRIDGE_REQUIRE_WINE=1 (set by .ci/run) turns
// that skip into a failure, so CI cannot pass without running it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { passedSteps, runInWine, wineResult } from '../helpers/wine.js';
import { parseTap } from './conformance/tap-summary.js';

// What Wine cannot do (symlinks) or this machine may lack (a second filesystem); anything else
// skipped is a regression.
// The symlink tests skip because Wine 8 refuses fs.symlinkSync; they run on Linux and on Windows.
const allowedSkips = [
  'follow: false describes a symlink itself',
  'a lock file that is a symbolic link is refused (ELOOP), and nothing is made at its target',
  'across volumes rename and link fail EXDEV and copy nothing',
  'retaking a parked lock whose file was removed holds nothing and says so',
];

// The acceptance and package scripts install the packed package for win32 the same way: once per
// run, in the run's shared folder (scripts/windows/env.sh).
const shared = () => ({ PEER_BRIDGE_WINE_SHARED: inject('sharedDir') });

// What Wine cannot show; each must say why, and nothing else may be missing or failing.
const notVerifiableUnderWine = ['windows-file-id', 'rename-by-handle', 'acl-change-ctime'];

describe('the package on Windows node.exe under Wine', () => {
  it('cross-builds the addon and passes the native conformance suite', (ctx) => {
    const run = runInWine(ctx, 'scripts/windows/test.sh', 'pb-wine-', 600_000, (work) => ({
      PEER_BRIDGE_WINE_TAP: path.join(work, 'conformance.tap'),
    }));
    const tap = wineResult(run, 'conformance.tap');
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

  it('runs `peer-bridge acceptance` from the packed package installed for win32', (ctx) => {
    const run = runInWine(ctx, 'scripts/windows/acceptance.sh', 'pb-wine-acceptance-', 1_000_000, (work) => ({
      PEER_BRIDGE_WINE_OUT: work,
      ...shared(),
    }));
    const report = JSON.parse(wineResult(run, 'report.json')) as {
      host: string;
      platform: string;
      rows: Array<{ id: string; result: string; evidence: string }>;
    };
    expect(report).toMatchObject({ host: 'wine', platform: 'win32-x64' });
    const failed = report.rows.filter((row) => row.result === 'fail');
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(run.status).toBe(0);
    const notVerifiable = report.rows.filter((row) => row.result === 'not-verifiable-here');
    expect(notVerifiable.map((row) => row.id).sort()).toEqual([...notVerifiableUnderWine].sort());
    for (const row of notVerifiable) expect(row.evidence).toMatch(/Wine/);
    expect(report.rows.length).toBeGreaterThanOrEqual(17);
    expect(report.rows.find((row) => row.id === 'platform-facts')?.evidence).toContain('stat=FileIdInfo');
    expect(readFileSync(path.join(run.work, 'report.md'), 'utf8')).toContain('| cycle-chinese-path |');
  }, 1_100_000);

  it('serves the workbench over MCP and runs doctor, run (runner plugin) and runs on node.exe', (ctx) => {
    const run = runInWine(ctx, 'scripts/windows/package.sh', 'pb-wine-package-', 700_000, (work) => ({
      PEER_BRIDGE_WINE_OUT: work,
      ...shared(),
    }));
    const { steps } = passedSteps(run);
    expect(steps.map((step) => step.name)).toEqual([
      'workbench MCP server over stdio',
      'doctor --json',
      'run with a runner plugin and its fixture CLI',
      'runs --json',
    ]);
    // doctor names the binary it loaded: the win32 prebuild of the installed package.
    expect(steps[1]!.detail).toMatch(/loaded .*node_modules\\peer-bridge\\prebuilds\\win32-x64\\peer-bridge\.node/);
    expect(run.status).toBe(0);
  }, 760_000);
});
