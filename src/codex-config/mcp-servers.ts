// The MCP servers of Codex's merged configuration, whatever form their entries have (a
// `[mcp_servers.<name>]` table, an inline table at the top or under `[mcp_servers]`, dotted keys),
// and which of them run peer-bridge; then those installed plugins bring, under the names Codex gives them.
import type { InstalledPlugin } from './plugins.js';
import { isTable, type TomlTable } from './toml-file.js';

export interface McpServerEntry {
  name: string;
  /** `enabled` is not false. */
  enabled: boolean;
  /** `stdio` (has `command`), `http` (has `url`), else `invalid` (Codex: "invalid transport"). */
  transport: 'stdio' | 'http' | 'invalid';
  command: string | null;
  args: string[];
  /** Variables Codex passes on from its own environment (`env_vars`). */
  envVars: string[];
  /** Variables the entry sets (`env`). */
  env: Record<string, string>;
  /** Its name, command, arguments or plugin name peer-bridge: the bridge's own server. */
  bridge: boolean;
  /**
   * Codex 0.171 starts only servers named with ASCII letters, digits, `_` and `-` (others are
   * listed but never started), and a `-c mcp_servers.<name>…` override can name only those.
   */
  startable: boolean;
  /** The plugin (`<plugin>@<marketplace>`) that brings it; null for a configuration entry. */
  plugin: string | null;
  /** The entry as Codex would start it (a plugin's, to be written back whole in an override). */
  definition: TomlTable;
}

const BRIDGE = /peer[-_]?bridge/i;
const NAME = /^[A-Za-z0-9_-]+$/;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

function entry(name: string, table: TomlTable, plugin: string | null = null): McpServerEntry {
  const command = typeof table.command === 'string' ? table.command : null;
  const args = strings(table.args);
  const env = isTable(table.env)
    ? Object.fromEntries(Object.entries(table.env).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
  return {
    name,
    enabled: table.enabled !== false,
    transport: command !== null ? 'stdio' : typeof table.url === 'string' ? 'http' : 'invalid',
    command,
    args,
    envVars: strings(table.env_vars),
    env,
    // A server the peer-bridge plugin brings is the bridge whatever it is called.
    bridge: [name, command ?? '', ...args, plugin?.split('@')[0] ?? ''].some((s) => BRIDGE.test(s)),
    startable: NAME.test(name),
    plugin,
    definition: table,
  };
}

/** Every `mcp_servers` entry of a merged configuration, in the order written. */
export function mcpServers(config: TomlTable): McpServerEntry[] {
  const servers = config.mcp_servers;
  if (!isTable(servers)) return [];
  return Object.entries(servers)
    .filter((e): e is [string, TomlTable] => isTable(e[1]))
    .map(([name, table]) => entry(name, table));
}

/**
 * The servers enabled plugins bring, in the order Codex loads them: a name the configuration has
 * (even switched off) stays the configuration's, and a name an earlier plugin took stays that plugin's.
 */
export function pluginMcpServers(
  plugins: readonly InstalledPlugin[],
  config: readonly McpServerEntry[],
): McpServerEntry[] {
  const taken = new Set(config.map((server) => server.name));
  const out: McpServerEntry[] = [];
  for (const plugin of plugins.filter((p) => p.enabled))
    for (const [name, table] of plugin.servers) {
      if (taken.has(name)) continue;
      taken.add(name);
      out.push(entry(name, table, plugin.id));
    }
  return out;
}
