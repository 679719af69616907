// Whether Codex 0.171 parses an MCP server entry, field by field as its own parser does: the types
// of the fields it knows (others it ignores), non-negative timeouts, and the fields each transport
// refuses. Codex skips a plugin's server it cannot parse but stops on a configuration entry it cannot,
// so an entry written back into an override must be one it parses.
import { isTable, type TomlTable } from './toml-file.js';

type Kind = 'string' | 'strings' | 'map' | 'boolean' | 'seconds' | 'millis' | 'approval' | 'tools';

const FIELDS: Record<string, Kind> = {
  command: 'string',
  url: 'string',
  cwd: 'string',
  bearer_token: 'string',
  bearer_token_env_var: 'string',
  experimental_environment: 'string',
  oauth_resource: 'string',
  name: 'string',
  args: 'strings',
  env_vars: 'strings',
  enabled_tools: 'strings',
  disabled_tools: 'strings',
  scopes: 'strings',
  env: 'map',
  http_headers: 'map',
  env_http_headers: 'map',
  enabled: 'boolean',
  required: 'boolean',
  supports_parallel_tool_calls: 'boolean',
  startup_timeout_sec: 'seconds',
  tool_timeout_sec: 'seconds',
  startup_timeout_ms: 'millis',
  default_tools_approval_mode: 'approval',
  tools: 'tools',
};

const APPROVALS = ['auto', 'prompt', 'approve'];
const NOT_FOR_STDIO = [
  'url',
  'bearer_token_env_var',
  'bearer_token',
  'http_headers',
  'env_http_headers',
  'oauth_resource',
];
const NOT_FOR_HTTP = ['args', 'env', 'env_vars', 'cwd', 'bearer_token'];

function fits(kind: Kind, value: unknown): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'map':
      return isTable(value) && Object.values(value).every((v) => typeof v === 'string');
    case 'boolean':
      return typeof value === 'boolean';
    case 'seconds':
      return typeof value === 'number' && Number.isFinite(value) && value >= 0;
    case 'millis':
      return Number.isSafeInteger(value) && (value as number) >= 0;
    case 'approval':
      return typeof value === 'string' && APPROVALS.includes(value);
    case 'tools':
      return (
        isTable(value) &&
        Object.values(value).every(
          (tool) => isTable(tool) && (tool.approval_mode === undefined || fits('approval', tool.approval_mode)),
        )
      );
  }
}

/** Why Codex would not parse `entry` (its JSON nulls already left out), or null when it would. */
export function serverEntryProblem(entry: TomlTable): string | null {
  for (const [field, value] of Object.entries(entry)) {
    const kind = FIELDS[field];
    if (kind && !fits(kind, value)) return `\`${field}\` is not what Codex reads there`;
  }
  const [transport, refused] =
    entry.command !== undefined
      ? ['stdio', NOT_FOR_STDIO]
      : entry.url !== undefined
        ? ['streamable_http', NOT_FOR_HTTP]
        : [null, []];
  if (transport === null) return 'invalid transport (neither `command` nor `url`)';
  const set = refused.find((field) => entry[field] !== undefined);
  return set ? `${set} is not supported for ${transport}` : null;
}
