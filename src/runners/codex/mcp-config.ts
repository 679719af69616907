// Codex must not see the bridge's own MCP server (a child calling the bridge would recurse).
// `-c mcp_servers.<name>.enabled=false` switches a configured server off, but Codex 0.171 refuses
// to start ("invalid transport") when <name> is not configured, so find the bridge's entries in
// the user's config.toml first.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PeerWorkbench } from '../types.js';

/** Names of `[mcp_servers.<name>]` tables in `toml` whose body mentions peer-bridge. */
export function bridgeServerNames(toml: string): string[] {
  const names: string[] = [];
  let current: string | null = null;
  let mentions = false;
  const flush = () => {
    if (current !== null && mentions) names.push(current);
  };
  for (const line of toml.split(/\r?\n/)) {
    const header = /^\s*\[\s*([^\]]+?)\s*\]\s*(#.*)?$/.exec(line);
    if (header) {
      flush();
      const table = /^mcp_servers\.(?:"([^"]+)"|'([^']+)'|([A-Za-z0-9_-]+))$/.exec(header[1]!);
      current = table ? (table[1] ?? table[2] ?? table[3])! : null;
      mentions = current !== null && current.includes('peer-bridge');
      continue;
    }
    if (current !== null && /peer-bridge/.test(line.replace(/#.*$/, ''))) mentions = true;
  }
  flush();
  return names;
}

/** The `-c` overrides that disable the bridge's own MCP server(s) configured for Codex. */
export function disableBridgeServerArgs(env: NodeJS.ProcessEnv): string[] {
  const home = env.CODEX_HOME || path.join(env.HOME || os.homedir(), '.codex');
  let toml: string;
  try {
    toml = readFileSync(path.join(home, 'config.toml'), 'utf8');
  } catch {
    return [];
  }
  return bridgeServerNames(toml).flatMap((name) => [
    '-c',
    `mcp_servers.${/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name)}.enabled=false`,
  ]);
}

// A TOML string (JSON's escapes are valid TOML basic-string escapes).
const tomlString = (value: string) => JSON.stringify(value);

/** How long Codex waits for the peer workbench to start (its default, 10 s, is short on a busy machine). */
export const WORKBENCH_START_TIMEOUT_SEC = 30;

/**
 * The `-c` overrides that add the peer workbench as an MCP server of this run. Codex 0.171 defers
 * MCP tools behind its `tool_search` tool and keeps `apply_patch` (no setting removes it), so the
 * prompt is what steers its edits to the workbench. Its tools are pre-approved: under
 * `approval_policy = "never"` (how `codex exec` runs) Codex refuses every MCP call that is not
 * read-only ("requires approval, but approval policy is never"), so without this the peer could
 * read through the workbench but never edit through it.
 */
export function workbenchServerArgs(workbench: PeerWorkbench): string[] {
  const key = `mcp_servers.${workbench.name}`;
  const env = Object.entries(workbench.env).map(([name, value]) => `${name} = ${tomlString(value)}`);
  return [
    '-c',
    `${key}.command=${tomlString(workbench.command)}`,
    '-c',
    `${key}.args=[${workbench.args.map(tomlString).join(', ')}]`,
    ...(env.length > 0 ? ['-c', `${key}.env={ ${env.join(', ')} }`] : []),
    '-c',
    `${key}.default_tools_approval_mode="approve"`,
    // Codex starts its MCP servers beside the first turn and its tool_search finds only those up by
    // then (one that took 1.5 s was missed): on a busy machine the peer found no workbench and had only apply_patch
    // left to edit with. A required server is waited for before the session starts, and one that cannot
    // start fails the call with Codex's message naming it, instead of a peer that bypasses it.
    '-c',
    `${key}.required=true`,
    '-c',
    `${key}.startup_timeout_sec=${WORKBENCH_START_TIMEOUT_SEC}`,
  ];
}

/** The `model = "…"` set at the top of the user's config.toml, if any (the model Codex will run). */
export function configuredModel(env: NodeJS.ProcessEnv): string | null {
  const home = env.CODEX_HOME || path.join(env.HOME || os.homedir(), '.codex');
  try {
    const toml = readFileSync(path.join(home, 'config.toml'), 'utf8');
    const top = toml.split(/^\s*\[/m)[0] ?? '';
    return /^\s*model\s*=\s*"([^"]+)"/m.exec(top)?.[1] ?? null;
  } catch {
    return null;
  }
}
