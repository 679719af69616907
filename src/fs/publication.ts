// The publication protocol, written once: stage the new bytes in a new file next to the target,
// fsync it, re-check the target, put the stage into place (rename over it, rename without
// replacing, or link without overwriting) and fsync the directory. A crash at any step leaves the
// old bytes or the new ones under the target's name, never a mix. publish.ts runs these steps for
// the file tools (asynchronously, or with synchronous calls under the lock), state/ for its files,
// version-key.ts for the token key; native replaceChecked makes the same steps in one call.
import path from 'node:path';
import { FsError, errnoOf } from './errors.js';
import type { FileIo } from './file-io.js';
import type { PublishHooks, PublishStep } from './fs-ops.js';
import { stagePath } from './stage-names.js';
import { quietly, step, type Steps } from './steps.js';
import { digestOf, versionOf, type Version } from './version.js';

type Maybe<T> = T | Promise<T>;

/** A staged file: its path and the open handle its bytes were written through. */
export interface Staged<H> {
  stage: string;
  handle: H;
}

export interface StageSpec {
  target: string;
  /** The target as messages show it (workspace-relative). */
  shown?: string;
  /** The stage's path; by default a stagePath name in the target's directory. */
  stage?: string;
  /** Mode for the new file (kept from the file it replaces), set after its bytes and owner. */
  mode?: number;
  /** Without `mode`: the mode to create it with, minus the umask (default 0666). */
  createMode?: number;
  /** Owner to keep when replacing (best effort: only a privileged process can give files away). */
  owner?: { uid: number; gid: number };
  hooks?: PublishHooks;
}

/** Writes the stage's content through its handle. */
export type WriteStage<H> = (handle: H, stage: string) => Steps<void>;

/**
 * How a stage is put into place: `replace` renames over the target, `create` renames unless the
 * target exists, `link` links unless it exists (the stage keeps its name: the caller removes it).
 */
export type Placement = 'replace' | 'create' | 'link';

/** The renames a placement makes (FsOps and SyncOps are both). */
export interface PlaceOps {
  rename(from: string, to: string): Maybe<void>;
  renameNoReplace(from: string, to: string): Maybe<void>;
  linkNoOverwrite?(existing: string, newPath: string): Maybe<void>;
}

export interface DirectoryOps {
  fsyncDirectory(dir: string): Maybe<void>;
}

function* hook(hooks: PublishHooks | undefined, name: PublishStep, target: string, stage: string): Steps<void> {
  if (hooks?.onStep) yield* step(() => hooks.onStep?.(name, { target, stage }));
}

/**
 * Creates the stage (never an existing file), writes it, gives it its owner and mode, and makes it
 * durable. On any failure the stage is removed. `openError` turns a failure to create it into the
 * caller's error (the target is untouched then).
 */
export function* stageSteps<H>(
  io: FileIo<H>,
  spec: StageSpec,
  write: WriteStage<H>,
  openError?: (error: unknown) => unknown,
): Steps<Staged<H>> {
  const stage = spec.stage ?? stagePath(path.dirname(spec.target));
  const createMode = spec.mode === undefined ? (spec.createMode ?? 0o666) : 0o600;
  let handle: H;
  try {
    handle = yield* step(() => io.createNew(stage, createMode));
  } catch (error) {
    throw openError ? openError(error) : error;
  }
  const staged = { stage, handle };
  try {
    const owner = spec.owner;
    if (owner) yield* quietly(() => io.chown(handle, owner.uid, owner.gid));
    yield* write(handle, stage);
    // Last: a chown, and a write by a process without CAP_FSETID, clear setuid/setgid bits.
    const mode = spec.mode;
    if (mode !== undefined) yield* step(() => io.chmod(handle, mode & 0o7777));
    yield* step(() => io.sync(handle));
    yield* hook(spec.hooks, 'staged', spec.target, stage);
    return staged;
  } catch (error) {
    yield* discardSteps(io, staged);
    throw error;
  }
}

/**
 * Writes `bytes` as the stage's content. Only a publication with hooks (the crash and lock tests'
 * seam) writes it in two halves, with the `staged-partial` step between them, so a hook can look
 * at, or stop the process at, a half-written stage.
 */
export function writeBytes<H>(io: FileIo<H>, bytes: Uint8Array, spec?: StageSpec): WriteStage<H> {
  // Without hooks, a plain step: a generator here kept edits of large files (2 MiB) going through
  // several times more full garbage collections (measured: 2 → 27 mark-compacts in 80 edits).
  if (!spec?.hooks?.onStep) return (handle) => step(() => io.writeAll(handle, bytes, 0));
  const { hooks, target } = spec;
  return function* (handle, stage) {
    const half = Math.floor(bytes.length / 2);
    yield* step(() => io.writeAll(handle, bytes.subarray(0, half), 0));
    yield* hook(hooks, 'staged-partial', target, stage);
    yield* step(() => io.writeAll(handle, bytes.subarray(half), half));
  };
}

