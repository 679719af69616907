// Plugin caches for the Codex reader's tests: plugins written into a temporary CODEX_HOME the way
// `codex plugin add` leaves them ($CODEX_HOME/plugins/cache/<marketplace>/<plugin>/<version>/), and
// the `[plugins."<id>"]` lines that install them, without the CLI (the agreement test asks Codex).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Writes `files` (path inside the plugin → text, or a value written as JSON) into a cached version. */
export function cachePlugin(home: string, id: string, version: string, files: Record<string, unknown>): string {
  const [plugin, marketplace] = id.split('@') as [string, string];
  const root = path.join(home, 'plugins', 'cache', marketplace, plugin, version);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  mkdirSync(root, { recursive: true });
  return root;
}

/** A plugin with a manifest naming it and a `.mcp.json` with `servers`. */
export function cacheServers(home: string, id: string, version: string, servers: Record<string, unknown>): string {
  return cachePlugin(home, id, version, {
    '.codex-plugin/plugin.json': { name: id.split('@')[0], version },
    '.mcp.json': { mcpServers: servers },
  });
}

/** `[plugins."<id>"]` tables; `true`/`false` set `enabled`, `null` leaves it out. */
export function pluginTables(entries: Record<string, boolean | null>): string {
  return Object.entries(entries)
    .map(([id, on]) => `[plugins.${JSON.stringify(id)}]\n${on === null ? '' : `enabled = ${on}\n`}`)
    .join('');
}
