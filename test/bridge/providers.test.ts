// A user's own model provider through the bridge, with the real Codex CLI: a provider whose
// `env_key` is not one of the runner's variables works once the user passes that variable.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import { codexConfigToml } from '../doubles/codex-config.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, codexBin } from '../helpers/peers.js';

const tempDir = useTempDir('peer-bridge-providers-');
const doubles: { close(): Promise<void> }[] = [];
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(async () => {
  process.env = saved;
  for (const d of doubles.splice(0)) await d.close();
});

/** A CODEX_HOME whose provider "acme" (the double) takes its key from ACME_MODEL_KEY. */
async function acmeProvider() {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  const home = path.join(dir, 'codex-home');
  mkdirSync(ws);
  mkdirSync(home);
  const double = await startResponsesDouble([{ kind: 'answer', answer: answer() }]);
  doubles.push(double);
  writeFileSync(
    path.join(home, 'config.toml'),
    codexConfigToml(double.origin, ['model = "gpt-5.5"'], { name: 'acme', envKey: 'ACME_MODEL_KEY' }),
  );
  delete process.env.OPENAI_API_KEY;
  delete process.env.PEER_BRIDGE_PASS_ENV;
  Object.assign(process.env, { CODEX_HOME: home, PEER_BRIDGE_CODEX_BIN: codexBin, ACME_MODEL_KEY: 'acme-key-123' });
  return { ws, double };
}

describe('a Codex provider with its own env_key', () => {
  it('is blocked, naming the missing variable, when the variable is not passed', async () => {
    const { ws, double } = await acmeProvider();
    const envelope = await runBridge({ verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'codex' });
    expect(envelope.status).toBe('blocked');
    expect(envelope.blockers.join(' ')).toMatch(/ACME_MODEL_KEY/);
    expect(double.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('answers when PEER_BRIDGE_PASS_ENV passes it, and the model receives that key', async () => {
    const { ws, double } = await acmeProvider();
    process.env.PEER_BRIDGE_PASS_ENV = 'ACME_MODEL_KEY';
    const envelope = await runBridge({ verb: 'advise', task: 'Check parse().', workspace: ws, runner: 'codex' });
    expect(envelope).toMatchObject({ status: 'complete', findings: answer().findings });
    const posts = double.requests.filter((r) => r.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    expect(posts[0]!.headers.authorization).toBe('Bearer acme-key-123');
  });
});
