// Where the supervisor's processes are started: directly with node's spawn(), or through the spawn
// thread (spawn-thread.ts), which keeps fork and exec off the event loop. A server uses the thread
// (preferSpawnThread): its calls start side by side. Everything else (one CLI `run`, the library
// API) starts directly: the thread's own start-up (tens of ms) would sit on a lone call's critical
// path, where there is no loop to protect. PEER_BRIDGE_SPAWN_THREAD=on|off forces either way.
// Windows starts directly: CreateProcess does not fork, and this path is not tried there yet.
import { spawn } from 'node:child_process';
import { readSetting } from '../settings/read.js';
import type { StartMessageOptions, StdioSetting } from './spawn-thread-protocol.js';
import { spawnThread, type StartedProcess } from './spawn-thread.js';

export type { StartedProcess } from './spawn-thread.js';

export interface StartOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** stdin is always 'ignore'; then stdout, stderr and any extra pipes. */
  stdio: ['ignore', ...StdioSetting[]];
  detached?: boolean;
  windowsHide?: boolean;
  windowsVerbatimArguments?: boolean;
}

let preferred = false;

// A direct spawn() blocks until the child has started (fork, exec; ~10 ms on a loaded machine):
// processes that start together would add theirs up in one turn of the event loop. Direct starts
// take turns instead, one per turn (immediates queued together all run in the same turn, so each
// waits for the previous). Starts through the thread need no turns: they do not block the loop.
let spawnTurn: Promise<void> = Promise.resolve();
function nextSpawnTurn(): Promise<void> {
  spawnTurn = spawnTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  return spawnTurn;
}

// A value other than on or off is a SettingError: a call's settings phase refuses it first.
const forced = () => readSetting('PEER_BRIDGE_SPAWN_THREAD');
const threadAllowed = () => forced() !== 'off' && process.platform !== 'win32';
const throughThread = () => threadAllowed() && (preferred || forced() === 'on');

/** From now on every process starts through the thread; it starts now, so no call waits for it. */
export function preferSpawnThread(): void {
  // A bad PEER_BRIDGE_SPAWN_THREAD: each call is refused with it (invalid_environment) instead.
  const allowed = (() => {
    try {
      return threadAllowed();
    } catch {
      return false;
    }
  })();
  if (preferred || !allowed) return;
  preferred = true;
  spawnThread();
}

/**
 * Starts `file` with `args`; resolves once the process has a pid (or has failed to start: then pid
 * is undefined and 'error' follows). The result behaves as node's ChildProcess does for the events
 * 'error', 'exit' and 'close', the pipes, and kill().
 */
export async function startProcess(
  file: string,
  args: readonly string[],
  options: StartOptions,
): Promise<StartedProcess> {
  const settings: StartMessageOptions = {
    cwd: options.cwd,
    env: Object.fromEntries(
      Object.entries(options.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
    stdio: options.stdio,
    detached: options.detached ?? false,
    windowsHide: options.windowsHide ?? true,
    windowsVerbatimArguments: options.windowsVerbatimArguments ?? false,
  };
  const thread = throughThread() ? spawnThread() : null;
  if (thread) return thread.start(file, args, settings);
  await nextSpawnTurn();
  return spawn(file, args, { ...settings, shell: false }) as unknown as StartedProcess;
}
