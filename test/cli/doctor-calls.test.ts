// `peer-bridge doctor` on how many calls run at once: the pool size and the writer turns as the
// bridge reads them, and a bad value failing with its fix. The CLI as a user runs it.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { defaultMaxPeers } from '../../src/bridge/peer-pool.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs, repoRoot } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-doctor-calls-');

function callsCheck(env: Record<string, string>): { level: string; detail: string; fix?: string } {
  const result = spawnSync(process.execPath, [...cliArgs, 'doctor', '--json', '--workspace', tempDir()], {
    cwd: repoRoot,
    env: baseEnv({ HOME: tempDir(), ...env }),
    encoding: 'utf8',
  });
  const checks = (JSON.parse(result.stdout) as { checks: Array<{ name: string; level: string; detail: string }> })
    .checks;
  return checks.find((check) => check.name === 'calls')!;
}

describe('doctor: calls at once', () => {
  it('names the pool size and the writer turns in effect', () => {
    expect(callsCheck({})).toMatchObject({
      level: 'ok',
      detail: `a server runs up to ${defaultMaxPeers()} peers at once, later calls wait in line (PEER_BRIDGE_MAX_PEERS); one implement call at a time per workspace, across processes (PEER_BRIDGE_MAX_WRITERS)`,
    });
    expect(callsCheck({ PEER_BRIDGE_MAX_PEERS: '3', PEER_BRIDGE_MAX_WRITERS: '0' }).detail).toBe(
      'a server runs up to 3 peers at once, later calls wait in line (PEER_BRIDGE_MAX_PEERS); implement calls on one workspace run side by side (PEER_BRIDGE_MAX_WRITERS=0)',
    );
  });

  it('fails on a bad value, naming it and the fix', () => {
    expect(callsCheck({ PEER_BRIDGE_MAX_WRITERS: 'two' })).toMatchObject({
      level: 'fail',
      detail: expect.stringMatching(/^PEER_BRIDGE_MAX_WRITERS must be a whole number from 0 to 64 .*got "two"/),
      fix: expect.stringContaining('unset PEER_BRIDGE_MAX_PEERS and PEER_BRIDGE_MAX_WRITERS'),
    });
  });
});
