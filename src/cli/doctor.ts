// `peer-bridge doctor`: checks what a bridge call needs and says how to fix what is missing.
// Everything that could fail to load (the native addon) is imported inside its own check.
import { realpathSync } from 'node:fs';
import { access, constants } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { depthLimit, inheritedDepth } from '../bridge/depth.js';
import { probeRunners } from '../bridge/probe.js';
import { BUILD_FROM_SOURCE_HINT } from '../native/load.js';
import { STATE_DIR } from '../vocabulary.js';
import type { Check } from './doctor-check.js';
import { checkRunner } from './doctor-credentials.js';
import { checkPlugins } from './doctor-plugins.js';
import { liveCheck } from './doctor-live.js';
import { opencodeChecks } from './doctor/opencode.js';
import { parse } from './args.js';
import { version } from '../package/version.js';
import { hostEnv } from '../settings/env.js';
import { readSetting, settingIsSet } from '../settings/read.js';
import { checkSettings } from './doctor-settings.js';

export const DOCTOR_HELP = `Usage: peer-bridge doctor [--workspace DIR] [--json] [--live]

Checks Node, the native addon, the Codex and Claude Code CLIs and their credentials (without
spending tokens), installed runner plugins (@peer-bridge/runner-<name>: granted, their CLI and its
credentials), the default runner and the workspace, and says how to fix what is missing.
Exit status 1 when a required check fails.

Options:
  -w, --workspace DIR  workspace to check (default: the current directory)
      --live           also make one tiny real call per runner (spends a few tokens)
      --json           print JSON
  -h, --help           show this help
  -v, --version        print the version`;

const MIN_NODE = [20, 17] as const;

function checkNode(): Check {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  const ok = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
  return ok
    ? { name: 'node', level: 'ok', detail: `Node ${process.versions.node}` }
    : {
        name: 'node',
        level: 'fail',
        detail: `Node ${process.versions.node} is older than ${MIN_NODE.join('.')}`,
        fix: 'install Node 20.17 or newer (https://nodejs.org)',
      };
}

async function checkNative(): Promise<Check> {
  try {
    const native = await import('../native/index.js');
    const b = native.backend;
    return {
      name: 'native',
      level: 'ok',
      detail: `${b.platform}: stat ${b.stat}, rename ${b.rename}, lock ${b.lock}; loaded ${b.binary}`,
    };
  } catch (error) {
    return {
      name: 'native',
      level: 'fail',
      detail: `the native addon did not load: ${(error as Error).message.split('\n')[0]}`,
      // The variable, when set, is the only file tried: a reinstall would not help.
      fix: readSetting('PEER_BRIDGE_NATIVE_PATH')
        ? 'unset PEER_BRIDGE_NATIVE_PATH (the package then loads its own binary), ' +
          'or point it at a peer-bridge.node that loads here'
        : `no binary is prebuilt for this platform, or it did not load: ${BUILD_FROM_SOURCE_HINT}`,
    };
  }
}

// How a call's leftover processes are found; on Linux without the reaper, a slower fallback that
// misses processes which dropped the spawn marker.
async function checkProcesses(): Promise<Check> {
  const { processSupervision } = await import('../supervisor/reaper.js');
  const { peerNice } = await import('../supervisor/priority.js');
  const { mode, reaper } = processSupervision();
  let nice: number;
  try {
    nice = peerNice();
  } catch (error) {
    const fix = 'unset PEER_BRIDGE_PEER_NICE or set it to a whole number from 0 to 19';
    return { name: 'processes', level: 'fail', detail: (error as Error).message, fix };
  }
  const priority =
    nice === 0
      ? '; peers run at this CPU priority (PEER_BRIDGE_PEER_NICE=0)'
      : `; peers run ${nice} nice levels lower (PEER_BRIDGE_PEER_NICE)`;
  if (mode === 'subreaper')
    return {
      name: 'processes',
      level: 'ok',
      detail: `every child runs under ${reaper} (a child subreaper)${priority}`,
    };
  if (mode === 'taskkill')
    return { name: 'processes', level: 'ok', detail: `process trees are killed with taskkill /T /F${priority}` };
  if (process.platform !== 'linux')
    return {
      name: 'processes',
      level: 'ok',
      detail: `process trees are found by process group and parent links${priority}`,
    };
  return {
    name: 'processes',
    level: 'warn',
    detail:
      'no peer-bridge-reaper: leftovers are found by scanning /proc after each call, ' +
      `which misses processes that dropped the spawn marker${priority}`,
    fix: reaperFix(readSetting('PEER_BRIDGE_REAPER')),
  };
}

