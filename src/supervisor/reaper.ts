// Where the Linux supervisor binary (native/reaper/linux.cc) is, and what it reports. With it, a
// child's whole tree is found through the kernel's parent links (the reaper is a child
// subreaper) instead of by scanning every process on the machine after each call.
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from '../native/load.js';
import { hostEnv } from '../settings/env.js';
import { SettingError } from '../settings/parse.js';
import { readSetting } from '../settings/read.js';
import { SETTINGS } from '../settings/table.js';

export const REAPER_NAME = 'peer-bridge-reaper';

let found: string | null | undefined;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// Next to the addon: build/Release first (a local build), then prebuilds/<platform>-<arch>.
function discover(): string | null {
  let root: string;
  try {
    root = packageRoot();
  } catch {
    return null;
  }
  const dirs = readSetting('PREBUILDS_ONLY') ? [] : [path.join(root, 'build', 'Release')];
  dirs.push(path.join(root, 'prebuilds', `${process.platform}-${process.arch}`));
  return dirs.map((dir) => path.join(dir, REAPER_NAME)).find(isExecutable) ?? null;
}

/**
 * The reaper to start children through, or null (not Linux, not built, or switched off with
 * PEER_BRIDGE_REAPER=off; PEER_BRIDGE_REAPER=<path> names another binary). Looked up once.
 */
export function reaperPath(env: NodeJS.ProcessEnv = hostEnv()): string | null {
  if (process.platform !== 'linux') return null;
  const setting = readSetting('PEER_BRIDGE_REAPER', env);
  if (setting === 'off') return null;
  if (setting) return isExecutable(setting) ? path.resolve(setting) : null;
  if (found === undefined) found = discover();
  return found;
}

/**
 * A PEER_BRIDGE_REAPER that names no executable file on Linux, as the table's error message, else
 * null. A call refuses it (it used to run without the reaper in silence); doctor reports it.
 */
export function reaperSettingProblem(env: NodeJS.ProcessEnv = hostEnv()): string | null {
  const setting = readSetting('PEER_BRIDGE_REAPER', env);
  if (process.platform !== 'linux' || !setting || setting === 'off' || isExecutable(setting)) return null;
  return new SettingError('PEER_BRIDGE_REAPER', setting, SETTINGS.PEER_BRIDGE_REAPER.parse.allowed).message;
}

/** How children's trees are found and killed on this machine (for status and doctor). */
export function processSupervision(env: NodeJS.ProcessEnv = hostEnv()): {
  mode: 'subreaper' | 'group-and-marker' | 'taskkill';
  reaper: string | null;
} {
  if (process.platform === 'win32') return { mode: 'taskkill', reaper: null };
  const reaper = reaperPath(env);
  return { mode: reaper ? 'subreaper' : 'group-and-marker', reaper };
}

/** What the reaper said about one child, line by line on its report pipe. */
export interface ReaperReport {
  pid: number | null;
  /** errno of a failed exec (or of the reaper's own set-up). */
  spawnErrno: number | null;
  exitCode: number | null;
  signal: string | null;
  /** Processes other than the child that were signalled (left behind, or killed with the tree). */
  swept: number;
  /** Pids SIGKILL could not remove in time. */
  stuck: number[];
  done: boolean;
}

export function emptyReport(): ReaperReport {
  return { pid: null, spawnErrno: null, exitCode: null, signal: null, swept: 0, stuck: [], done: false };
}

const invert = (table: Record<string, number>) => new Map(Object.entries(table).map(([name, n]) => [n, name]));
const SIGNAL_NAMES = invert(os.constants.signals);
const ERRNO_NAMES = invert(os.constants.errno);

/** An Error like the one node:child_process gives for a file that cannot be executed. */
export function execError(errno: number, file: string): NodeJS.ErrnoException {
  const code = ERRNO_NAMES.get(errno) ?? `E${errno}`;
  const details = { errno: -errno, code, syscall: `spawn ${file}`, path: file };
  return Object.assign(new Error(`spawn ${file} ${code}`), details);
}

/** Folds one report line into `report`. */
export function readReportLine(report: ReaperReport, line: string): void {
  const [kind, a = '', b = ''] = line.trim().split(' ');
  const int = (s: string) => (/^\d+$/.test(s) ? Number(s) : null);
  switch (kind) {
    case 'pid':
      report.pid = int(a);
      break;
    case 'spawn-error':
      report.spawnErrno = int(a);
      break;
    case 'exit': {
      report.exitCode = int(a);
      const sig = int(b);
      report.signal = sig === null ? null : (SIGNAL_NAMES.get(sig) ?? `SIG${sig}`);
      break;
    }
    case 'swept':
      report.swept = int(a) ?? 0;
      break;
    case 'stuck':
      report.stuck = a
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
      break;
    case 'done':
      report.done = true;
      break;
  }
}
