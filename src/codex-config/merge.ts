// How Codex layers its configuration files: later tables merge into earlier ones key by key
// (an inline table merges like any other), anything else replaces; a project's file may not set
// where credentials go or which commands run.
import { isTable, type TomlTable } from './toml-file.js';

/** Keys Codex 0.171 drops from a project's `.codex/config.toml` (they count only in the user's own files). */
export const PROJECT_DENYLIST = [
  'openai_base_url',
  'chatgpt_base_url',
  'apps_mcp_product_sku',
  'responses_api_metadata',
  'model_provider',
  'model_providers',
  'notify',
  'profile',
  'profiles',
  'experimental_realtime_webrtc_call_base_url',
  'experimental_realtime_ws_base_url',
  'otel',
];

/** `overlay` merged into a copy of `base`. */
export function mergeTables(base: TomlTable, overlay: TomlTable): TomlTable {
  const out: TomlTable = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const under = out[key];
    out[key] = isTable(under) && isTable(value) ? mergeTables(under, value) : value;
  }
  return out;
}

/** A project file's tables without the denied keys, and the denied keys it had. */
export function withoutDenied(config: TomlTable): { config: TomlTable; dropped: string[] } {
  const dropped = PROJECT_DENYLIST.filter((key) => key in config);
  const kept = Object.fromEntries(Object.entries(config).filter(([key]) => !dropped.includes(key)));
  return { config: kept, dropped };
}
