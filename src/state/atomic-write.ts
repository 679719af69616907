// Run-state files appear whole or not at all, through the fs layer's publication steps
// (fs/publication.ts): transcripts, incidents and handoffs are staged in their directory, made
// durable and published under a name that is never already taken; the ledger is replaced whole.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { errnoOf } from '../fs/errors.js';
import { asyncIo } from '../fs/file-io.js';
import { placeSteps, stageSteps, syncDirectorySteps, writeBytes, type Staged } from '../fs/publication.js';
import { runAsync, step } from '../fs/steps.js';
import { promises as native } from '../native/index.js';

// The thread pool's forms: a directory fsync can take milliseconds, and a server writes
// transcripts for many calls at once. A plain rename: run state has no Windows retry.
const stateOps = {
  rename: (from: string, to: string) => rename(from, to),
  renameNoReplace: (from: string, to: string) => native.renameNoReplace(from, to),
  fsyncDirectory: (dir: string) => native.fsyncDirectory(dir),
};

// Staged under `stage` (a name retention knows as a crashed write's), closed before it is placed.
async function stageClosed(stage: string, target: string, data: string | Uint8Array, createMode: number) {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const staged: Staged<FileHandle> = await runAsync(
    stageSteps(asyncIo, { target, stage, createMode }, writeBytes(asyncIo, bytes)),
  );
  await staged.handle.close();
}

/**
 * Writes `data` to `dir/<name><ext>` atomically without replacing an existing file; when the name
 * is taken, tries `<name>-2<ext>`, `<name>-3<ext>`, …. Returns the path actually written.
 */
export async function writeNewFileAtomic(
  dir: string,
  name: string,
  ext: string,
  data: string | Uint8Array,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  await stageClosed(temp, path.join(dir, `${name}${ext}`), data, 0o644);
  try {
    for (let attempt = 1; ; attempt++) {
      const target = path.join(dir, attempt === 1 ? `${name}${ext}` : `${name}-${attempt}${ext}`);
      try {
        await runAsync(placeSteps(stateOps, 'create', temp, target));
      } catch (error) {
        if (errnoOf(error) === 'EEXIST' && attempt < 1000) continue;
        throw error;
      }
      // Durability of the directory entry is best effort; the file itself is complete.
      await runAsync(syncDirectorySteps(stateOps, dir)).catch(() => undefined);
      return target;
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * Replaces `target` whole with `data`, staged under `temp` in its directory: readers see the old
 * file or the new one. The directory fsync is required (a failure fails the call).
 */
export async function replaceFileAtomic(target: string, temp: string, data: string): Promise<void> {
  await stageClosed(temp, target, data, 0o666);
  try {
    await runAsync(placeSteps(stateOps, 'replace', temp, target));
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await runAsync(step(() => stateOps.fsyncDirectory(path.dirname(target))));
}
