// Shared set-up for runner tests: temporary CLI homes pointed at the scripted doubles, the real
// CLI binaries from node_modules, and small waiting helpers (events, never sleeps).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PeerWorkbench, RunRequest, RunnerEvent, Verb } from '../../src/runners/types.js';
import type { SpawnOptions } from '../../src/supervisor/spawn.js';
import { claudeDoubleEnv } from '../doubles/claude-env.js';
import { codexConfigToml } from '../doubles/codex-config.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const codexBin = path.join(root, 'node_modules', '.bin', 'codex');
export const claudeBin = path.join(root, 'node_modules', '.bin', 'claude');

/**
 * spawnChild options for a test child in `cwd`: PATH only, 1 MiB of output, never aborted, lines
 * ignored; `overrides` replaces any of them.
 */
export function spawnOptions(cwd: string, overrides: Partial<SpawnOptions> = {}): SpawnOptions {
  return {
    cwd,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    signal: new AbortController().signal,
    limits: { maxOutputBytes: 1 << 20, maxLineBytes: 1 << 16 },
    onLine: () => {},
    ...overrides,
  };
}

/**
 * A stand-in peer workbench (fixtures/slow-mcp-server.mjs) that answers `initialize` after
 * `delayMs`; with `report`, it writes the MCP_* variables its client started it with to that file.
 */
export function slowWorkbench(delayMs: number, report?: string): PeerWorkbench {
  const server = path.join(root, 'test', 'runners', 'fixtures', 'slow-mcp-server.mjs');
  return {
    name: 'workbench',
    command: process.execPath,
    args: [server, String(delayMs), ...(report ? [report] : [])],
    env: {},
  };
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), `pb-${prefix}-`));
}

/** A CODEX_HOME whose config.toml talks only to the double at `origin`. */
export async function codexHome(origin: string, extraToml = ''): Promise<string> {
  const home = await tempDir('codex-home');
  await writeFile(path.join(home, 'config.toml'), `${codexConfigToml(origin)}${extraToml}`);
  return home;
}

/** Environment for a Codex child talking to the double. */
export async function codexEnv(origin: string, extraToml = ''): Promise<Record<string, string>> {
  return {
    CODEX_HOME: await codexHome(origin, extraToml),
    OPENAI_API_KEY: 'sk-test-double',
    PEER_BRIDGE_CODEX_BIN: codexBin,
    // Tool commands run in login shells: keep this machine's dotfiles (and their side effects) out.
    HOME: await tempDir('home'),
  };
}

/** Environment for a Claude child talking to the double; `allowBash` grants Bash in the user settings. */
export async function claudeEnv(origin: string, allowBash = false): Promise<Record<string, string>> {
  const home = await tempDir('claude-home');
  if (allowBash)
    await writeFile(path.join(home, 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash'] } }));
  return {
    ...claudeDoubleEnv(origin, home),
    PEER_BRIDGE_CLAUDE_BIN: claudeBin,
    // Tool commands run in login shells: keep this machine's dotfiles (and their side effects) out.
    HOME: await tempDir('home'),
  };
}

/** Sets variables in process.env (what the host picks from) and returns an undo function. */
export function setEnv(vars: Record<string, string>): () => void {
  const before = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return () => {
    for (const [k, v] of Object.entries(before)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

export interface Collected {
  events: RunnerEvent[];
  /** Resolves with the first event matching `match` (including ones already seen). */
  when(match: (e: RunnerEvent) => boolean): Promise<RunnerEvent>;
}

export function collector(): Collected & { onEvent(e: RunnerEvent): void } {
  const events: RunnerEvent[] = [];
  const waiters: { match: (e: RunnerEvent) => boolean; resolve: (e: RunnerEvent) => void }[] = [];
  return {
    events,
    onEvent(e) {
      events.push(e);
      for (const w of [...waiters]) {
        if (w.match(e)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(e);
        }
      }
    },
    when(match) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

export function request(
  verb: Verb,
  workspace: string,
  onEvent: (e: RunnerEvent) => void,
  extra: Partial<RunRequest> = {},
): RunRequest {
  return {
    verb,
    prompt: 'Do the task and answer in the required JSON shape.',
    workspace,
    depth: 1,
    signal: new AbortController().signal,
    limits: { maxOutputBytes: 4 << 20, maxLineBytes: 1 << 20 },
    onEvent,
    ...extra,
  };
}

/** A valid core answer. */
export function validCore(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    status: 'complete',
    verdict: 'Done: the change is in place.',
    findings: ['one finding'],
    files_touched: [],
    remaining: [],
    blockers: [],
    details: [],
    ...overrides,
  };
}

/** Live (non-zombie) descendants of `pid`, from /proc (Linux). */
export function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const out: number[] = [];
  const stack = [pid];
  while (stack.length) {
    for (const c of children.get(stack.pop()!) ?? []) {
      out.push(c);
      stack.push(c);
    }
  }
  return out.filter(alive);
}

/** True while `pid` exists and is not a zombie (Linux /proc). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** The process group of `pid` (Linux /proc), or null when it is gone. */
export function pgid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

/** The command line of a process (Linux /proc), or ''. */
export function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

export { readFile };

/**
 * Shell lines that leave a `sleep` running after the shell exits, each by another route out of
 * the reach of a process-group kill and of the spawn marker; each writes the sleeper's pid to
 * `escape.pid` in its working directory.
 */
export const ESCAPE_ROUTES: Record<string, string> = {
  'env -u (drops the marker, stays in the group)':
    'env -u PEER_BRIDGE_SPAWN_ID sleep 300 >/dev/null 2>&1 & echo $! > escape.pid',
  'env -i (an empty environment)': 'env -i /bin/sleep 300 >/dev/null 2>&1 & echo $! > escape.pid',
  'setsid (a new session, no marker)':
    'setsid env -u PEER_BRIDGE_SPAWN_ID sleep 300 >/dev/null 2>&1 & echo $! > escape.pid',
  'double fork (re-parented, no marker)':
    '( env -u PEER_BRIDGE_SPAWN_ID sleep 300 >/dev/null 2>&1 & echo $! > escape.pid )',
};

/** The pid an ESCAPE_ROUTES line wrote in `dir`. */
export async function escapedPid(dir: string): Promise<number> {
  const pid = Number(await readFile(path.join(dir, 'escape.pid'), 'utf8'));
  if (!(pid > 0)) throw new Error(`no escaped pid in ${dir}`);
  return pid;
}
