// loadRunner: specifier → a ready Runner, with the manifest checked, permissions granted (or the
// load refused), and executables resolved to absolute paths.
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RunnerContext, RunnerDefinition } from './define-runner.js';
import { RunnerLoadError, RunnerUnresponsive } from './errors.js';
import { overrideVariable, resolveExecutable } from './executable.js';
import { grantFor, loadConfig } from './config.js';
import { validateManifest } from './manifest.js';
import { buildChildEnv } from './env.js';
import { userEnvGrant } from './env-grants.js';
import { effectiveGrant } from './permissions.js';
import { BUILT_IN_RUNNERS, resolveSpecifier, type BuiltInRunner } from './resolve.js';
import { createRunScope, type ExecutableLaunch } from './run-scope.js';
import type { Runner, RunRequest } from './types.js';

const PROBE_TIMEOUT_MS = 20_000;
const PROBE_OUTPUT_BYTES = 16 << 20;
// Well above what an honest runner needs after an abort (SIGTERM grace, SIGKILL, bounded drain).
const ABORT_SETTLE_MS = 10_000;

export interface LoadRunnerOptions {
  /** The workspace runs will use (for `${workspace}` in grants). */
  workspace: string;
  /** The user's config file (grants, price table); default: $PEER_BRIDGE_CONFIG, else none. */
  configPath?: string;
  /** Where executables and the config path are looked up (default process.env). */
  env?: NodeJS.ProcessEnv;
  /** How long a runner may take to settle once its run or probe is aborted (default 10 s). */
  abortSettleMs?: number;
  /** The supportedEfforts probe's time limit (default 20 s). */
  probeTimeoutMs?: number;
}