// Why Linux runs without the reaper: the variable switched it off or named nothing usable, or the
// package has none for this architecture.
function reaperFix(setting: string | undefined): string {
  if (setting === 'off') return 'unset PEER_BRIDGE_REAPER';
  if (setting) return `PEER_BRIDGE_REAPER=${setting} is not an executable file: unset it or point it at one`;
  return (
    `the package has no reaper for linux-${process.arch} (prebuilt: linux-x64, linux-arm64); ` + BUILD_FROM_SOURCE_HINT
  );
}

async function checkWorkspace(dir: string): Promise<Check[]> {
  const checks: Check[] = [];
  const { resolveWorkspace, writeRefusal } = await import('../bridge/workspace.js');
  let workspace: string;
  try {
    workspace = resolveWorkspace(dir);
  } catch (error) {
    return [
      {
        name: 'workspace',
        level: 'fail',
        detail: (error as Error).message,
        fix: 'run in a project folder or pass --workspace DIR',
      },
    ];
  }
  const refusal = writeRefusal('implement', workspace);
  checks.push(
    refusal
      ? {
          name: 'workspace',
          level: 'warn',
          detail: `${workspace}: ${refusal}`,
          fix: 'run the bridge inside a project folder',
        }
      : { name: 'workspace', level: 'ok', detail: workspace },
  );
  const { stateProblems } = await import('../state/health.js');
  const problems = await stateProblems(workspace);
  if (problems.length > 0) {
    for (const problem of problems) {
      checks.push({
        name: 'state',
        level: 'fail',
        detail: `${problem.path} ${problem.problem} (every bridge call is refused until fixed)`,
        fix: problem.fix,
      });
    }
    return checks;
  }
  const state = path.join(workspace, STATE_DIR);
  try {
    // Checks without creating anything: the state folder if it exists, else the workspace.
    const exists = await access(state).then(
      () => true,
      () => false,
    );
    await access(exists ? state : workspace, constants.W_OK);
    checks.push({ name: 'state', level: 'ok', detail: `${STATE_DIR}/ is writable (ledger, transcripts, incidents)` });
  } catch (error) {
    checks.push({
      name: 'state',
      level: 'fail',
      detail: `${STATE_DIR}/ is not writable: ${(error as Error).message}`,
      fix: 'give your user write access to the workspace',
    });
    return checks;
  }
  checks.push(await checkLedger(workspace));
  return checks;
}

// What the ledger holds: its records, the calls not settled yet, and lines it could not read.
async function checkLedger(workspace: string): Promise<Check> {
  try {
    const { Ledger } = await import('../state/ledger.js');
    const ledger = new Ledger(workspace);
    const [{ records, skipped }, runs] = await Promise.all([ledger.read(), ledger.runs(1000)]);
    const open = runs.filter((run) => run.status === 'running').length;
    return {
      name: 'ledger',
      level: skipped > 0 ? 'warn' : 'ok',
      detail:
        `${records.length} records` +
        (open ? `, ${open} started call(s) not settled yet` : '') +
        (skipped ? `, ${skipped} unreadable line(s) skipped` : ''),
      ...(skipped
        ? {
            fix:
              'unreadable lines come from a crash mid-write or from an edit by hand; ' +
              'they are ignored and need no action',
          }
        : {}),
    };
  } catch (error) {
    return { name: 'ledger', level: 'warn', detail: `could not read the ledger: ${(error as Error).message}` };
  }
}

