// Codex's configuration as Codex 0.171 resolves it: the files it reads, the model, the provider and
// its key variable, and every MCP server, for a run in a given working directory. Never throws: what
// would stop Codex from starting is reported in `problems`.
import { codexHome, configLayers, mergeLayers, type ConfigLayer, type LayerOptions } from './layers.js';
import { mcpServers, pluginMcpServers, type McpServerEntry } from './mcp-servers.js';
import { installedPlugins, type PluginsRead } from './plugins.js';
import { selection, type LegacyProfile, type ProviderChoice } from './provider.js';
import type { TomlTable } from './toml-file.js';

export interface CodexConfig {
  /** CODEX_HOME, else ~/.codex. */
  home: string;
  /** Every file Codex reads, lowest precedence first, with whether it uses it. */
  layers: ConfigLayer[];
  /** The merged configuration. */
  config: TomlTable;
  /** `model`, or null for Codex's default. */
  model: string | null;
  provider: ProviderChoice;
  legacyProfile: LegacyProfile | null;
  /** The configuration's servers, then those of installed plugins that Codex adds. */
  servers: McpServerEntry[];
  /** Installed plugins (none read when `features.plugins = false`). */
  plugins: PluginsRead;
  /** Why Codex would refuse to start; empty when it starts. */
  problems: string[];
}

export function readCodexConfig(options: LayerOptions): CodexConfig {
  const layers = configLayers(options);
  const config = mergeLayers(layers);
  const chosen = selection(config);
  const broken = layers.filter((layer) => layer.fatal).map((layer) => layer.note!);
  const home = codexHome(options.env);
  // A trusted project's file can switch plugins off too (Codex 0.171 reads both from the merged layers).
  const plugins = installedPlugins(config, home);
  const configured = mcpServers(config);
  return {
    home,
    layers,
    config,
    model: chosen.model,
    provider: chosen.provider,
    legacyProfile: chosen.legacyProfile,
    servers: [...configured, ...pluginMcpServers(plugins.plugins, configured)],
    plugins,
    // With a file Codex cannot read, what the others select is not what stops it.
    problems: broken.length > 0 ? broken : chosen.problems,
  };
}

export { codexHome, type ConfigLayer, type LayerOptions } from './layers.js';
export type { McpServerEntry } from './mcp-servers.js';
export type { InstalledPlugin, PluginsRead } from './plugins.js';
export type { LegacyProfile, ProviderChoice } from './provider.js';
export { describeProblem, readTomlFile, type TomlFile, type TomlProblem, type TomlTable } from './toml-file.js';
