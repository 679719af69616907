// Transcripts and incidents appear whole or not at all: written to a temporary file in the same
// directory, flushed, then published under a name that is never already taken.
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, unlink } from 'node:fs/promises';
import path from 'node:path';

type NativeFs = {
  renameNoReplace(from: string, to: string): Promise<void>;
  fsyncDirectory(dir: string): Promise<void>;
};

let nativeFs: Promise<NativeFs | null> | undefined;

// The native addon gives rename-without-replace and directory fsync; without it (a platform with
// no binary), a hard link also never overwrites, and the directory fsync is skipped. Their async
// forms run on the thread pool: a directory fsync can take milliseconds, and a server writes
// transcripts for many calls at once.
function loadNative(): Promise<NativeFs | null> {
  nativeFs ??= import('../native/index.js').then(
    (m) => m.promises as NativeFs,
    () => null,
  );
  return nativeFs;
}

async function publishNoReplace(temp: string, target: string): Promise<void> {
  const native = await loadNative();
  if (native) {
    await native.renameNoReplace(temp, target);
    return;
  }
  await link(temp, target);
  await unlink(temp);
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
  const handle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    for (let attempt = 1; ; attempt++) {
      const target = path.join(dir, attempt === 1 ? `${name}${ext}` : `${name}-${attempt}${ext}`);
      try {
        await publishNoReplace(temp, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST' && attempt < 1000) continue;
        throw error;
      }
      const native = await loadNative();
      // Durability of the directory entry is best effort; the file itself is complete.
      await native?.fsyncDirectory(dir).catch(() => undefined);
      return target;
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}
