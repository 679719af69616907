// The MCP servers one cached Codex plugin brings, read as Codex 0.171 reads them: the manifest
// `.codex-plugin/plugin.json`, whose `mcpServers` is a file (relative to the plugin) or the servers
// themselves, else the plugin's `.mcp.json`; a file's servers sit under `mcpServers` or at its top.
// A server Codex could not parse is left out, as Codex leaves it out; nothing here throws.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverEntryProblem } from './server-entry-check.js';
import { isTable, type TomlTable } from './toml-file.js';

export interface PluginServers {
  /** Each server's entry as Codex would use it (`type` and `oauth` dropped, `cwd` made absolute). */
  servers: [string, TomlTable][];
  /** Why Codex loads no servers (or not all) from the plugin; null when all is well. */
  problem: string | null;
}

function readJson(file: string): { value: unknown; problem: string | null } {
  try {
    return { value: JSON.parse(readFileSync(file, 'utf8')) as unknown, problem: null };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      value: undefined,
      problem: code === 'ENOENT' ? `${file} is missing` : `${file}: ${(error as Error).message}`,
    };
  }
}

function normalized(root: string, value: TomlTable): TomlTable {
  const entry = Object.fromEntries(
    Object.entries(value).filter(([key, v]) => key !== 'type' && key !== 'oauth' && v !== null),
  );
  if (typeof entry.cwd === 'string' && !path.isAbsolute(entry.cwd)) entry.cwd = path.join(root, entry.cwd);
  return entry;
}

function serversOf(root: string, file: unknown): [string, TomlTable][] {
  if (!isTable(file)) return [];
  const map = isTable(file.mcpServers) ? file.mcpServers : file;
  return Object.entries(map)
    .filter((e): e is [string, TomlTable] => isTable(e[1]))
    .map(([name, value]): [string, TomlTable] => [name, normalized(root, value)])
    .filter(([, entry]) => serverEntryProblem(entry) === null);
}

/** The servers of the plugin cached at `root`. */
export function pluginServers(root: string): PluginServers {
  const manifestFile = path.join(root, '.codex-plugin', 'plugin.json');
  const manifest = readJson(manifestFile);
  if (manifest.problem) return { servers: [], problem: `${manifest.problem}: Codex loads nothing from the plugin` };
  if (!isTable(manifest.value) || typeof manifest.value.name !== 'string')
    return { servers: [], problem: `${manifestFile} has no "name": Codex loads nothing from the plugin` };
  const declared = manifest.value.mcpServers;
  if (isTable(declared)) return { servers: serversOf(root, { mcpServers: declared }), problem: null };
  const file = typeof declared === 'string' ? path.resolve(root, declared) : path.join(root, '.mcp.json');
  const read = readJson(file);
  // No .mcp.json is a plugin without servers; a file its manifest names must be there.
  if (read.problem && (typeof declared === 'string' || !read.problem.endsWith('is missing')))
    return { servers: [], problem: `${read.problem}: Codex starts none of the plugin's servers` };
  return { servers: serversOf(root, read.value), problem: null };
}
