// Who is running calls in a workspace, and the lock that serialises ledger writes. Each process
// holds one owner lock file per state folder for its lifetime: a recovering server knows an owner
// is dead when it can take that lock.
import { randomBytes } from 'node:crypto';
import { access, lstat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { lock, type LockHandle } from '../native/index.js';
import { STATE_DIR } from '../vocabulary.js';
import { StateError } from './errors.js';
import { ownersDir, resolveInWorkspace, stateDirectory, workspaceRelative } from './paths.js';

interface Owner {
  id: string;
  handle: LockHandle;
}

// One owner per process and workspace, keyed by workspace.
const owners = new Map<string, Promise<Owner>>();
// In-process queue in front of the cross-process lock, so local appends do not poll each other.
const queues = new Map<string, Promise<unknown>>();

export function ownerLockPath(workspace: string, owner: string): string {
  return path.join(resolveInWorkspace(workspace, ownersDir), `${owner}.lock`);
}

/** This process's owner id in `workspace`, taking its liveness lock on first use. */
export async function ownOwner(workspace: string): Promise<string> {
  let entry = owners.get(workspace);
  if (!entry) {
    // Under the ledger lock, so a recovery never sees the lock file between its creation and its
    // locking (and unlinks it as a dead owner's).
    entry = withLedgerLock(workspace, async () => {
      await stateDirectory(workspace, ownersDir);
      const id = `${process.pid}-${randomBytes(6).toString('hex')}`;
      const handle = await lock(ownerLockPath(workspace, id), { wait: false });
      return { id, handle };
    });
    owners.set(workspace, entry);
    entry.catch(() => owners.delete(workspace));
  }
  return (await entry).id;
}

/** This process's owner id if it has one, without creating it. */
export async function heldOwner(workspace: string): Promise<string | null> {
  const entry = owners.get(workspace);
  return entry ? (await entry).id : null;
}

/**
 * At a clean exit, once every call of this process is settled: drops this process's owner lock
 * files, so `owners/` does not keep one file per `peer-bridge run`. Without its file an owner
 * counts as dead, which is true from here on, and none of its calls is open.
 */
export async function retireOwners(): Promise<void> {
  const held = [...owners.entries()];
  owners.clear();
  for (const [workspace, entry] of held) {
    const owner = await entry.catch(() => null);
    if (!owner) continue;
    await withLedgerLock(workspace, async () => {
      await unlink(ownerLockPath(workspace, owner.id)).catch(() => undefined);
      owner.handle.release();
    });
  }
}

// A live owner holds its lock file from before its first start record, so a missing file means
// a dead owner (a copied ledger, a removed owners/ folder): probing must not create one. Owners
// never make links, so a symbolic link there (ELOOP from the lock, which does not follow it) was
// put by someone else: no owner holds it.
export async function ownerIsAlive(workspace: string, owner: string): Promise<boolean> {
  const file = ownerLockPath(workspace, owner);
  try {
    await access(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const probe = await lock(file, { wait: false });
    probe.release();
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EAGAIN') return true;
    if (code === 'ELOOP') return false;
    throw error;
  }
}

/** Runs `fn` holding the workspace's ledger lock: in-process first, then across processes. */
export async function withLedgerLock<T>(workspace: string, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(workspace) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(async () => {
      // The workspace is writable by a peer: its links must not lead the harness's writes elsewhere.
      const dir = await stateDirectory(workspace, STATE_DIR);
      const lockFile = path.join(dir, 'ledger.lock');
      await refuseSymlink(workspace, lockFile);
      const handle = await lock(lockFile);
      try {
        return await fn();
      } finally {
        handle.release();
      }
    });
  queues.set(workspace, run);
  return run;
}

// Throws a clear error when `file` is a symbolic link. The native lock and O_NOFOLLOW refuse a
// link by themselves (race-free); this check is there for the message.
export async function refuseSymlink(workspace: string, file: string): Promise<void> {
  const stat = await lstat(file).catch(() => null);
  if (stat?.isSymbolicLink()) {
    throw new StateError(
      'STATE_SYMLINK',
      `${workspaceRelative(workspace, file)} is a symbolic link; ` +
        'peer-bridge writes its state only into real files of the workspace',
    );
  }
}
