// The `-c` overrides that shape the MCP servers of a Codex child: the bridge's own server switched
// off whatever form its entry has, the recursion depth given to every other server the child starts,
// and the peer workbench added. Codex 0.171 refuses to start on an override naming a server it does
// not have ("invalid transport"), so the servers come from its configuration and its installed
// plugins as Codex reads them.
import type { CodexConfig, McpServerEntry } from '../../codex-config/index.js';
import { HOST_VARIABLES } from '../env.js';
import type { PeerWorkbench } from '../types.js';

/**
 * For each server Codex would start: the bridge's own ones get `enabled=false`; every other stdio
 * server gets PEER_BRIDGE_DEPTH in its `env` (Codex merges an override into the entry's own `env`,
 * an inline table too, and passes a server only its `env` and the variables its `env_vars` names),
 * so a bridge behind a wrapper whose entry forwards nothing still refuses at the depth limit.
 * HTTP servers get nothing: Codex refuses `env` on them and starts no process for them.
 * A plugin's server has no configuration entry to merge into (Codex 0.171 refuses
 * `-c mcp_servers.<name>.enabled=false` for it: "invalid transport"), but a configuration entry of
 * the same name wins over it, so it is written back whole, switched off or given the depth.
 */
export function childServerArgs(config: CodexConfig, depth: number): string[] {
  return config.servers
    .filter((server) => server.startable && (server.bridge || (server.enabled && server.transport === 'stdio')))
    .flatMap((server) => {
      if (server.plugin !== null) return ['-c', `mcp_servers.${server.name}=${pluginOverride(server, depth)}`];
      return server.bridge
        ? ['-c', `mcp_servers.${server.name}.enabled=false`]
        : ['-c', `mcp_servers.${server.name}.env.${HOST_VARIABLES.depth}=${tomlString(String(depth))}`];
    });
}

// A plugin server's whole entry: switched off when it is the bridge, else with the depth in its env.
function pluginOverride(server: McpServerEntry, depth: number): string {
  if (server.bridge) return tomlInline({ ...server.definition, enabled: false });
  const env = { ...server.env, [HOST_VARIABLES.depth]: String(depth) };
  return tomlInline({ ...server.definition, env });
}

// A TOML inline value of a JSON-shaped one (a plugin's .mcp.json entry); nulls are left out.
function tomlInline(value: unknown): string {
  if (Array.isArray(value))
    return `[${value
      .filter((v) => v !== null)
      .map(tomlInline)
      .join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const pairs = Object.entries(value).filter(([, v]) => v !== null && v !== undefined);
    return `{ ${pairs.map(([k, v]) => `${tomlString(k)} = ${tomlInline(v)}`).join(', ')} }`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return tomlString(String(value));
  return typeof value === 'string' ? tomlString(value) : String(value);
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
