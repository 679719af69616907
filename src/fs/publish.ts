// Publication for the file tools: the steps of publication.ts run asynchronously (publish), with
// synchronous calls for a small file under the lock (publishSmall), or in one native call
// (replaceChecked) when the target is still exactly as read.
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsync } from 'node:fs';
import { promisify } from 'node:util';
import { promises as native, type ReplaceCheckedOptions } from '../native/index.js';
import { asyncIo, syncIo, type FileIo } from './file-io.js';
import type { FsOps, SyncOps } from './fs-ops.js';
import {
  discardSteps,
  publishSteps,
  renameError,
  stageError,
  stageSteps,
  syncDirectorySteps,
  type PublishSpec,
  type StageSpec,
} from './publication.js';
import { stagePath } from './stage-names.js';
import { runAsync, step } from './steps.js';
import { digestOf, versionOf, type Version } from './version.js';

export type Staged = { stage: string; handle: FileHandle };
export type StageOptions = StageSpec;

/** Stages the content `write` writes (e.g. streamed from another file) next to the target, durably. */
export function stageWith(
  write: (handle: FileHandle, stagePathName: string) => Promise<void>,
  options: StageOptions,
): Promise<Staged> {
  const writeStage = (handle: FileHandle, stage: string) => step(() => write(handle, stage));
  return runAsync(stageSteps(asyncIo, options, writeStage, (error) => stageError(error, options)));
}

/** Closes and removes a staged file that will not be published. */
export function discard(staged: Staged): Promise<void> {
  return runAsync(discardSteps(asyncIo, staged));
}

export interface PublishOptions extends PublishSpec {
  ops: FsOps;
  /** Re-checks the target right before the rename; throws FsError to abort. */
  verify?: () => Promise<void>;
}

/** Stages, verifies and publishes; returns the new version, read from the staged handle. */
export function publish(bytes: Uint8Array, options: PublishOptions): Promise<Version> {
  return runAsync(publishSteps(asyncIo, options.ops, bytes, options, options.verify));
}

/** Makes a rename durable; a directory that cannot be synced has published already (publication.ts). */
export function syncDirectory(ops: FsOps, dir: string): Promise<void> {
  return runAsync(syncDirectorySteps(ops, dir));
}

/**
 * Makes new directories durable: `mkdir -p` returned `firstMade`, the top one it created; each
 * created directory's entry lives in its parent, so those parents are synced, up to `dir`'s
 * (`dir` itself is synced by the publication). Without this a power cut can take the new file
 * away with its new directory after the call said it was written.
 */
export async function syncCreatedDirs(ops: FsOps, firstMade: string | undefined, dir: string): Promise<void> {
  if (firstMade === undefined) return;
  const parents: string[] = [];
  for (let at = dir; at !== path.dirname(firstMade) && at !== path.dirname(at);) {
    at = path.dirname(at);
    parents.push(at);
  }
  for (const parent of parents) await syncDirectory(ops, parent);
}

// The synchronous calls, but the fsyncs on the thread pool: a busy disk holds this call, never the
// event loop (the soak saw 100-270 ms stalls of a workbench server's loop in them).
const pooledFsyncIo: FileIo<number> = { ...syncIo, sync: promisify(fsync) };

/**
 * publish() for a small file (SYNC_MAX_BYTES): the same steps with synchronous calls, with a
 * thread-pool round trip only for the two fsyncs. Hooks are still awaited at the same steps.
 *
 * `expected` (a replace: the target as read under the lock): without hooks, the steps run
 * in one native call on the thread pool (replaceChecked), which renames only while the target is still exactly that
 * file with those bytes. When it is not, nothing was published, and the steps run one by one:
 * their re-check says why, or goes on where only the target's times moved.
 */
export async function publishSmall(
  bytes: Uint8Array,
  options: PublishOptions & { verifySync: () => void; expected?: ReplaceCheckedOptions['expected'] },
  sync: SyncOps,
): Promise<Version> {
  if (options.expected && options.kind === 'replace' && !options.hooks?.onStep) {
    const published = await replaceInOneCall(bytes, options, options.expected);
    if (published) return published;
  }
  const ops = {
    rename: (from: string, to: string) => sync.rename(from, to),
    renameNoReplace: (from: string, to: string) => sync.renameNoReplace(from, to),
    fsyncDirectory: (dir: string) => options.ops.fsyncDirectory(dir),
  };
  return runAsync(publishSteps(pooledFsyncIo, ops, bytes, options, options.verifySync));
}

// The native form of publishSteps for a replace, on the thread pool; its errors carry the failing
// step in `syscall`, and are named as the steps name them.
async function replaceInOneCall(
  bytes: Uint8Array,
  options: PublishOptions,
  expected: ReplaceCheckedOptions['expected'],
): Promise<Version | undefined> {
  let stat;
  try {
    stat = await native.replaceChecked({
      stage: stagePath(path.dirname(options.target)),
      target: options.target,
      bytes,
      mode: options.mode,
      owner: options.owner,
      expected,
    });
  } catch (error) {
    const failed = (error as { syscall?: unknown }).syscall;
    if (failed === 'open') throw stageError(error, options);
    if (failed === 'rename') throw renameError(error, options.shown);
    throw error;
  }
  return stat && versionOf(stat, digestOf(bytes));
}
