// The real OpenCode CLI pointed at the Chat Completions double, in a throw-away home: its
// configuration, data, cache and state folders (XDG_*) and HOME are all inside the test's temp
// folder, so it never reads or writes the user's ~/.config/opencode or ~/.local/share/opencode.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The OpenCode runner plugin's entry, as a path specifier. */
export const opencodePlugin = path.join(repoRoot, 'packages', 'runner-opencode', 'index.js');
/** The version pinned in devDependencies (OpenCode's own plugin package is kept at it too). */
export const OPENCODE_VERSION = '1.18.33';
/** The model every test config names (`provider/model`). */
export const DOUBLE_MODEL = 'double/double-model';

// npm's bin is the binary once opencode-ai's postinstall copied it; without install scripts it is
// a small stub, and the platform package's binary is the one to run.
function binary(): string {
  const bin = path.join(repoRoot, 'node_modules', 'opencode-ai', 'bin', 'opencode.exe');
  if (existsSync(bin) && statSync(bin).size > 1 << 20) return bin;
  const name = `opencode-${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  return path.join(repoRoot, 'node_modules', name, 'bin', process.platform === 'win32' ? 'opencode.exe' : 'opencode');
}
export const opencodeBin = binary();

/** OpenCode's config for the double: one OpenAI-compatible provider with a priced model. */
export function doubleProviderConfig(origin: string): Record<string, unknown> {
  return {
    $schema: 'https://opencode.ai/config.json',
    model: DOUBLE_MODEL,
    provider: {
      double: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted double',
        options: { baseURL: `${origin}/v1`, apiKey: 'sk-test-double' },
        models: {
          'double-model': {
            name: 'Double',
            limit: { context: 100_000, output: 4096 },
            // USD per million tokens: OpenCode prices each step with it.
            cost: { input: 1, output: 10, cache_read: 0.1 },
          },
        },
      },
    },
  };
}

/**
 * A home for OpenCode under `dir`, with the provider config in its global config file. OpenCode
 * installs its own plugin package (`@opencode-ai/plugin`, from the npm registry) into every
 * config folder whose node_modules is missing or whose package.json lists more than its
 * package-lock.json: a folder that already lists it in both is left alone, and nothing is fetched.
 */
export function opencodeHome(dir: string, config: Record<string, unknown>): Record<string, string> {
  const home = path.join(dir, 'opencode-home');
  const configDir = path.join(home, 'config', 'opencode');
  mkdirSync(path.join(configDir, 'node_modules'), { recursive: true });
  const deps = { '@opencode-ai/plugin': OPENCODE_VERSION };
  writeFileSync(path.join(configDir, 'package.json'), JSON.stringify({ dependencies: deps }));
  writeFileSync(
    path.join(configDir, 'package-lock.json'),
    JSON.stringify({ packages: { '': { dependencies: deps } } }),
  );
  writeFileSync(path.join(configDir, 'opencode.json'), JSON.stringify(config, null, 2));
  return {
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, 'config'),
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CACHE_HOME: path.join(home, 'cache'),
    XDG_STATE_HOME: path.join(home, 'state'),
    // No models.dev catalogue fetch, no default auth plugins, no language-server downloads, no
    // Claude Code skills from ~/.claude.
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_CLAUDE_CODE: '1',
    OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
  };
}

/** The environment of an OpenCode peer against the double at `origin`. */
export function opencodeEnv(origin: string, dir: string): Record<string, string> {
  return { ...opencodeHome(dir, doubleProviderConfig(origin)), PEER_BRIDGE_OPENCODE_BIN: opencodeBin };
}

/** The grant the OpenCode plugin's manifest asks for, as a user's config file entry. */
export async function opencodeGrant(): Promise<Record<string, unknown>> {
  const plugin = (await import(opencodePlugin)) as { manifest: { permissions: Record<string, unknown> } };
  return { ...plugin.manifest.permissions };
}

/** A peer-bridge config file in `dir` granting the plugin (by `specifier`) everything it asks for. */
export async function opencodeConfigFile(dir: string, specifier = opencodePlugin): Promise<string> {
  const file = path.join(dir, 'peer-bridge.config.json');
  writeFileSync(file, JSON.stringify({ runners: { [specifier]: { grant: await opencodeGrant() } } }, null, 2));
  return file;
}

const harnessSchema: object = JSON.parse(
  readFileSync(path.join(repoRoot, 'schemas', 'harness-envelope.schema.json'), 'utf8'),
);
const ajv = new Ajv2020({ allErrors: true, strict: false });
const addFormats = addFormatsModule.default ?? addFormatsModule;
addFormats(ajv);
const validateHarness = ajv.compile(harnessSchema);

/** The problems of `envelope` against schemas/harness-envelope.schema.json (empty when valid). */
export function envelopeProblems(envelope: unknown): string[] {
  if (validateHarness(envelope)) return [];
  return (validateHarness.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
