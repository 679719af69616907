// What a built-in runner's child really receives: a stand-in CLI reports its environment and
// arguments. The loader is given its environment explicitly (never process.env), so these also
// prove that the runners read only the options they are given.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRunner } from '../../src/runners/index.js';
import type { RunnerEvent } from '../../src/runners/types.js';
import { collector, request, root, tempDir } from './helpers.js';

const reporter = path.join(root, 'test', 'runners', 'fixtures', 'env-reporter.mjs');

interface Report {
  env: Record<string, string>;
  argv: string[];
}

async function received(id: 'codex' | 'claude', env: NodeJS.ProcessEnv, configPath?: string): Promise<Report> {
  const workspace = await tempDir('ws');
  const runner = await loadRunner(id, { workspace, env, ...(configPath ? { configPath } : {}) });
  const events = collector();
  await runner.run(request('advise', workspace, events.onEvent));
  const final = events.events.find((e): e is Extract<RunnerEvent, { type: 'final' }> => e.type === 'final');
  if (!final) throw new Error(`no answer: ${JSON.stringify(events.events)}`);
  return final.answer as Report;
}

const base = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent-home' };

describe('variables passed to the built-in runners’ children', () => {
  it('passes PEER_BRIDGE_PASS_ENV names and prefixes to codex, with the proxy defaults, and nothing else', async () => {
    const report = await received('codex', {
      ...base,
      PEER_BRIDGE_CODEX_BIN: reporter,
      PEER_BRIDGE_PASS_ENV: 'ACME_MODEL_KEY,CORP_*',
      ACME_MODEL_KEY: 'acme-secret',
      CORP_REGION: 'eu',
      CORP_TOKEN: 't',
      HTTPS_PROXY: 'http://proxy:3128',
      no_proxy: 'localhost',
      SSL_CERT_FILE: '/ca.pem',
      AZURE_OPENAI_API_KEY: 'az',
      UNRELATED_SECRET: 'no',
      LC_SECRET: 'no',
    });
    expect(report.env).toMatchObject({
      ACME_MODEL_KEY: 'acme-secret',
      CORP_REGION: 'eu',
      CORP_TOKEN: 't',
      HTTPS_PROXY: 'http://proxy:3128',
      no_proxy: 'localhost',
      SSL_CERT_FILE: '/ca.pem',
      AZURE_OPENAI_API_KEY: 'az',
    });
    expect(report.env).not.toHaveProperty('UNRELATED_SECRET');
    expect(report.env).not.toHaveProperty('LC_SECRET');
    expect(report.env).not.toHaveProperty('PEER_BRIDGE_PASS_ENV');
  });

  it('passes a claude grant.env from the config file, and the Bedrock / Vertex variables by default', async () => {
    const dir = await tempDir('cfg');
    const configPath = path.join(dir, 'peer-bridge.config.json');
    await writeFile(configPath, JSON.stringify({ runners: { claude: { grant: { env: ['GATEWAY_TOKEN'] } } } }));
    const report = await received(
      'claude',
      {
        ...base,
        PEER_BRIDGE_CLAUDE_BIN: reporter,
        GATEWAY_TOKEN: 'gw',
        CLAUDE_CODE_USE_BEDROCK: '1',
        AWS_REGION: 'us-west-2',
        AWS_BEARER_TOKEN_BEDROCK: 'b',
        CLAUDE_CODE_USE_VERTEX: '1',
        ANTHROPIC_VERTEX_PROJECT_ID: 'proj',
        CLOUD_ML_REGION: 'us-east5',
        GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
        NODE_EXTRA_CA_CERTS: '/ca.pem',
        OPENAI_API_KEY: 'not-for-claude',
      },
      configPath,
    );
    expect(report.env).toMatchObject({
      GATEWAY_TOKEN: 'gw',
      CLAUDE_CODE_USE_BEDROCK: '1',
      AWS_REGION: 'us-west-2',
      AWS_BEARER_TOKEN_BEDROCK: 'b',
      CLAUDE_CODE_USE_VERTEX: '1',
      ANTHROPIC_VERTEX_PROJECT_ID: 'proj',
      CLOUD_ML_REGION: 'us-east5',
      GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
      NODE_EXTRA_CA_CERTS: '/ca.pem',
    });
    expect(report.env).not.toHaveProperty('OPENAI_API_KEY');
  });

  it('never passes a denied variable, even under a pattern the user granted', async () => {
    const report = await received('codex', {
      ...base,
      PEER_BRIDGE_CODEX_BIN: reporter,
      PEER_BRIDGE_PASS_ENV: 'LD_*,NODE_*',
      LD_PRELOAD: '/evil.so',
      NODE_OPTIONS: '--require /evil.js',
      NODE_ENV: 'production',
    });
    expect(report.env).toMatchObject({ NODE_ENV: 'production' });
    expect(report.env).not.toHaveProperty('LD_PRELOAD');
    expect(report.env).not.toHaveProperty('NODE_OPTIONS');
  });

  it('fails the load with a clear error for a bad PEER_BRIDGE_PASS_ENV', async () => {
    const workspace = await tempDir('ws');
    await expect(
      loadRunner('codex', {
        workspace,
        env: { ...base, PEER_BRIDGE_CODEX_BIN: reporter, PEER_BRIDGE_PASS_ENV: 'LD_PRELOAD' },
      }),
    ).rejects.toThrow(/PEER_BRIDGE_PASS_ENV: LD_PRELOAD is never passed to a child/);
  });

  it('reads CODEX_HOME from the environment it is given, not from the process', async () => {
    const codexHome = await tempDir('codex-home');
    await writeFile(
      path.join(codexHome, 'config.toml'),
      '[mcp_servers.peer-bridge]\ncommand = "npx"\nargs = ["peer-bridge", "serve"]\n',
    );
    const report = await received('codex', { ...base, PEER_BRIDGE_CODEX_BIN: reporter, CODEX_HOME: codexHome });
    expect(report.env.CODEX_HOME).toBe(codexHome);
    expect(report.argv.join(' ')).toContain('mcp_servers.peer-bridge.enabled=false');
  });
});
