// The workbench an implement peer edits through: `peer-bridge serve --surface workbench` of this
// same package and Node, bound to the call's workspace, so the peer's edits and the caller's meet
// the same observation checks and locks (one of them gets FS_STALE_VERSION, nobody loses a write).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cliPath } from '../package/root.js';
import type { PeerWorkbench, Verb } from '../runners/types.js';

/** Set to `off` (or `0`, `false`) to let implement peers edit with their own tools again. */
export const PEER_WORKBENCH_VARIABLE = 'PEER_BRIDGE_PEER_WORKBENCH';

/** The CLI entry of this package (built), which serves the workbench surface. */
export function cliEntry(): string {
  return cliPath();
}

/**
 * How a peer starts the workbench for this call, or null: only implement calls edit, the opt-out
 * variable switches it off, and a package without its built CLI cannot serve it.
 */
export function peerWorkbench(verb: Verb, workspace: string, env: NodeJS.ProcessEnv): PeerWorkbench | null {
  if (verb !== 'implement') return null;
  if (/^(off|0|false|no)$/i.test(env[PEER_WORKBENCH_VARIABLE]?.trim() ?? '')) return null;
  const entry = cliEntry();
  if (!existsSync(entry)) return null;
  // Both sides must lock in the same directory, or their locks exclude nothing.
  const lockDir: Record<string, string> = env.PEER_BRIDGE_LOCK_DIR
    ? { PEER_BRIDGE_LOCK_DIR: path.resolve(env.PEER_BRIDGE_LOCK_DIR) }
    : {};
  return {
    name: 'workbench',
    command: process.execPath,
    args: [entry, 'serve', '--surface', 'workbench', '--workspace', workspace],
    env: lockDir,
  };
}
