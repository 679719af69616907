// Granted executables are resolved to absolute paths once, at load: from PEER_BRIDGE_<NAME>_BIN,
// else PATH (PATHEXT on Windows). A runner can then start only those exact files.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { hostEnv } from '../settings/env.js';
import { readPatterned, readSetting } from '../settings/read.js';
import { RunnerLoadError } from './errors.js';

/** What a built-in's refineExecutable knows about the file it is given. */
export interface RefineContext {
  /** The user named the file (an absolute `run` entry or PEER_BRIDGE_<NAME>_BIN): start it as given. */
  given: boolean;
  /** The environment the runner's children get. */
  childEnv: Readonly<Record<string, string>>;
}

/** The override variable for a command name: `codex` → `PEER_BRIDGE_CODEX_BIN`. */
export function overrideVariable(command: string): string {
  return `PEER_BRIDGE_${command.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_BIN`;
}

/** The executable PEER_BRIDGE_<NAME>_BIN names for `command`, or undefined when it is unset. */
export function overrideOf(command: string, env: NodeJS.ProcessEnv = hostEnv()): string | undefined {
  return readPatterned('PEER_BRIDGE_<NAME>_BIN', overrideVariable(command), env);
}

function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (process.platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds `command` on PATH (PATHEXT on Windows); null when absent. */
export function findOnPath(command: string, env: NodeJS.ProcessEnv = hostEnv()): string | null {
  const windows = process.platform === 'win32';
  const exts = windows ? (readSetting('PATHEXT', env) ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean) : [''];
  const pathValue = readSetting('PATH', env) ?? (windows ? readSetting('Path', env) : undefined) ?? '';
  for (const dir of pathValue.split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    for (const ext of windows && path.extname(command) === '' ? exts : ['']) {
      const candidate = path.join(dir, command + ext);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return null;
}

/** Resolves one `run` entry (a command name or an absolute path) to an absolute executable path. */
export function resolveExecutable(entry: string, env: NodeJS.ProcessEnv = hostEnv()): string {
  if (path.isAbsolute(entry)) {
    if (isExecutableFile(entry)) return entry;
    throw new RunnerLoadError(`executable ${entry} does not exist or is not executable`);
  }
  const variable = overrideVariable(entry);
  const override = overrideOf(entry, env);
  if (override) {
    const file = path.resolve(override);
    if (isExecutableFile(file)) return file;
    throw new RunnerLoadError(`${variable}=${override} is not an executable file`);
  }
  const found = findOnPath(entry, env);
  if (found) return found;
  throw new RunnerLoadError(`${entry} is not on PATH; install it or set ${variable} to its absolute path`);
}
