// `peer-bridge doctor` on the settings: every variable of the settings table read at once, each bad
// value named with what it allows (a server would meet them one by one). The CLI as a user runs it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs, repoRoot } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-doctor-settings-');

function doctor(env: Record<string, string>): {
  status: number | null;
  settings: { level: string; detail: string; fix?: string };
} {
  const result = spawnSync(process.execPath, [...cliArgs, 'doctor', '--json', '--workspace', tempDir()], {
    cwd: repoRoot,
    env: baseEnv({ HOME: tempDir(), ...env }),
    encoding: 'utf8',
  });
  const checks = (JSON.parse(result.stdout) as { checks: Array<{ name: string; level: string; detail: string }> })
    .checks;
  return { status: result.status, settings: checks.find((check) => check.name === 'settings')! };
}

describe('doctor: settings', () => {
  it('fails naming every bad value, its variable and what is allowed, and exits 1', () => {
    const report = doctor({
      PEER_BRIDGE_PEER_WORKBENCH: 'maybe',
      PEER_BRIDGE_STATE_MAX_AGE: '1 week',
      PEER_BRIDGE_MAX_DEPTH: '2',
    });
    expect(report.status).toBe(1);
    expect(report.settings).toEqual({
      name: 'settings',
      level: 'fail',
      detail:
        'PEER_BRIDGE_STATE_MAX_AGE must be an age such as 30d, 12h or 90m, or 0 to keep files whatever their age, ' +
        'got "1 week"; fix or unset it in the environment that launched peer-bridge; ' +
        'PEER_BRIDGE_PEER_WORKBENCH must be on or off (or 1, true, yes / 0, false, no), got "maybe"; ' +
        'fix or unset it in the environment that launched peer-bridge',
      fix: 'fix or unset PEER_BRIDGE_STATE_MAX_AGE, PEER_BRIDGE_PEER_WORKBENCH (docs/bridge.md lists every variable and what it allows)',
    });
  });

  it('is ok when every value set is allowed, and names them', () => {
    const report = doctor({ PEER_BRIDGE_PEER_WORKBENCH: 'off', PEER_BRIDGE_STATE_MAX_BYTES: '512MiB' });
    // The test run sets the lock and cache folders too (test/global-setup.ts).
    expect(report.settings).toMatchObject({ name: 'settings', level: 'ok' });
    expect(report.settings.detail).toMatch(
      /^set and valid: .*PEER_BRIDGE_STATE_MAX_BYTES, .*PEER_BRIDGE_PEER_WORKBENCH/,
    );
  });
});
