// The settings phase on its own: a call's arguments and environment parsed into its settings, or a
// BridgeError naming what to fix, with no child, transcript or ledger line.
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callSettings } from '../../../src/bridge/call/settings.js';
import { BridgeError } from '../../../src/bridge/errors.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-call-settings-');

function workspace(): string {
  const ws = path.join(realpathSync(tempDir()), 'ws');
  mkdirSync(ws);
  return ws;
}

const call = (ws: string, extra: Record<string, unknown> = {}) =>
  ({ verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'codex', ...extra }) as never;

describe('callSettings', () => {
  it('parses the environment it is given into the call settings', () => {
    const ws = workspace();
    const env = {
      PEER_BRIDGE_DEPTH: '1',
      PEER_BRIDGE_MAX_DEPTH: '3',
      PEER_BRIDGE_MAX_WRITERS: '2',
      PEER_BRIDGE_HEARTBEAT_MS: '750',
      PEER_BRIDGE_UNREACHABLE_MS: '0',
      PEER_BRIDGE_MAX_OUTPUT_BYTES: '1024',
    };
    const settings = callSettings(call(ws, { timeout_seconds: 30, run_id: 'r-1' }), { env, caller: 'cli' });
    expect(settings).toMatchObject({
      verb: 'advise',
      task: 'Check parse().',
      workspace: ws,
      runId: 'r-1',
      budget: { seconds: 30 },
      depthLimit: 3,
      depth: { depth: 1, childDepth: 2, refusal: null },
      maxWriters: 2,
      spec: 'codex',
      caller: 'cli',
      loadOptions: { workspace: ws },
      heartbeatMs: 750,
      unreachableMs: 0,
      maxOutputBytes: 1024,
      offered: null,
    });
    expect(existsSync(path.join(ws, '.peer-bridge'))).toBe(false);
  });

  it('takes the defaults for unset child limits; the host heartbeat wins', () => {
    const ws = workspace();
    expect(callSettings(call(ws), { env: { PEER_BRIDGE_HEARTBEAT_MS: ' ' } })).toMatchObject({
      heartbeatMs: 5000,
      unreachableMs: 20_000,
      maxOutputBytes: 32 * 1024 * 1024,
      caller: 'api',
      depth: { depth: 0, refusal: null },
    });
    expect(callSettings(call(ws), { env: { PEER_BRIDGE_HEARTBEAT_MS: '750' }, heartbeatMs: 40 }).heartbeatMs).toBe(40);
    expect(callSettings(call(ws), { env: { PEER_BRIDGE_DEPTH: '1' } }).depth.refusal).toMatch(/^recursion-depth: /);
  });
});

describe('callSettings errors', () => {
  it('rejects a bad variable as invalid_environment, naming it and its value', () => {
    const ws = workspace();
    for (const [name, value] of <[string, string][]>[
      ['PEER_BRIDGE_MAX_DEPTH', '-1'],
      ['PEER_BRIDGE_DEPTH', 'deep'],
      ['PEER_BRIDGE_MAX_WRITERS', '99'],
      ['PEER_BRIDGE_STATE_MAX_AGE', 'forever'],
      ['PEER_BRIDGE_STATE_MAX_BYTES', '1TB'],
      // Child limits that once fell back to their defaults in silence.
      ['PEER_BRIDGE_HEARTBEAT_MS', 'soon'],
      ['PEER_BRIDGE_HEARTBEAT_MS', String(2 ** 31)],
      ['PEER_BRIDGE_UNREACHABLE_MS', '-5'],
      ['PEER_BRIDGE_MAX_OUTPUT_BYTES', 'lots'],
      ['PEER_BRIDGE_MAX_OUTPUT_BYTES', '0'],
      ['PEER_BRIDGE_PEER_NICE', '20'],
      ['PEER_BRIDGE_SPAWN_THREAD', 'sometimes'],
      // Only Linux runs children under the reaper; elsewhere the variable is not read.
      ...(process.platform === 'linux' ? [['PEER_BRIDGE_REAPER', path.join(ws, 'no-reaper')] as [string, string]] : []),
    ]) {
      let thrown: unknown;
      try {
        callSettings(call(ws), { env: { [name]: value } });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, name).toBeInstanceOf(BridgeError);
      expect((thrown as BridgeError).code, name).toBe('invalid_environment');
      expect((thrown as BridgeError).message, name).toContain(name);
      expect((thrown as BridgeError).message, name).toContain(value);
    }
  });

  it('refuses an implement call whose PEER_BRIDGE_PEER_WORKBENCH is not a switch, once a quiet "on"', () => {
    const ws = workspace();
    const implement = call(ws, { verb: 'implement' });
    let thrown: unknown;
    try {
      callSettings(implement, { env: { PEER_BRIDGE_PEER_WORKBENCH: 'of' } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BridgeError);
    expect((thrown as BridgeError).code).toBe('invalid_environment');
    expect((thrown as BridgeError).message).toBe(
      'PEER_BRIDGE_PEER_WORKBENCH must be on or off (or 1, true, yes / 0, false, no), got "of"; ' +
        'fix or unset it in the environment that launched peer-bridge',
    );
    expect(callSettings(implement, { env: { PEER_BRIDGE_PEER_WORKBENCH: 'NO' } }).offered).toBeNull();
  });

  it('reports the arguments before the environment, in the order callers have always seen', () => {
    const ws = workspace();
    const env = { PEER_BRIDGE_MAX_DEPTH: 'x' };
    const fieldOf = (extra: Record<string, unknown>) => {
      try {
        callSettings(call(ws, extra), { env });
      } catch (error) {
        return (error as BridgeError).field ?? (error as BridgeError).code;
      }
      return 'accepted';
    };
    expect(fieldOf({ verb: 'deploy', task: '' })).toBe('verb');
    expect(fieldOf({ task: ' ', run_id: '../x' })).toBe('task');
    expect(fieldOf({ run_id: '../x', timeout_seconds: -1 })).toBe('run_id');
    expect(fieldOf({ timeout_seconds: -1 })).toBe('timeout_seconds');
    expect(fieldOf({})).toBe('invalid_environment');
    // Effort levels are checked last, after the environment.
    expect(() => callSettings(call(ws, { effort: 'ludicrous' }), { env: {} })).toThrow(BridgeError);
    expect(fieldOf({ effort: 'ludicrous' })).toBe('invalid_environment');
  });
});
