// The user's runner config file: the grants for third-party runners and an optional price table.
//
// peer-bridge.config.json:
// {
//   "runners": {
//     "./runners/my-runner.js": {
//       "grant": { "run": ["my-cli"], "env": ["MY_CLI_*"], "read": ["${workspace}"], "write": [] }
//     },
//     "some-npm-runner": { "grant": { "run": ["other-cli"] } }
//   },
//   "price_table": { "gpt-5.5": { "input": 1.25, "cached_input": 0.125, "output": 10 } }
// }
//
// Keys of `runners` are specifiers exactly as passed to loadRunner (paths relative to this file's
// folder match too). Built-ins (codex, claude) need no entry. Prices are USD per million tokens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RunnerConfigError } from './errors.js';
import { validatePermissions, type RunnerPermissions } from './manifest.js';

/** USD per million tokens for one model. */
export interface ModelPrice {
  input: number;
  cached_input?: number;
  output: number;
}

export interface RunnerConfigFile {
  runners?: Record<string, { grant?: Partial<RunnerPermissions> }>;
  price_table?: Record<string, ModelPrice>;
}

/** What one runner sees of the config. */
export interface RunnerUserConfig {
  priceTable: Record<string, ModelPrice>;
}

export interface LoadedConfig {
  /** Folder npm package names and relative paths are resolved from (null: no config file). */
  dir: string | null;
  file: RunnerConfigFile;
}

function isPrice(value: unknown): value is ModelPrice {
  const v = value as Record<string, unknown>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  return (
    typeof v === 'object' &&
    v !== null &&
    num(v.input) &&
    num(v.output) &&
    (v.cached_input === undefined || num(v.cached_input))
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads and checks the config file; no path → an empty config. */
export function loadConfig(configPath: string | undefined): LoadedConfig {
  if (!configPath) return { dir: null, file: {} };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(configPath, 'utf8'));
  } catch (error) {
    throw new RunnerConfigError(`cannot read runner config ${configPath}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const file = data as RunnerConfigFile;
  if (!isObject(data)) throw new RunnerConfigError(`${configPath}: must be a JSON object`);
  for (const field of ['runners', 'price_table'] as const) {
    if (file[field] !== undefined && !isObject(file[field]))
      throw new RunnerConfigError(`${configPath}: ${field} must be an object`);
  }
  for (const [key, entry] of Object.entries(file.runners ?? {})) {
    if (!isObject(entry))
      throw new RunnerConfigError(`${configPath}: runners["${key}"] must be an object like { "grant": { … } }`);
    if (entry.grant !== undefined && !validatePermissions(entry.grant)) {
      const why = (validatePermissions.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
      throw new RunnerConfigError(`${configPath}: runners["${key}"].grant is invalid: ${why}`);
    }
  }
  for (const [model, price] of Object.entries(file.price_table ?? {})) {
    if (!isPrice(price))
      throw new RunnerConfigError(
        `${configPath}: price_table["${model}"] needs numbers input, output (and optional cached_input), ` +
          'USD per million tokens',
      );
  }
  return { dir: path.dirname(path.resolve(configPath)), file };
}

/**
 * The user's grant for `specifier` (by exact key, by the package it resolved to, so `gemini` and
 * `@peer-bridge/runner-gemini` share one entry, or by the same resolved path), if any.
 */
export function grantFor(
  config: LoadedConfig,
  specifier: string,
  resolvedFile: string | null,
  packageName?: string,
): Partial<RunnerPermissions> | undefined {
  const runners = config.file.runners ?? {};
  if (runners[specifier]) return runners[specifier].grant ?? {};
  if (packageName && runners[packageName]) return runners[packageName].grant ?? {};
  if (resolvedFile && config.dir) {
    for (const [key, entry] of Object.entries(runners)) {
      if (isPathSpecifier(key) && path.resolve(config.dir, key) === resolvedFile) return entry.grant ?? {};
    }
  }
  return undefined;
}

/** `./x.js`, `../x.js` or an absolute path (as opposed to a built-in or an npm package name). */
export function isPathSpecifier(specifier: string): boolean {
  return (
    specifier.startsWith('./') ||
    specifier.startsWith('../') ||
    path.isAbsolute(specifier) ||
    specifier.startsWith('.\\') ||
    specifier.startsWith('..\\')
  );
}
