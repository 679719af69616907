// The model and the model provider Codex's merged configuration selects, and the variable the
// provider's key comes from (`env_key`), with what would stop Codex from starting.
import { isTable, type TomlTable } from './toml-file.js';

/** Providers built into Codex 0.171; a `[model_providers.<id>]` may not redefine the first three. */
export const BUILT_IN_PROVIDERS = ['openai', 'ollama', 'lmstudio', 'amazon-bedrock'];
const RESERVED = ['openai', 'ollama', 'lmstudio'];

export interface LegacyProfile {
  name: string;
  /** `[profiles.<name>]` exists. */
  found: boolean;
}

export interface ProviderChoice {
  /** `model_provider` (default `openai`). */
  id: string;
  /** Where the choice came from. */
  from: 'profile' | 'config' | 'default';
  builtIn: boolean;
  /** `env_key` of the provider's table; null for the built-ins and key-less providers. */
  envKey: string | null;
  /** The configuration defines the provider (a table or an inline table under model_providers). */
  defined: boolean;
  /** `requires_openai_auth = true`: it takes the OpenAI login or OPENAI_API_KEY, as `openai` does. */
  openaiAuth: boolean;
}

export interface Selection {
  model: string | null;
  provider: ProviderChoice;
  /** `profile = "<name>"`: Codex 0.171 refuses to start with it; older versions applied `[profiles.<name>]`. */
  legacyProfile: LegacyProfile | null;
  /** What stops Codex from starting, in its words where it has them. */
  problems: string[];
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function legacyProfile(config: TomlTable): { profile: LegacyProfile | null; table: TomlTable } {
  const name = text(config.profile);
  if (name === null) return { profile: null, table: {} };
  const table = isTable(config.profiles) ? config.profiles[name] : undefined;
  return { profile: { name, found: isTable(table) }, table: isTable(table) ? table : {} };
}

/** What the merged configuration selects. The legacy profile is applied as Codex did before 0.171. */
export function selection(config: TomlTable): Selection {
  const problems: string[] = [];
  const { profile, table } = legacyProfile(config);
  if (profile)
    problems.push(
      `legacy \`profile = "${profile.name}"\` config is no longer supported; ` +
        `use \`--profile ${profile.name}\` with \`${profile.name}.config.toml\` instead`,
    );
  const chosen = text(table.model_provider) ?? text(config.model_provider);
  const id = chosen ?? 'openai';
  const from = text(table.model_provider) ? 'profile' : chosen ? 'config' : 'default';
  const providers = isTable(config.model_providers) ? config.model_providers : {};
  const reserved = RESERVED.filter((key) => key in providers);
  if (reserved.length > 0)
    problems.push(
      `model_providers contains reserved built-in provider IDs: ${reserved.map((r) => `\`${r}\``).join(', ')}`,
    );
  // Any provider table, chosen or not: Codex 0.171 refuses the Chat Completions API everywhere.
  if (Object.values(providers).some((table) => isTable(table) && table.wire_api === 'chat'))
    problems.push('`wire_api = "chat"` is no longer supported.');
  const own = providers[id];
  const builtIn = BUILT_IN_PROVIDERS.includes(id);
  if (!builtIn && !isTable(own)) problems.push(`Model provider \`${id}\` not found`);
  return {
    model: text(table.model) ?? text(config.model),
    provider: {
      id,
      from,
      builtIn,
      envKey: !builtIn && isTable(own) ? text(own.env_key) : null,
      defined: isTable(own),
      openaiAuth: id === 'openai' || (!builtIn && isTable(own) && own.requires_openai_auth === true),
    },
    legacyProfile: profile,
    problems,
  };
}