// Read as the bridge reads them, so doctor fails exactly when every call would be refused.
function checkDepth(): Check {
  try {
    const depth = inheritedDepth();
    const limit = depthLimit();
    return !settingIsSet('PEER_BRIDGE_DEPTH')
      ? { name: 'depth', level: 'ok', detail: `PEER_BRIDGE_DEPTH unset (top level, depth 0), limit ${limit}` }
      : {
          name: 'depth',
          level: 'ok',
          detail: `PEER_BRIDGE_DEPTH=${depth}, limit ${limit} (calls at or past the limit are refused)`,
        };
  } catch (error) {
    return {
      name: 'depth',
      level: 'fail',
      detail: (error as Error).message,
      fix: 'unset PEER_BRIDGE_DEPTH and PEER_BRIDGE_MAX_DEPTH, or set them to non-negative integers',
    };
  }
}

// Read as the bridge reads them: a bad value refuses every call (the pool's) or every implement call.
async function checkCallLimits(env: NodeJS.ProcessEnv): Promise<Check> {
  const [{ maxPeers }, { maxWriters }] = await Promise.all([
    import('../bridge/peer-pool.js'),
    import('../bridge/writer-setting.js'),
  ]);
  try {
    const peers = maxPeers(env);
    const writers = maxWriters(env);
    const calls = writers === 1 ? 'one implement call' : `${writers} implement calls`;
    const turns =
      writers === 0
        ? 'implement calls on one workspace run side by side (PEER_BRIDGE_MAX_WRITERS=0)'
        : `${calls} at a time per workspace, across processes (PEER_BRIDGE_MAX_WRITERS)`;
    return {
      name: 'calls',
      level: 'ok',
      detail: `a server runs up to ${peers} peers at once, later calls wait in line (PEER_BRIDGE_MAX_PEERS); ${turns}`,
    };
  } catch (error) {
    return {
      name: 'calls',
      level: 'fail',
      detail: (error as Error).message,
      fix: 'unset PEER_BRIDGE_MAX_PEERS and PEER_BRIDGE_MAX_WRITERS, or set them to whole numbers in range',
    };
  }
}

export interface Diagnosis {
  checks: Check[];
  /** The runner calls use when they name none. */
  defaultRunner: string;
}

export interface DiagnoseOptions {
  /** Also make one real call per runner that looks ready. */
  live?: boolean;
  env?: NodeJS.ProcessEnv;
}

// Processes that lock in different directories do not exclude each other: show which one this is.
async function checkFileLocks(): Promise<Check> {
  const { lockDirInfo, readLockDirOwner } = await import('../fs/lock-dir.js');
  const { dir, source } = lockDirInfo();
  const owner = readLockDirOwner(dir);
  const whose = owner ? `, made by ${owner.user} (uid ${owner.uid ?? 'n/a'})` : ', not created yet';
  return {
    name: 'file-locks',
    level: 'ok',
    detail: `lock directory ${dir} (from ${source})${whose}; every process editing the same files must use this one`,
  };
}

/** Runs every check. */
export async function diagnose(workspace: string, options: DiagnoseOptions = {}): Promise<Check[]> {
  return (await diagnosis(workspace, options)).checks;
}

function defaultRunnerCheck(chosen: string, ready: string[]): Check {
  // The runner checks already fail, each with its fix: no second failure for the same cause.
  if (ready.length === 0)
    return { name: 'default', level: 'warn', detail: `${chosen} would be used, but no runner is ready (see above)` };
  if (ready.includes(chosen))
    return {
      name: 'default',
      level: 'ok',
      detail: `${chosen} (calls that name no runner use it; \`serve --runner\` changes it)`,
    };
  return {
    name: 'default',
    level: 'warn',
    detail: `${chosen} is the default runner but is not ready`,
    fix: `start the server with \`peer-bridge serve --runner ${ready[0]}\`, or fix ${chosen} as said above`,
  };
}

