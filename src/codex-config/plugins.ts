// The Codex plugins a run loads and the MCP servers they bring, as Codex 0.171 decides: only with
// `features.plugins` not false, for each `[plugins."<plugin>@<marketplace>"]` whose `enabled` is not
// false and that is in the plugin cache, plugins in id order; a server name an earlier plugin took is
// skipped. Both settings come from the merged configuration, a trusted project's file included.
import { activeVersion, parsePluginId, pluginRoot } from './plugin-cache.js';
import { pluginServers } from './plugin-manifest.js';
import { isTable, type TomlTable } from './toml-file.js';

export interface InstalledPlugin {
  /** `<plugin>@<marketplace>`. */
  id: string;
  enabled: boolean;
  /** The cached version Codex loads; null when it is not in the cache. */
  version: string | null;
  /** Its folder in the cache; null when it is not there. */
  root: string | null;
  /** The servers it brings, by name, as Codex would start them. */
  servers: [string, TomlTable][];
  /** Why Codex loads nothing (or not everything) from it; null when all is well. */
  problem: string | null;
}

export interface PluginsRead {
  /** `features.plugins` is not false. */
  feature: boolean;
  plugins: InstalledPlugin[];
}

function plugin(home: string, id: string, table: unknown): InstalledPlugin {
  const enabled = !(isTable(table) && table.enabled === false);
  const none = { id, enabled, version: null, root: null, servers: [] };
  const parsed = parsePluginId(id);
  if (!parsed) return { ...none, problem: `"${id}" is not a <plugin>@<marketplace> id` };
  const version = activeVersion(home, parsed);
  if (!version) return { ...none, problem: enabled ? 'not in the plugin cache (install it again)' : null };
  const root = pluginRoot(home, parsed, version);
  if (!enabled) return { ...none, version, root, problem: null };
  return { id, enabled, version, root, ...pluginServers(root) };
}

/** The plugins of the merged configuration `config` under `home`. */
export function installedPlugins(config: TomlTable, home: string): PluginsRead {
  const feature = !(isTable(config.features) && config.features.plugins === false);
  const table = isTable(config.plugins) ? config.plugins : {};
  const ids = Object.keys(table).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { feature, plugins: feature ? ids.map((id) => plugin(home, id, table[id])) : [] };
}
