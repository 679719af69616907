// Peers are background work for a harness that has a client to answer. On a busy machine (16 calls
// on 2 cores) peers at the harness's own priority starve it: a server's event loop waited 140 to
// 770 ms for a CPU while its children ran (30 to 120 ms with them lowered). So peers run lower:
// PEER_BRIDGE_PEER_NICE (0 to 19, default 10) is added to the harness's nice value, like `nice -n`;
// 0 leaves them level.
// - Linux, through the reaper: the reaper lowers itself before it starts the peer (per-process
//   nice, inherited by the whole tree from birth), and its session's autogroup, which is what the
//   scheduler weighs against other sessions when autogroups are on (most distributions' default).
// - Elsewhere (and without the reaper): the started process is lowered right after it starts,
//   best effort; what it started in that instant keeps the harness's priority. On Windows (node's
//   os.setPriority) 10 to 18 is the below-normal priority class, 19 idle, less than 10 no change.
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { hostEnv } from '../settings/env.js';
import { readSetting } from '../settings/read.js';
import { SETTINGS } from '../settings/table.js';

export const DEFAULT_PEER_NICE = SETTINGS.PEER_BRIDGE_PEER_NICE.default as number;

/** The reaper's variable for the nice increment; it removes it before the peer starts. */
export const REAPER_NICE_VARIABLE = 'PEER_BRIDGE_REAPER_NICE';

/**
 * How much lower than the harness peers run (PEER_BRIDGE_PEER_NICE, 0 to 19; default 10); another
 * value is a SettingError (a call checks it first, in its settings phase, as `invalid_environment`).
 */
export function peerNice(env: NodeJS.ProcessEnv = hostEnv()): number {
  return readSetting('PEER_BRIDGE_PEER_NICE', env) as number;
}

/** Lowers a process that has started by `increment` (best effort: a failure leaves it as it is). */
export function lowerPriority(pid: number, increment: number): void {
  if (increment <= 0) return;
  if (process.platform === 'linux') {
    try {
      // A detached child leads a session of its own, so this is its own autogroup.
      writeFileSync(`/proc/${pid}/autogroup`, String(increment));
    } catch {
      // No autogroups in this kernel, or the process is gone.
    }
  }
  try {
    os.setPriority(pid, Math.min(19, os.getPriority(0) + increment));
  } catch {
    // Gone already, or not ours to change.
  }
}
