// Where Codex 0.171 keeps an installed plugin and which of its cached versions it loads:
// $CODEX_HOME/plugins/cache/<marketplace>/<plugin>/<version>/, the `local` version when there is
// one, else the highest (semantic-version order where both parse, else plain string order).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/** `<plugin>@<marketplace>`, as `[plugins."<id>"]` names it; each part ASCII letters, digits, `_`, `-`. */
export interface PluginId {
  plugin: string;
  marketplace: string;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const VERSION = /^[A-Za-z0-9_.+-]+$/;

/** The id's parts, or null when Codex would not accept it as a plugin id. */
export function parsePluginId(id: string): PluginId | null {
  const at = id.lastIndexOf('@');
  if (at <= 0) return null;
  const plugin = id.slice(0, at);
  const marketplace = id.slice(at + 1);
  return SEGMENT.test(plugin) && SEGMENT.test(marketplace) ? { plugin, marketplace } : null;
}

// Later versions sort last.
function compareVersions(a: string, b: string): number {
  const va = semver.valid(a);
  const vb = semver.valid(b);
  if (va && vb) return semver.compare(va, vb);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The version folder Codex loads for `id`, or null when none is cached. */
export function activeVersion(home: string, id: PluginId): string | null {
  let names: string[];
  try {
    names = readdirSync(path.join(home, 'plugins', 'cache', id.marketplace, id.plugin), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && VERSION.test(entry.name) && entry.name !== '.' && entry.name !== '..')
      .map((entry) => entry.name);
  } catch {
    return null;
  }
  if (names.length === 0) return null;
  if (names.includes('local')) return 'local';
  return [...names].sort(compareVersions).pop()!;
}

/** The folder of `version` of `id` in the plugin cache. */
export function pluginRoot(home: string, id: PluginId, version: string): string {
  return path.join(home, 'plugins', 'cache', id.marketplace, id.plugin, version);
}
