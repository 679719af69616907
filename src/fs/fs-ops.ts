// The few operations publication depends on, gathered so tests can force a failure the machine
// cannot produce on demand (EXDEV between two directories of one workspace) or pause a publish
// at a given step to kill the process there.
import { renameSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
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

/** How long a replacing rename on Windows keeps retrying while another process has the target open. */
export const WINDOWS_REPLACE_RETRY_MS = 10_000;
const BUSY = new Set(['EPERM', 'EACCES', 'EBUSY']);

// Windows refuses to replace a file that another process has open (a concurrent reader, an
// editor, an indexer, antivirus): EPERM. Those handles are short-lived, so the rename is retried
// with backoff for a bounded time (as graceful-fs does); the caller still holds its locks.
async function renameOver(from: string, to: string): Promise<void> {
  const deadline = Date.now() + WINDOWS_REPLACE_RETRY_MS;
  for (let wait = 1; ; wait = Math.min(wait * 2, 100)) {
    try {
      return await rename(from, to);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (process.platform !== 'win32' || !BUSY.has(code) || Date.now() >= deadline) throw error;
      await delay(wait);
    }
  }
}

export const realOps: FsOps = {
  rename: renameOver,
  renameNoReplace: (from, to) => native.renameNoReplace(from, to),
  linkNoOverwrite: (existing, newPath) => native.linkNoOverwrite(existing, newPath),
  fsyncDirectory: (dir) => native.fsyncDirectory(dir),
  // Windows takes the asynchronous path, where a replacing rename can wait out a handle held open
  // by another process (renameOver); a synchronous retry would block the event loop. The
  // synchronous path also uses readUnchanged and replaceChecked, which are POSIX-only.
  ...(process.platform === 'win32' ? {} : { sync: { rename: renameSync, renameNoReplace, fsyncDirectory } }),
};

/**
 * Steps of a publication a hook can observe: half the bytes staged, all staged and synced, renamed
 * into place. Only with hooks is the stage written in two halves (`staged-partial`); without, in one go.
 */
export type PublishStep = 'staged-partial' | 'staged' | 'published';

export interface PublishHooks {
  /** Called at each step; the publication waits for a returned promise. */
  onStep?(step: PublishStep, info: { target: string; stage: string }): void | Promise<void>;
}
