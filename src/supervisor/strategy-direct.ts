// Supervision without the reaper (not Linux, or PEER_BRIDGE_REAPER=off): the tree is found through
// the process group, parent links and the spawn marker, and a watchdog process covers the host's death.
import { killTree } from './kill-tree.js';
import { lowerPriority } from './priority.js';
import { startProcess, type StartedProcess } from './start-process.js';
import type { StrategySettings, TreeStrategy } from './tree-strategy.js';
import { guardChild } from './watchdog.js';
import { invocationFor } from './windows-shim.js';

export function directStrategy(settings: StrategySettings): TreeStrategy {
  const { graceMs, marker } = settings;
  let child: StartedProcess | null = null;
  let killing: Promise<void> | null = null;
  let unguard = (): void => undefined;
  const kill = (exited: boolean): void => {
    if (killing || child?.pid === undefined) return;
    killing = killTree(child.pid, { graceMs, marker, group: !exited });
  };
  return {
    async start(file, args) {
      const invocation = invocationFor(file, args);
      child = await startProcess(invocation.file, invocation.args, {
        cwd: settings.cwd,
        env: settings.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
        windowsVerbatimArguments: invocation.verbatim,
      });
      if (child.pid !== undefined) {
        // Without the reaper nothing lowered the child before it started: lower it now.
        lowerPriority(child.pid, settings.nice);
        unguard = guardChild(child.pid, marker);
      }
      return child;
    },
    kill,
    async end() {
      if (child?.pid === undefined) return;
      // Leftovers (background jobs, escaped descendants) die with the run.
      kill(true);
      await killing;
    },
    cleanup: () => unguard(),
    // The started process is the child: its exit and start error are the ones spawn.ts saw.
    report: () => ({ pid: child?.pid ?? null, exit: null, spawnError: null, leftovers: 0, stuck: [] }),
  };
}