// The workspace as the children would run in it (its real path), or null when it does not exist.
function existingDir(dir: string): string | null {
  try {
    return realpathSync(path.resolve(dir));
  } catch {
    return null;
  }
}

/** Runs every check and names the default runner. */
export async function diagnosis(workspace: string, options: DiagnoseOptions = {}): Promise<Diagnosis> {
  const env = options.env ?? hostEnv();
  const runIn = existingDir(workspace);
  const [native, runners, ws, processes] = await Promise.all([
    checkNative(),
    probeRunners(env),
    checkWorkspace(workspace),
    checkProcesses(),
  ]);
  const perRunner = await Promise.all(
    runners.map(async (r): Promise<Check[]> =>
      r.available
        ? [
            { name: r.id, level: 'ok', detail: `${r.version} (${r.executable}, from ${r.source})` },
            ...(await checkRunner(r.id, r.executable!, env, runIn)),
          ]
        : [
            {
              name: r.id,
              level: 'warn',
              detail: `${r.id} runner unavailable`,
              ...(r.problem ? { fix: r.problem } : {}),
            },
          ],
    ),
  );
  const plugins = await checkPlugins(env, runIn ?? path.resolve(workspace));
  const runnerChecks = [...perRunner.flat(), ...plugins.checks];
  // Ready: its credentials are ok and nothing about it fails (Codex that cannot load its configuration).
  const ready = [
    ...runners
      .filter((r, i) => perRunner[i]![1]?.level === 'ok' && perRunner[i]!.every((c) => c.level !== 'fail'))
      .map((r): string => r.id),
    ...plugins.ready,
  ];
  // A warning while some runner can work; a failure when none can.
  if (ready.length === 0) {
    for (const check of runnerChecks) if (check.level === 'warn') check.level = 'fail';
  }
  // run-bridge loads the native addon: a failure there is already the `native` check's.
  const chosen = await import('../bridge/run-bridge.js').then(
    (m) => m.defaultRunner(env),
    () => 'codex',
  );
  const defaultCheck = defaultRunnerCheck(chosen, ready);
  // Runner plugins are found where the config file is (PEER_BRIDGE_CONFIG), else here.
  const configFile = readSetting('PEER_BRIDGE_CONFIG', env);
  const pluginsFrom = configFile ? path.dirname(path.resolve(configFile)) : process.cwd();
  const opencode = await opencodeChecks({ env, from: pluginsFrom, live: options.live === true });
  const live = !options.live
    ? []
    : ready.length === 0
      ? [{ name: 'live', level: 'warn', detail: 'no live call made: no runner is ready (see above)' } satisfies Check]
      : await Promise.all(ready.map((id) => liveCheck(id)));
  return {
    checks: [
      checkNode(),
      checkSettings(env),
      native,
      processes,
      ...runnerChecks,
      ...opencode,
      defaultCheck,
      ...live,
      ...ws,
      checkDepth(),
      await checkCallLimits(env),
      await checkFileLocks(),
    ],
    defaultRunner: chosen,
  };
}

export async function doctor(argv: string[]): Promise<number> {
  const { values } = parse(
    argv,
    { workspace: { type: 'string', short: 'w' }, json: { type: 'boolean' }, live: { type: 'boolean' } },
    false,
  );
  if (values.help) return (console.log(DOCTOR_HELP), 0);
  if (values.version) return (console.log(version), 0);
  const { checks, defaultRunner: chosen } = await diagnosis(values.workspace ?? process.cwd(), {
    live: values.live === true,
  });
  if (values.json) {
    console.log(
      JSON.stringify({ version, platform: `${os.platform()}-${os.arch()}`, default_runner: chosen, checks }, null, 2),
    );
  } else {
    for (const check of checks) {
      console.log(`${check.level.padEnd(4)}  ${check.name.padEnd(12)} ${check.detail}`);
      if (check.fix && check.level !== 'ok') console.log(`      ${''.padEnd(12)} fix: ${check.fix}`);
    }
  }
  return checks.some((check) => check.level === 'fail') ? 1 : 0;
}
