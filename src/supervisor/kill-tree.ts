// Kills a child and everything it started. POSIX: SIGTERM to the child's process group and to
// every descendant found by parent links or by the spawn marker in its environment (Linux), then,
// after a grace period, SIGKILL to whatever is left. Windows: `taskkill /T /F`.
import { execFile } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { descendants, isAlive, pidsWithMarker, processTable } from './process-table.js';

export interface KillTreeOptions {
  /** Time between SIGTERM and SIGKILL (default 2000 ms). */
  graceMs?: number;
  /** The environment marker every process of this spawn inherits. */
  marker?: { name: string; value: string };
  /**
   * False after the child has already exited and been reaped: then its pid (and group id) may be
   * reused, so only the marker sweep runs.
   */
  group?: boolean;
}

/** Default time between SIGTERM and SIGKILL. */
export const DEFAULT_GRACE_MS = 2000;

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

async function targets(rootPid: number, options: KillTreeOptions): Promise<number[]> {
  const table = await processTable();
  const found = new Set(descendants(table, rootPid));
  if (options.marker) {
    for (const pid of await pidsWithMarker(options.marker.name, options.marker.value)) found.add(pid);
  }
  found.delete(process.pid);
  return [...found];
}

async function markerTargets(options: KillTreeOptions): Promise<number[]> {
  if (!options.marker) return [];
  return (await pidsWithMarker(options.marker.name, options.marker.value)).filter((p) => p !== process.pid);
}

function taskkill(pid: number): Promise<void> {
  return new Promise((resolve) => {
    execFile('taskkill', ['/pid', String(pid), '/T', '/F'], { windowsHide: true }, () => resolve()).stdin?.end();
  });
}

/** Kills the tree rooted at `pid` (a process-group leader on POSIX); resolves when done. */
export async function killTree(pid: number, options: KillTreeOptions = {}): Promise<void> {
  if (process.platform === 'win32') return options.group === false ? undefined : taskkill(pid);
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const group = options.group !== false;
  const first = group ? await targets(pid, options) : await markerTargets(options);
  // After the child's exit nothing left of the tree can start new marked processes unseen.
  if (!group && first.length === 0) return;
  if (group) {
    signal(-pid, 'SIGTERM');
    signal(pid, 'SIGTERM');
  }
  for (const p of first) signal(p, 'SIGTERM');
  // Poll for the grace period only as long as something of the tree is still alive.
  const deadline = Date.now() + graceMs;
  let alive = group ? [pid, ...first] : first;
  while (Date.now() < deadline) {
    alive = (await Promise.all(alive.map(async (p) => ((await isAlive(p)) ? p : -1)))).filter((p) => p > 0);
    if (alive.length === 0) break;
    await delay(Math.min(50, Math.max(1, deadline - Date.now())));
  }
  const rest = new Set([...alive, ...(group ? await targets(pid, options) : await markerTargets(options))]);
  if (group) signal(-pid, 'SIGKILL');
  for (const p of rest) signal(p, 'SIGKILL');
}
