// The registration snippets `peer-bridge config` prints: how Claude Code and Codex start this
// bridge, as the README shows them, but with this machine's paths and variables filled in.

/** How the client starts the server: through npx, or node with this package's absolute path. */
export interface Launch {
  command: string;
  args: string[];
}

export type ClaudeScope = 'local' | 'project' | 'user';

/** Hard cutoff of the longest MCP call (700 s x 1.2 = 840 s), with room to spare. */
export const TOOL_TIMEOUT_SECONDS = 900;

/**
 * Codex starts MCP servers with only HOME, PATH, LANG and a few more, so every variable the peer
 * needs is named in env_vars (Codex skips those that are not set). These are the ones a Claude
 * peer usually needs (key, endpoint, config folder, proxy and CA bundle) and the bridge's own.
 */
export const CODEX_ENV_VARS_FOR_CLAUDE = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'ANTHROPIC_BASE_URL',
  'ANTHROPIC_MODEL',
  'CLAUDE_CONFIG_DIR',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'PEER_BRIDGE_DEPTH',
  'PEER_BRIDGE_CONFIG',
  'PEER_BRIDGE_PASS_ENV',
  'PEER_BRIDGE_CLAUDE_BIN',
] as const;

/** The same for a Codex peer under Codex (its key, endpoint and home). */
export const CODEX_ENV_VARS_FOR_CODEX = [
  'OPENAI_API_KEY',
  'OPENAI_BASE_URL',
  'CODEX_HOME',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'PEER_BRIDGE_DEPTH',
  'PEER_BRIDGE_CONFIG',
  'PEER_BRIDGE_PASS_ENV',
  'PEER_BRIDGE_CODEX_BIN',
] as const;

/** The server's arguments after the launcher: `serve --runner NAME [--config FILE]`. */
export function serveArgs(runner: string, config?: string): string[] {
  return ['serve', '--runner', runner, ...(config ? ['--config', config] : [])];
}

/** One POSIX shell word: bare when safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `claude mcp add-json`: alwaysLoad makes Claude Code connect the server before the first prompt
 * (interactive and `claude -p`), so the first call never meets a server that is still connecting.
 */
export function claudeSnippet(launch: Launch, scope: ClaudeScope): string {
  const json = JSON.stringify({ type: 'stdio', command: launch.command, args: launch.args, alwaysLoad: true });
  return ['claude', 'mcp', 'add-json', '--scope', scope, 'peer-bridge', json].map(shellWord).join(' ');
}

const toml = (value: string) => JSON.stringify(value);

/** The `[mcp_servers.peer-bridge]` table for Codex's config.toml. */
export function codexSnippet(launch: Launch, envVars: readonly string[]): string {
  return [
    '[mcp_servers.peer-bridge]',
    `command = ${toml(launch.command)}`,
    `args = [${launch.args.map(toml).join(', ')}]`,
    `env_vars = [${envVars.map(toml).join(', ')}]`,
    'required = true          # Codex waits for the server before its first model request',
    'startup_timeout_sec = 60',
    `tool_timeout_sec = ${TOOL_TIMEOUT_SECONDS}   # above the longest hard cutoff: 700 s x 1.2 = 840 s`,
  ].join('\n');
}

/** Names from `patterns` (names or PREFIX_*) that are set in `env`, sorted. */
/** The names of `names` that are set in `env`. */
export function namesSet(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  return names.filter((name) => env[name] !== undefined);
}

export function setVariables(patterns: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const names = Object.keys(env).filter(
    (name) =>
      env[name] !== undefined && patterns.some((p) => (p.endsWith('*') ? name.startsWith(p.slice(0, -1)) : name === p)),
  );
  return names.sort();
}

/**
 * Gemini CLI's settings.json `mcpServers` entry. Gemini CLI hands a stdio server its environment
 * with secret-looking variables (keys, tokens) removed, so the ones the peer needs are named in
 * `env` as `$NAME`, which Gemini CLI fills in from its own environment when it reads the file.
 * `timeout` (ms) is above the longest hard cutoff; Gemini CLI's default is 10 minutes.
 */
export function geminiSnippet(launch: Launch, envVars: readonly string[]): string {
  const env = Object.fromEntries(envVars.map((name) => [name, `$${name}`]));
  const server = { command: launch.command, args: launch.args, env, timeout: TOOL_TIMEOUT_SECONDS * 1000 };
  return JSON.stringify({ mcpServers: { 'peer-bridge': server } }, null, 2);
}

/** A client beyond Claude Code and Codex: how `peer-bridge config <name>` registers the bridge with it. */
export interface PluginClient {
  /** The help line. */
  help: string;
  /** Its default peer. */
  peer: string;
  snippet(launch: Launch, envVars: readonly string[]): string;
}

/** Clients that run as peers through runner plugins, and call the bridge too (one line each). */
export const PLUGIN_CLIENTS: Readonly<Record<string, PluginClient>> = {
  gemini: { help: 'an "mcpServers" entry for ~/.gemini/settings.json', peer: 'codex', snippet: geminiSnippet },
};
