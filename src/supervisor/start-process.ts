// Where the supervisor's processes are started: directly with node's spawn(), or through the spawn
// thread (spawn-thread.ts), which keeps fork and exec off the event loop. A server uses the thread
// (preferSpawnThread): its calls start side by side. Everything else (one CLI `run`, the library
// API) starts directly: the thread's own start-up (tens of ms) would sit on a lone call's critical
// path, where there is no loop to protect. PEER_BRIDGE_SPAWN_THREAD=on|off forces either way.
// Windows starts directly: CreateProcess does not fork, and this path is not tried there yet.
import { spawn } from 'node:child_process';
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

const threadAllowed = () => process.env.PEER_BRIDGE_SPAWN_THREAD !== 'off' && process.platform !== 'win32';
const throughThread = () => threadAllowed() && (preferred || process.env.PEER_BRIDGE_SPAWN_THREAD === 'on');

/** From now on every process starts through the thread; it starts now, so no call waits for it. */
export function preferSpawnThread(): void {
  if (preferred || !threadAllowed()) return;
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
  return thread
    ? thread.start(file, args, settings)
    : (spawn(file, args, { ...settings, shell: false }) as unknown as StartedProcess);
}
