// The few operations publication depends on, gathered so tests can force a failure the machine
// cannot produce on demand (EXDEV between two directories of one workspace) or pause a publish
// at a given step to kill the process there.
import { renameSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { fsyncDirectory, promises as native, renameNoReplace } from '../native/index.js';

/** Synchronous forms, used by the small-file path inside the locked section (see small-file.ts). */
export interface SyncOps {
  rename(from: string, to: string): void;
  renameNoReplace(from: string, to: string): void;
  fsyncDirectory(dir: string): void;
}

export interface FsOps {
  /** Atomic replace (rename over). */
  rename(from: string, to: string): Promise<void>;
  /** Rename that fails with EEXIST instead of replacing. */
  renameNoReplace(from: string, to: string): Promise<void>;
  /** Hard link that fails with EEXIST instead of overwriting. */
  linkNoOverwrite(existing: string, newPath: string): Promise<void>;
  fsyncDirectory(dir: string): Promise<void>;
  /** Present only when nothing above is replaced: a test seam must see every call. */
  sync?: SyncOps;
}

export const realOps: FsOps = {
  rename: (from, to) => rename(from, to),
  renameNoReplace: (from, to) => native.renameNoReplace(from, to),
  linkNoOverwrite: (existing, newPath) => native.linkNoOverwrite(existing, newPath),
  fsyncDirectory: (dir) => native.fsyncDirectory(dir),
  sync: { rename: renameSync, renameNoReplace, fsyncDirectory },
};

/** Steps of a publication a hook can observe: half the bytes staged, all staged and synced, renamed into place. */
export type PublishStep = 'staged-partial' | 'staged' | 'published';

export interface PublishHooks {
  /** Called at each step; the publication waits for a returned promise. */
  onStep?(step: PublishStep, info: { target: string; stage: string }): void | Promise<void>;
}
