// One writer per workspace: implement calls on one workspace take turns, across every process on
// the machine (two sessions in one repository each have their own server), on lock files in the
// lock directory. The kernel drops a lock when its process ends, so a crashed holder never blocks
// the next call. Within a process the calls wait in line, first come first served.
import { hash } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { prepareLockDir, type LockDirInfo } from '../fs/lock-dir.js';
import { statPath, tryLock, type LockHandle } from '../native/index.js';
import { abortReason, BridgeError } from './errors.js';

// How often a waiting call tries the lock files again, at most: a turn lasts seconds to minutes.
const MAX_POLL_MS = 50;

/**
 * The name every process gives a workspace's writer turn: a hash of its folder's identity (volume
 * and file id), so two spellings of one folder (letter case on macOS and Windows, a symlink, a
 * bind mount) share one turn.
 */
export function writerKey(workspace: string): string {
  let identity: { volume: string; fileId: string };
  try {
    identity = statPath(workspace).identity;
  } catch (error) {
    throw new BridgeError('invalid_workspace', `the workspace ${workspace} cannot be read any more: ${String(error)}`, {
      cause: error,
    });
  }
  return hash('sha256', `${identity.volume}:${identity.fileId}`).slice(0, 40);
}

const lockFileOf = (dir: string, key: string, slot: number) => path.join(dir, `writer-${key}-${slot}.lock`);

/** The lock file of writer slot `slot` of a workspace. */
export function writerLockFile(dir: string, workspace: string, slot: number): string {
  return lockFileOf(dir, writerKey(workspace), slot);
}

export interface WriterTurnOptions {
  /** The workspace's real path: every process names it alike. */
  workspace: string;
  /** Writers at once (PEER_BRIDGE_MAX_WRITERS); 0 takes no lock. */
  max: number;
  lockDir: LockDirInfo;
  runId: string;
  /** Aborting it stops the wait; takeWriterTurn rejects with its reason. */
  signal?: AbortSignal;
  /** Called once, when the call has to wait for another writer. */
  onWait?: () => void;
}

export interface WriterTurn {
  /** Ends the turn; calling it again does nothing. */
  release(): void;
  /** How long the call waited for its turn, in ms. */
  waitedMs: number;
}

interface Line {
  active: number;
  waiters: Array<{ admit: () => void }>;
}
// This process's calls, in line per set of lock files.
const lines = new Map<string, Line>();
// Calls waiting for a turn, per workspace (bridge_status shows them).
const waiting = new Map<string, Map<string, string>>();

/** The calls of this process waiting for a writer turn on `workspace`: run id and since when. */
export function writerWaits(workspace: string): Array<{ run_id: string; since: string }> {
  return [...(waiting.get(workspace) ?? [])].map(([run_id, since]) => ({ run_id, since }));
}

/** Waits for a writer turn on the workspace (in this process's line, then on a lock file). */
export async function takeWriterTurn(options: WriterTurnOptions): Promise<WriterTurn> {
  const started = performance.now();
  if (options.max === 0) return { release: () => undefined, waitedMs: 0 };
  const name = writerKey(options.workspace);
  const key = `${options.lockDir.dir}\0${name}`;
  let waited = false;
  const wait = () => {
    if (waited) return;
    waited = true;
    const mine = waiting.get(options.workspace) ?? new Map<string, string>();
    mine.set(options.runId, new Date().toISOString());
    waiting.set(options.workspace, mine);
    options.onWait?.();
  };
  try {
    const leaveLine = await joinLine(key, options.max, options.signal, wait);
    try {
      const held = await lockSlot(options, name, wait);
      return { release: once(() => (held.release(), leaveLine())), waitedMs: waited ? performance.now() - started : 0 };
    } catch (error) {
      leaveLine();
      throw error;
    }
  } finally {
    const mine = waiting.get(options.workspace);
    mine?.delete(options.runId);
    if (mine?.size === 0) waiting.delete(options.workspace);
  }
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

// A place among this process's writers: at most `max` hold one; the others wait in order.
function joinLine(key: string, max: number, signal: AbortSignal | undefined, wait: () => void): Promise<() => void> {
  signal?.throwIfAborted();
  const line = lines.get(key) ?? { active: 0, waiters: [] };
  lines.set(key, line);
  const leave = once(() => {
    line.active -= 1;
    const next = line.waiters.shift();
    if (next) next.admit();
    else if (line.active === 0) lines.delete(key);
  });
  if (line.active < max && line.waiters.length === 0) {
    line.active += 1;
    return Promise.resolve(leave);
  }
  wait();
  return new Promise((resolve, reject) => {
    const waiter = {
      admit: () => {
        signal?.removeEventListener('abort', onAbort);
        line.active += 1;
        resolve(leave);
      },
    };
    const onAbort = () => {
      line.waiters.splice(line.waiters.indexOf(waiter), 1);
      if (line.active === 0 && line.waiters.length === 0) lines.delete(key);
      reject(abortReason(signal));
    };
    line.waiters.push(waiter);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// A free slot among the workspace's lock files, tried again with a short capped backoff while
// every slot is held by another process (a kernel wait would park a thread of Node's small pool).
async function lockSlot(options: WriterTurnOptions, name: string, wait: () => void): Promise<LockHandle> {
  const dir = options.lockDir.dir;
  const files = Array.from({ length: options.max }, (_, slot) => lockFileOf(dir, name, slot));
  if (!prepared.has(dir)) prepare(options.lockDir);
  let delay = 1;
  for (;;) {
    options.signal?.throwIfAborted();
    for (const file of files) {
      const held = tryFile(file, options.lockDir);
      if (held) return held;
    }
    wait();
    await sleep(delay + Math.random() * delay, undefined, { signal: options.signal }).catch(() => {
      // timers/promises rejects with a generic AbortError; callers expect the signal's own reason.
      options.signal?.throwIfAborted();
    });
    delay = Math.min(delay * 2, MAX_POLL_MS);
  }
}

// The lock of one file, or undefined when another process holds it.
function tryFile(file: string, lockDir: LockDirInfo): LockHandle | undefined {
  for (let attempt = 0; ; attempt++) {
    try {
      return tryLock(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') return undefined;
      // The directory went away (a cleaner, a person): make it again, once.
      if (code === 'ENOENT' && attempt === 0) {
        prepare(lockDir);
        continue;
      }
      throw new BridgeError(
        'invalid_environment',
        `the workspace's writer lock file ${file} is unusable (${code ?? String(error)}); nothing was started; ` +
          'remove whatever is at that path, or set PEER_BRIDGE_LOCK_DIR',
        { cause: error },
      );
    }
  }
}

// Lock directories this process has made or checked: once each, and again if one disappears.
const prepared = new Set<string>();

function prepare(lockDir: LockDirInfo): void {
  try {
    prepareLockDir(lockDir);
    prepared.add(lockDir.dir);
  } catch (error) {
    throw new BridgeError('invalid_environment', `${(error as Error).message}`, { cause: error });
  }
}
