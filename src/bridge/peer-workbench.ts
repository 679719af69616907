// The workbench an implement peer edits through: `peer-bridge serve --surface workbench` of this
// same package and Node, bound to the call's workspace, so the peer's edits and the caller's meet
// the same observation checks and locks (one of them gets FS_STALE_VERSION, nobody loses a write).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { cliPath } from '../package/root.js';
import type { PeerWorkbench, Verb } from '../runners/types.js';
import { asReaderError } from '../settings/errors.js';
import { readSetting } from '../settings/read.js';
import { BridgeError } from './errors.js';

/** `off` (or `0`, `false`, `no`) lets implement peers edit with their own tools again; other words are refused. */
export const PEER_WORKBENCH_VARIABLE = 'PEER_BRIDGE_PEER_WORKBENCH' as const;

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
  const read = () => readSetting(PEER_WORKBENCH_VARIABLE, env);
  if (!asReaderError(read, (message) => new BridgeError('invalid_environment', message))) return null;
  const entry = cliEntry();
  if (!existsSync(entry)) return null;
  // Both sides must lock in the same directory, or their locks exclude nothing.
  const dir = readSetting('PEER_BRIDGE_LOCK_DIR', env);
  const lockDir: Record<string, string> = dir ? { PEER_BRIDGE_LOCK_DIR: path.resolve(dir) } : {};
  return {
    name: 'workbench',
    command: process.execPath,
    args: [entry, 'serve', '--surface', 'workbench', '--workspace', workspace],
    env: lockDir,
  };
}
