// The config.toml that points the real Codex CLI at the Responses double at `origin`, with every
// network feature of its own switched off (no update check, analytics, apps or plugins), so it
// makes no DNS look-ups at all. Its shell snapshot is off too: at every start Codex runs the
// user's login shell (`bash -lc`) to capture its environment, and a profile that starts slow
// helpers (pyenv's `rehash`, which waits on its own lock) leaves them running after the child
// exits; a suite or a bench that starts Codex hundreds of times then piles them up and loads the
// machine for every later test. Nothing here tests Codex's shell snapshot.
// `provider`: the provider's name and the variable it takes its key from.
export function codexConfigToml(
  origin: string,
  extra: string[] = [],
  provider = { name: 'mock', envKey: 'OPENAI_API_KEY' },
): string {
  return [
    ...extra,
    `model_provider = "${provider.name}"`,
    'approval_policy = "never"',
    'check_for_update_on_startup = false',
    '[analytics]',
    'enabled = false',
    '[features]',
    'shell_snapshot = false',
    'apps = false',
    'plugins = false',
    `[model_providers.${provider.name}]`,
    `name = "${provider.name}"`,
    `base_url = "${origin}/v1"`,
    `env_key = "${provider.envKey}"`,
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
  ].join('\n');
}
