// doctor's checks of an installed runner plugin (@peer-bridge/runner-gemini, linked by the npm
// workspace) with the real Gemini CLI: the grant it lacks and the line that fixes it, the CLI's
// version, its credentials, and a --live call against the scripted Gemini API double.
import { mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnosis } from '../../src/cli/doctor.js';
import { answer } from '../helpers/peers.js';
import { geminiEnv } from '../helpers/gemini.js';
import { startGeminiDouble } from '../doubles/gemini-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { useRestoredEnv } from '../helpers/restore-env.js';

const tempDir = useTempDir('peer-bridge-doctor-plugins-');
const closers = useRestoredEnv();

async function setup(granted: boolean) {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  const double = await startGeminiDouble([{ kind: 'answer', answer: answer({ verdict: 'ok' }) }]);
  closers.push(double.close);
  const env = geminiEnv(double.origin, dir);
  if (!granted) delete env.PEER_BRIDGE_CONFIG;
  // Only Gemini: the built-in runners' CLIs are out of reach, so the plugin alone decides readiness.
  process.env = {
    PATH: '/usr/bin:/bin',
    ...env,
    PEER_BRIDGE_CODEX_BIN: path.join(dir, 'no-codex'),
    PEER_BRIDGE_CLAUDE_BIN: path.join(dir, 'no-claude'),
  };
  return { ws, double };
}

const named = (checks: { name: string }[], name: string) => checks.find((c) => c.name === name);

describe('doctor with the Gemini runner plugin', () => {
  it('fails the plugin without a grant and prints the config entry that grants its manifest', async () => {
    const { ws } = await setup(false);
    const { checks } = await diagnosis(ws, { env: process.env });
    expect(named(checks, 'gemini')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('is not granted run: "gemini"'),
      fix: expect.stringContaining('{"runners":{"gemini":{"grant":{"run":["gemini"]'),
    });
    expect(named(checks, 'gemini-auth')).toMatchObject({ level: 'ok', detail: 'credentials: GEMINI_API_KEY' });
  });

  it('reports the CLI version and credentials, and --live makes one call through the plugin', async () => {
    const { ws, double } = await setup(true);
    const { checks } = await diagnosis(ws, { env: process.env, live: true });
    expect(named(checks, 'gemini')).toMatchObject({ level: 'ok', detail: expect.stringMatching(/^0\.61\.0 \(/) });
    expect(named(checks, 'gemini-live')).toMatchObject({ level: 'ok', detail: expect.stringContaining('answered in') });
    expect(named(checks, 'default')).toBeDefined();
    expect(double.requests.some((r) => r.url.includes(':streamGenerateContent'))).toBe(true);
  });
});