/** Closes and removes a stage that will not be published. */
export function* discardSteps<H>(io: FileIo<H>, staged: Staged<H>): Steps<void> {
  yield* quietly(() => io.close(staged.handle));
  yield* quietly(() => io.unlink(staged.stage));
}

/** Puts the stage into place; errors are the system's (EEXIST, EXDEV, …), for the caller to name. */
export function* placeSteps(ops: PlaceOps, placement: Placement, stage: string, target: string): Steps<void> {
  if (placement === 'replace') return yield* step(() => ops.rename(stage, target));
  if (placement === 'create') return yield* step(() => ops.renameNoReplace(stage, target));
  try {
    yield* step(() => {
      if (!ops.linkNoOverwrite) throw new TypeError('placeSteps: a link placement needs linkNoOverwrite');
      return ops.linkNoOverwrite(stage, target);
    });
  } catch (error) {
    const errno = errnoOf(error);
    // No hard links on this filesystem: a no-replace rename publishes just as safely.
    if (errno !== 'EPERM' && errno !== 'ENOTSUP' && errno !== 'EOPNOTSUPP') throw error;
    yield* step(() => ops.renameNoReplace(stage, target));
  }
}

/**
 * Makes the rename durable. Filesystems that cannot sync a directory (some network and FUSE
 * mounts answer EINVAL/ENOTSUP) have already published; failing the call then would hide a
 * change that happened.
 */
export function* syncDirectorySteps(ops: DirectoryOps, dir: string): Steps<void> {
  try {
    yield* step(() => ops.fsyncDirectory(dir));
  } catch (error) {
    if (!unsyncableDirectory(error)) throw error;
  }
}

function unsyncableDirectory(error: unknown): boolean {
  const errno = errnoOf(error);
  return errno === 'EINVAL' || errno === 'ENOTSUP' || errno === 'EOPNOTSUPP' || errno === 'EPERM';
}

export interface PublishSpec extends StageSpec {
  kind: 'replace' | 'create';
  shown: string;
}

// Wine reports volume serial 0 for a handle whose file was renamed by path since it was opened, so
// on Windows the identity is read before the rename (it cannot change in a rename): read after it,
// it would not match the file's, and every second edit would look like a replacement.
const IDENTITY_BEFORE_RENAME = process.platform === 'win32';

/**
 * The file tools' publication: stage, re-check the target (`verify` throws FsError to abort),
 * rename into place, fsync the directory; returns the new version, read from the staged handle.
 */
export function* publishSteps<H>(
  io: FileIo<H>,
  ops: PlaceOps & DirectoryOps,
  bytes: Uint8Array,
  spec: PublishSpec,
  verify?: () => unknown,
): Steps<Version> {
  const staged = yield* stageSteps(io, spec, writeBytes(io, bytes, spec), (error) => stageError(error, spec));
  let identity;
  try {
    if (IDENTITY_BEFORE_RENAME) identity = (yield* step(() => io.stat(staged.handle))).identity;
    if (verify) yield* step(verify);
    try {
      yield* placeSteps(ops, spec.kind, staged.stage, spec.target);
    } catch (error) {
      throw renameError(error, spec.shown);
    }
  } catch (error) {
    yield* discardSteps(io, staged);
    throw error;
  }
  try {
    yield* hook(spec.hooks, 'published', spec.target, staged.stage);
    yield* syncDirectorySteps(ops, path.dirname(spec.target));
    // After the rename: the rename itself moves ctime, and this is the state later checks compare to.
    const stat = yield* step(() => io.stat(staged.handle));
    return versionOf(identity ? { ...stat, identity } : stat, digestOf(bytes));
  } finally {
    yield* step(() => io.close(staged.handle));
  }
}

/** A failed placement as the file tools say it; other errors as they are. */
export function renameError(error: unknown, shown: string): unknown {
  const errno = errnoOf(error);
  if (errno === 'EEXIST')
    return new FsError('FS_EXISTS', `${shown}: already exists; not overwritten`, { cause: error });
  if (errno === 'EXDEV') {
    return new FsError(
      'FS_CROSS_DEVICE',
      `${shown}: the filesystem refused an in-directory rename (EXDEV); nothing was copied`,
      { cause: error },
    );
  }
  if (errno === 'EISDIR') return new FsError('FS_IS_DIRECTORY', `${shown}: is a directory`, { cause: error });
  return error;
}

/** A stage that could not be created: the directory refuses new files; the target is untouched. */
export function stageError(error: unknown, spec: StageSpec): FsError {
  // A directory we may not write in (permissions, read-only mount, quota).
  const reason = errnoOf(error) ?? String(error);
  const shown = spec.shown ?? path.basename(spec.target);
  return new FsError(
    'FS_IO_ERROR',
    `${shown}: cannot write a new file in its directory (${reason}); nothing was changed`,
    {
      cause: error,
    },
  );
}