// A runner that ignores the abort (awaits something that never ends) must not hang its caller:
// once `signal` fires it has `ms` to settle, then the call rejects.
function settleAfterAbort<T>(
  work: Promise<T>,
  signal: AbortSignal,
  ms: number,
  runnerId: string,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: () => void = () => undefined;
  const stuck = new Promise<never>((_, reject) => {
    onAbort = () => {
      timer = setTimeout(
        () =>
          reject(
            new RunnerUnresponsive(`runner "${runnerId}" did not finish its ${what} within ${ms} ms of being aborted`),
          ),
        ms,
      );
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([work, stuck]).finally(() => {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  });
}

interface BuiltInModule {
  default: RunnerDefinition;
  /**
   * Built-ins only: adjust a resolved executable (e.g. skip an npm stub or wrapper script), or start
   * another file with variables of its own in its place.
   */
  refineExecutable?: (command: string, file: string, how: RefineContext) => string | ExecutableLaunch;
}

/** What a built-in's refineExecutable knows about the file it is given. */
export interface RefineContext {
  /** The user named the file (an absolute `run` entry or PEER_BRIDGE_<NAME>_BIN): start it as given. */
  given: boolean;
  /** The environment the runner's children get. */
  childEnv: Readonly<Record<string, string>>;
}

const BUILT_INS: Record<BuiltInRunner, () => Promise<BuiltInModule>> = {
  codex: () => import('./codex/index.js'),
  claude: () => import('./claude/index.js'),
};

function asDefinition(value: unknown, where: string): RunnerDefinition {
  const def = value as Partial<RunnerDefinition> | undefined;
  if (!def || typeof def !== 'object' || typeof def.create !== 'function') {
    throw new RunnerLoadError(
      `${where} has no runner as its default export (export default defineRunner({ manifest, create }))`,
    );
  }
  return { manifest: validateManifest(def.manifest, where), create: def.create };
}

/**
 * Loads a runner: `codex` or `claude` (built-in, granted their own manifest), `./file.js` or an
 * absolute path, or an installed npm package name (resolved from the config file's folder). A
 * third-party runner gets only what both its manifest requests and the config grants; asking for
 * more fails the load with PermissionDenied naming the permission. Loaded once per process; a
 * later call re-checks only what can change (see `loaded`).
 */
export async function loadRunner(specifier: string, options: LoadRunnerOptions): Promise<Runner> {
  const key = cacheKey(specifier, options);
  const cached = loaded.get(key);
  if (cached && cached.files.every((f) => stamp(f.file) === f.stamp)) return cached.runner;
  loaded.delete(key);
  const runner = await loadRunnerNow(specifier, options);
  const files = dependsOn.get(runner) ?? [];
  loaded.set(key, { runner, files: files.map((file) => ({ file, stamp: stamp(file) })) });
  return runner;
}

// A load is kept per process and reused while nothing it depended on changed: the same
// specifier, options, working directory and environment (compared whole: the child's variables
// come from it), and the same config file and executables on disk (by stat). A reused runner
// keeps its `create` result. Cost of a reuse: one stat per file, one pass over the environment.
const loaded = new Map<string, { runner: Runner; files: { file: string; stamp: string }[] }>();
const dependsOn = new WeakMap<Runner, string[]>();

function stamp(file: string): string {
  try {
    const st = statSync(file);
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.mode}`;
  } catch {
    return 'missing';
  }
}

function cacheKey(specifier: string, options: LoadRunnerOptions): string {
  const env = Object.entries(options.env ?? process.env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const { workspace, configPath, abortSettleMs, probeTimeoutMs } = options;
  return JSON.stringify([
    specifier,
    path.resolve(workspace),
    configPath ?? null,
    abortSettleMs ?? null,
    probeTimeoutMs ?? null,
    process.cwd(),
    env,
  ]);
}

async function loadRunnerNow(specifier: string, options: LoadRunnerOptions): Promise<Runner> {
  const env = options.env ?? process.env;
  const workspace = path.resolve(options.workspace);
  const config = loadConfig(options.configPath ?? env.PEER_BRIDGE_CONFIG);
  const resolved = resolveSpecifier(specifier, config.dir ?? process.cwd());
  let definition: RunnerDefinition;
  let refine: BuiltInModule['refineExecutable'];
  let userGrant;
  // Variables the user passes to a built-in on top of its manifest (never to a plugin, whose grant is request ∩ config).
  let passEnv: string[] = [];
  if (resolved.kind === 'built-in') {
    const mod = await BUILT_INS[resolved.id]();
    definition = asDefinition(mod.default, `built-in runner ${resolved.id}`);
    refine = mod.refineExecutable;
    userGrant = definition.manifest.permissions;
    passEnv = userEnvGrant(resolved.id, config, env);
  } else {
    let mod: { default?: unknown };
    try {
      mod = (await import(pathToFileURL(resolved.file).href)) as { default?: unknown };
    } catch (error) {
      throw new RunnerLoadError(`cannot import runner ${resolved.file}: ${(error as Error).message}`, { cause: error });
    }
    definition = asDefinition(mod.default, resolved.file);
    if ((BUILT_IN_RUNNERS as readonly string[]).includes(definition.manifest.id)) {
      throw new RunnerLoadError(
        `${resolved.file} claims the id "${definition.manifest.id}" of a built-in runner; a plugin needs an id of its own`,
      );
    }
    userGrant = grantFor(config, specifier, resolved.file);
  }
  const { manifest } = definition;
  const grant = effectiveGrant(manifest.id, manifest.permissions, userGrant, workspace);
  // Paths stay templates: each run expands ${workspace} for its own workspace.
  grant.read = [...manifest.permissions.read];
  grant.write = [...manifest.permissions.write];
  grant.env = [...new Set([...grant.env, ...passEnv])];
  const childEnv = Object.freeze(buildChildEnv({ source: env, granted: grant.env, host: {} }));
  const executables: Record<string, string> = {};
  const launches: Record<string, ExecutableLaunch> = {};
  const resolvedFiles: string[] = [];
  for (const command of grant.run) {
    const file = resolveExecutable(command, env);
    resolvedFiles.push(file);
    const given = path.isAbsolute(command) || Boolean(env[overrideVariable(command)]);
    const refined = refine ? refine(command, file, { given, childEnv }) : file;
    if (typeof refined === 'string') executables[command] = refined;
    else {
      executables[command] = refined.file;
      launches[command] = refined;
    }
  }
  const ctx: RunnerContext = Object.freeze({
    id: manifest.id,
    grant: Object.freeze(grant),
    executables: Object.freeze(executables),
    config: { priceTable: { ...(config.file.price_table ?? {}) } },
    env: childEnv,
  });
  const impl = await definition.create(ctx);
  const settleMs = options.abortSettleMs ?? ABORT_SETTLE_MS;
  const configFile = options.configPath ?? env.PEER_BRIDGE_CONFIG;
  const runner: Runner = {
    id: manifest.id,
    workbench: manifest.workbench === true,
    async supportedEfforts(model) {
      const probe: RunRequest = {
        verb: 'advise',
        prompt: '',
        workspace,
        depth: Number(env.PEER_BRIDGE_DEPTH ?? 0) || 0,
        signal: AbortSignal.timeout(options.probeTimeoutMs ?? PROBE_TIMEOUT_MS),
        limits: { maxOutputBytes: PROBE_OUTPUT_BYTES, maxLineBytes: PROBE_OUTPUT_BYTES },
        onEvent: () => {},
      };
      const handle = createRunScope(manifest.id, grant, executables, probe, env, launches);
      try {
        return await settleAfterAbort(
          impl.supportedEfforts(model, handle.scope),
          probe.signal,
          settleMs,
          manifest.id,
          'supportedEfforts probe',
        );
      } finally {
        await handle.dispose();
      }
    },
    async run(req) {
      const handle = createRunScope(manifest.id, grant, executables, req, env, launches);
      try {
        return await settleAfterAbort(impl.run(req, handle.scope), req.signal, settleMs, manifest.id, 'run');
      } finally {
        await handle.dispose();
      }
    },
  };
  dependsOn.set(runner, [
    ...new Set([...(configFile ? [configFile] : []), ...resolvedFiles, ...Object.values(executables)]),
  ]);
  return runner;
}
