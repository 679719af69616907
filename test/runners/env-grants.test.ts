import { describe, expect, it } from 'vitest';
import {
  CLAUDE_VARIABLES,
  CODEX_VARIABLES,
  NETWORK_VARIABLES,
  parsePassEnv,
  userEnvGrant,
} from '../../src/runners/env-grants.js';
import { buildChildEnv } from '../../src/runners/env.js';
import type { LoadedConfig } from '../../src/runners/config.js';

const config = (runners: Record<string, unknown> = {}): LoadedConfig => ({
  dir: '/cfg',
  file: { runners } as LoadedConfig['file'],
});

describe('PEER_BRIDGE_PASS_ENV', () => {
  it('is a comma-separated list of names and PREFIX_* patterns', () => {
    expect(parsePassEnv(' ACME_KEY, MY_PROVIDER_* ,,')).toEqual(['ACME_KEY', 'MY_PROVIDER_*']);
    expect(parsePassEnv(undefined)).toEqual([]);
  });

  it('refuses what is not a name, a bare wildcard, and names on the deny list, saying why', () => {
    expect(() => parsePassEnv('ACME KEY')).toThrow(/not a variable name/);
    expect(() => parsePassEnv('*')).toThrow(/almost every variable/);
    expect(() => parsePassEnv('A*')).toThrow(/longer prefix/);
    expect(() => parsePassEnv('LD_PRELOAD')).toThrow(/never passed to a child/);
    expect(() => parsePassEnv('NODE_OPTIONS')).toThrow(/never passed to a child/);
  });
});

describe('the built-in runners’ extra variables', () => {
  it('adds the config file’s grant.env for that runner to PEER_BRIDGE_PASS_ENV', () => {
    const cfg = config({ codex: { grant: { env: ['ACME_KEY', 'SHARED'] } }, claude: { grant: { env: ['OTHER'] } } });
    expect(userEnvGrant('codex', cfg, { PEER_BRIDGE_PASS_ENV: 'SHARED,CORP_*' })).toEqual([
      'SHARED',
      'CORP_*',
      'ACME_KEY',
    ]);
    expect(userEnvGrant('claude', cfg, {})).toEqual(['OTHER']);
  });

  it('refuses anything but env in a built-in’s config entry', () => {
    expect(() => userEnvGrant('codex', config({ codex: { grant: { run: ['sh'] } } }), {})).toThrow(
      /only "env" applies .* remove "run"/,
    );
  });

  it('refuses a denied name from the config file too', () => {
    expect(() => userEnvGrant('claude', config({ claude: { grant: { env: ['DYLD_INSERT_LIBRARIES'] } } }), {})).toThrow(
      /runners\["claude"\]\.grant\.env: DYLD_INSERT_LIBRARIES is never passed/,
    );
  });

  it('cover proxies, CA bundles and the cloud providers by default, but the deny list still wins', () => {
    const source = {
      HTTPS_PROXY: 'http://proxy:3128',
      https_proxy: 'http://proxy:3128',
      NO_PROXY: 'localhost',
      NODE_EXTRA_CA_CERTS: '/ca.pem',
      SSL_CERT_FILE: '/ca.pem',
      SSL_CERT_DIR: '/certs',
      REQUESTS_CA_BUNDLE: '/ca.pem',
      AZURE_OPENAI_API_KEY: 'az',
      CLAUDE_CODE_USE_BEDROCK: '1',
      AWS_REGION: 'eu-west-1',
      AWS_PROFILE: 'work',
      ANTHROPIC_VERTEX_PROJECT_ID: 'p',
      CLOUD_ML_REGION: 'us-east5',
      GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
      LD_PRELOAD: '/evil.so',
      UNRELATED: 'no',
    };
    const codex = buildChildEnv({
      source,
      granted: [...CODEX_VARIABLES, ...NETWORK_VARIABLES, 'L*'],
      host: {},
      platform: 'linux',
    });
    expect(Object.keys(codex).sort()).toEqual([
      'AZURE_OPENAI_API_KEY',
      'HTTPS_PROXY',
      'NODE_EXTRA_CA_CERTS',
      'NO_PROXY',
      'REQUESTS_CA_BUNDLE',
      'SSL_CERT_DIR',
      'SSL_CERT_FILE',
      'https_proxy',
    ]);
    const claude = buildChildEnv({
      source,
      granted: [...CLAUDE_VARIABLES, ...NETWORK_VARIABLES],
      host: {},
      platform: 'linux',
    });
    expect(claude).toMatchObject({
      CLAUDE_CODE_USE_BEDROCK: '1',
      AWS_REGION: 'eu-west-1',
      AWS_PROFILE: 'work',
      ANTHROPIC_VERTEX_PROJECT_ID: 'p',
      CLOUD_ML_REGION: 'us-east5',
      GOOGLE_APPLICATION_CREDENTIALS: '/sa.json',
    });
    expect(claude).not.toHaveProperty('AZURE_OPENAI_API_KEY');
    expect(claude).not.toHaveProperty('UNRELATED');
  });
});
