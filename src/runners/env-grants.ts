// What the built-in runners may pass to their CLIs beyond their own variables: the network set-up
// every user behind a proxy needs, the documented variables of each CLI's other model providers,
// and whatever the user adds (PEER_BRIDGE_PASS_ENV, or a `grant.env` for the runner in the config).
import { readSetting } from '../settings/read.js';
import { RunnerConfigError } from './errors.js';
import { isDropped } from './env.js';
import type { BuiltInRunner } from './resolve.js';
import type { LoadedConfig } from './config.js';

/** The variable users set to pass more variables to the built-in runners' children. */
export const PASS_ENV_VARIABLE = 'PEER_BRIDGE_PASS_ENV' as const;

/** Proxies and CA bundles, in the spellings the CLIs (Rust, Node) and their tools read. */
export const NETWORK_VARIABLES = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'all_proxy',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'REQUESTS_CA_BUNDLE',
  'CURL_CA_BUNDLE',
];

/**
 * Codex: its own variables, the OpenAI organisation / project headers, and Azure OpenAI (a
 * `[model_providers.azure]` with `env_key = "AZURE_OPENAI_API_KEY"` in config.toml). Other
 * providers' keys are named by `env_key` in the user's config.toml: those need PEER_BRIDGE_PASS_ENV.
 */
export const CODEX_VARIABLES = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'OPENAI_ORG_ID',
  'OPENAI_PROJECT_ID',
  'OPENAI_ORGANIZATION',
  'OPENAI_PROJECT',
  'CODEX_API_KEY',
  'CODEX_HOME',
  'CODEX_CA_CERTIFICATE',
  'AZURE_OPENAI_*',
];

/**
 * Claude Code: its own variables (ANTHROPIC_*, CLAUDE_CODE_* including CLAUDE_CODE_USE_BEDROCK /
 * _VERTEX / _FOUNDRY, DISABLE_*, its MCP start-up waits), Amazon Bedrock (AWS_* credentials,
 * profile, region) and Google Vertex AI (project, region, service-account credentials, gcloud's
 * config).
 */
export const CLAUDE_VARIABLES = [
  'ANTHROPIC_*',
  'CLAUDE_CONFIG_DIR',
  'CLAUDE_CODE_*',
  'DISABLE_*',
  // Whether and how long the CLI waits for its MCP servers (the peer workbench) to start.
  'MCP_TIMEOUT',
  'MCP_CONNECT_TIMEOUT_MS',
  'MCP_CONNECTION_NONBLOCKING',
  'AWS_*',
  'CLOUD_ML_REGION',
  'VERTEX_REGION_*',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GOOGLE_CLOUD_PROJECT',
  'GCLOUD_PROJECT',
  'CLOUDSDK_CONFIG',
  'CLOUDSDK_CORE_PROJECT',
  'CLOUDSDK_CORE_CUSTOM_CA_CERTS_FILE',
];

const NAME = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;

/** Checks one user-supplied entry: a variable name or `PREFIX_*`, never a denied one. */
function checkEntry(entry: string, where: string): string {
  if (entry.length < 3 && entry.endsWith('*')) {
    throw new RunnerConfigError(
      `${where}: ${JSON.stringify(entry)} would pass almost every variable; name a longer prefix such as MY_PROVIDER_*`,
    );
  }
  if (!NAME.test(entry)) {
    throw new RunnerConfigError(`${where}: ${JSON.stringify(entry)} is not a variable name or a PREFIX_* pattern`);
  }
  if (!entry.endsWith('*') && isDropped(entry)) {
    throw new RunnerConfigError(
      `${where}: ${entry} is never passed to a child (it lets a value run code there); remove it`,
    );
  }
  return entry;
}

/** PEER_BRIDGE_PASS_ENV as a list of names and patterns ("A, B_*" → ['A', 'B_*']). */
export function parsePassEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => checkEntry(item, PASS_ENV_VARIABLE));
}

/**
 * The extra variables the user grants a built-in runner: PEER_BRIDGE_PASS_ENV (every built-in)
 * plus `runners.<id>.grant.env` of the config file. A config entry for a built-in may hold `env`
 * only: the built-ins' executables and paths are fixed.
 */
export function userEnvGrant(id: BuiltInRunner, config: LoadedConfig, env: NodeJS.ProcessEnv): string[] {
  const fromVariable = parsePassEnv(readSetting(PASS_ENV_VARIABLE, env));
  const grant = config.file.runners?.[id]?.grant;
  const where = `runners["${id}"].grant`;
  const other = Object.keys(grant ?? {}).filter((key) => key !== 'env');
  if (other.length > 0) {
    throw new RunnerConfigError(
      `${where}: only "env" applies to the built-in ${id} runner (its executable and paths are fixed); ` +
        `remove ${other.map((k) => JSON.stringify(k)).join(', ')}`,
    );
  }
  const fromConfig = (grant?.env ?? []).map((entry) => checkEntry(entry, `${where}.env`));
  return [...new Set([...fromVariable, ...fromConfig])];
}
