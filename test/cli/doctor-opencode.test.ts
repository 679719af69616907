// `peer-bridge doctor` with the OpenCode runner plugin installed as a user installs it (next to a
// config file that grants it): the real OpenCode CLI's version, its credentials as the peer would
// see them, and `--live` through the plugin against the Chat Completions double.
import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startChatDouble } from '../doubles/openai-chat-server.js';
import { answer } from '../helpers/peers.js';
import { OPENCODE_VERSION, opencodeEnv, opencodeGrant } from '../helpers/opencode.js';
import { baseEnv, cliArgs, repoRoot } from '../helpers/serve-client.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-doctor-opencode-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

interface Check {
  name: string;
  level: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

function doctor(args: string[], env: Record<string, string>): Promise<{ code: number | null; checks: Check[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...cliArgs, 'doctor', '--json', ...args], {
      cwd: repoRoot,
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({ code, checks: (JSON.parse(out) as { checks: Check[] }).checks });
      } catch {
        reject(new Error(`doctor printed no JSON (exit ${code}): ${out}`));
      }
    });
  });
}

const opencodeOnly = (checks: Check[]) => checks.filter((c) => c.name.startsWith('opencode'));

/** A user's folder: the plugin installed in node_modules and a config file granting it. */
async function userProject(dir: string): Promise<string> {
  const project = path.join(dir, 'project');
  mkdirSync(path.join(project, 'node_modules', '@peer-bridge'), { recursive: true });
  symlinkSync(
    path.join(repoRoot, 'packages', 'runner-opencode'),
    path.join(project, 'node_modules', '@peer-bridge', 'runner-opencode'),
  );
  const config = path.join(project, 'peer-bridge.config.json');
  const grant = await opencodeGrant();
  writeFileSync(config, JSON.stringify({ runners: { '@peer-bridge/runner-opencode': { grant } } }));
  return config;
}

describe('doctor for OpenCode peers', () => {
  it('reports the plugin, the CLI version and credentials, and makes a live call through the plugin', async () => {
    const dir = tempDir();
    const double = await startChatDouble([{ kind: 'answer', answer: answer({ verdict: 'ok' }) }]);
    closers.push(double.close);
    const env = {
      ...opencodeEnv(double.origin, dir),
      PEER_BRIDGE_CONFIG: await userProject(dir),
      // A provider key variable the plugin's manifest passes on, so OpenCode counts one.
      OPENAI_API_KEY: 'sk-test-double',
    };
    const { checks } = await doctor(['--live'], env);
    const found = opencodeOnly(checks);
    expect(found.map((c) => [c.name, c.level])).toEqual([
      ['opencode-plugin', 'ok'],
      ['opencode', 'ok'],
      ['opencode-auth', 'ok'],
      ['opencode-live', 'ok'],
    ]);
    expect(found[1]!.detail).toContain(OPENCODE_VERSION);
    expect(found[2]!.detail).toContain('1 provider key variable');
    expect(found[3]!.detail).toMatch(/^answered in /);
    expect(double.requests).toHaveLength(1);
  }, 240_000);

  it('warns, with the fix, when OpenCode has no credential it can see', async () => {
    const dir = tempDir();
    const env = { ...opencodeEnv('http://127.0.0.1:9', dir), PEER_BRIDGE_CONFIG: await userProject(dir) };
    const { checks } = await doctor([], env);
    const auth = checks.find((c) => c.name === 'opencode-auth');
    expect(auth).toMatchObject({ level: 'warn' });
    expect(auth!.fix).toContain('opencode auth login');
  }, 120_000);

  it('says only that the plugin is not granted when the config file grants it nothing, and starts no OpenCode', async () => {
    const dir = tempDir();
    const config = await userProject(dir);
    writeFileSync(config, '{}');
    // An OpenCode that cannot start: the check never tries.
    const { checks } = await doctor([], {
      PEER_BRIDGE_CONFIG: config,
      PEER_BRIDGE_OPENCODE_BIN: '/nonexistent/opencode',
    });
    expect(opencodeOnly(checks)).toEqual([
      expect.objectContaining({ name: 'opencode-plugin', level: 'warn', fix: expect.stringContaining('grant it') }),
    ]);
  }, 120_000);

  it('says nothing of OpenCode when the plugin is not installed', async () => {
    const dir = tempDir();
    const empty = path.join(dir, 'empty');
    mkdirSync(empty);
    const config = path.join(empty, 'peer-bridge.config.json');
    writeFileSync(config, '{}');
    const { checks } = await doctor([], { PEER_BRIDGE_CONFIG: config });
    expect(opencodeOnly(checks)).toEqual([]);
  }, 120_000);
});
