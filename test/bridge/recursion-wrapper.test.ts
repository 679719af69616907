// Recursion through a bridge server the bridge cannot recognise: the user's Codex config starts
// `peer-bridge serve` through a wrapper script whose name and entry say nothing of peer-bridge, and
// the entry forwards no variable (no env_vars). The Codex child's scripted model calls that
// server's bridge_advise; the call must end `refused` at depth 1, because the bridge gives every
// server of the child PEER_BRIDGE_DEPTH through `-c mcp_servers.<name>.env.…` overrides.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import { codexConfigToml } from '../doubles/codex-config.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { lastFunctionOutput } from '../e2e/mcp-calling-responses-model.js';
import { tomlString, wrapperScript } from '../helpers/bridge-server-entries.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, codexBin } from '../helpers/peers.js';

// No peer-bridge in the folder's name: the wrapper's path must not give the bridge away.
const tempDir = useTempDir('pb-recursion-');
const closers: (() => Promise<void>)[] = [];
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(async () => {
  process.env = saved;
  for (const close of closers.splice(0)) await close();
});

it.skipIf(process.platform === 'win32')(
  'refuses at depth 1 a call through a wrapper whose entry forwards no variable',
  async () => {
    const dir = realpathSync(tempDir());
    const workspace = path.join(dir, 'ws');
    mkdirSync(workspace);
    const double = await startResponsesDouble([
      { kind: 'tool_search', query: 'bridge_advise' },
      { kind: 'call', name: 'bridge_advise', namespace: 'mcp__helper', input: { task: 'Hand this back to me.' } },
      { kind: 'answer', answer: answer({ verdict: 'The peer bridge refused, as it should.' }) },
    ]);
    closers.push(() => double.close());
    const home = path.join(dir, 'codex-home');
    mkdirSync(home);
    // Required, so Codex waits for it before the model's first request (its tool_search finds only
    // servers that are up); approved, as `codex exec` never asks.
    const helper =
      `mcp_servers.helper = { command = ${tomlString(wrapperScript(dir))}, required = true, ` +
      'startup_timeout_sec = 60, default_tools_approval_mode = "approve" }';
    writeFileSync(path.join(home, 'config.toml'), codexConfigToml(double.origin, ['model = "gpt-5.5"', helper]));
    delete process.env.PEER_BRIDGE_DEPTH;
    Object.assign(process.env, {
      CODEX_HOME: home,
      OPENAI_API_KEY: 'sk-test-double',
      PEER_BRIDGE_CODEX_BIN: codexBin,
    });

    const envelope = await runBridge({ verb: 'advise', task: 'Ask the helper.', workspace, runner: 'codex' });

    expect(envelope).toMatchObject({ status: 'complete', depth: 0 });
    const output = double.requests.map((r) => lastFunctionOutput(r.body)).find((o) => o?.includes('"status"'));
    expect(output, JSON.stringify(double.requests.map((r) => r.body)).slice(-3000)).toBeTruthy();
    // Codex puts "Wall time: …\nOutput:\n" before the tool's text.
    const inner = JSON.parse(output!.slice(output!.indexOf('{'))) as {
      status: string;
      depth: number;
      blockers: string[];
    };
    expect(inner).toMatchObject({ status: 'refused', depth: 1 });
    expect(inner.blockers.join(' ')).toContain('recursion-depth');
  },
  180_000,
);
