// The per-user secret that signs version tokens. It lives in the lock directory, because processes
// that edit the same files must already agree on that directory (see lock-dir.ts): a token one of
// them issues is then honoured by all of them, and by no one who cannot read this user's file.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { renameNoReplace } from '../native/index.js';
import { FsError, errnoOf } from './errors.js';
import { syncIo } from './file-io.js';
import { placeSteps, stageSteps, writeBytes } from './publication.js';
import { runSync } from './steps.js';
import { assertPrivate, type LockDirInfo } from './lock-dir.js';

/** The key file's name inside the lock directory. */
export const VERSION_KEY_FILE = 'version-token.key';
export const VERSION_KEY_BYTES = 32;

const cache = new Map<string, Buffer>();
// The key is published with a link (never replacing), without the FsOps seams of a workbench.
const keyOps = { rename: renameSync, renameNoReplace, linkNoOverwrite: linkSync };

function unusable(file: string, why: string, cause?: unknown): FsError {
  return new FsError(
    'FS_IO_ERROR',
    `the version-token key ${file} ${why}; nothing was read or changed: ` +
      'reads and changes return version tokens, which need it (it lives in the lock directory: ' +
      'make that usable or set PEER_BRIDGE_LOCK_DIR; a bad key file can be removed, ' +
      'tokens issued before then stop matching)',
    { cause },
  );
}

// Only this user may read the key: anyone who can read it can forge tokens for any file.
function readKey(file: string): Buffer {
  const stat = lstatSync(file);
  if (!stat.isFile()) throw unusable(file, 'is not a regular file');
  if (typeof process.getuid === 'function') {
    if (stat.uid !== process.getuid()) throw unusable(file, `belongs to uid ${stat.uid}`);
    if ((stat.mode & 0o077) !== 0)
      throw unusable(file, `can be read or written by others (mode ${(stat.mode & 0o777).toString(8)})`);
  }
  const key = readFileSync(file);
  if (key.length !== VERSION_KEY_BYTES) throw unusable(file, `holds ${key.length} bytes, not ${VERSION_KEY_BYTES}`);
  return key;
}

// Written in full under a private name, then linked into place: the link never replaces, so two
// processes that race both end up reading the one key that won, and nobody sees a partial file.
function createKey(dir: string, file: string): void {
  const stage = path.join(dir, `.${VERSION_KEY_FILE}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const bytes = randomBytes(VERSION_KEY_BYTES);
  const staged = runSync(stageSteps(syncIo, { target: file, stage, createMode: 0o600 }, writeBytes(syncIo, bytes)));
  try {
    closeSync(staged.handle);
    runSync(placeSteps(keyOps, 'link', stage, file));
  } catch (error) {
    if (errnoOf(error) !== 'EEXIST') throw error;
  } finally {
    rmSync(stage, { force: true });
  }
}

/** This user's token key for a lock directory: read once per process, created on first use. */
export function versionKey(where: LockDirInfo): Buffer {
  const { dir } = where;
  const file = path.join(dir, VERSION_KEY_FILE);
  const cached = cache.get(file);
  if (cached) return cached;
  let key: Buffer;
  try {
    key = readKey(file);
  } catch (error) {
    if (errnoOf(error) !== 'ENOENT')
      throw error instanceof FsError
        ? error
        : unusable(file, `cannot be read (${errnoOf(error) ?? String(error)})`, error);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      // The same rule as for lock files: a default directory someone else made is not used.
      if (where.source === 'default') assertPrivate(dir);
      createKey(dir, file);
      key = readKey(file);
    } catch (inner) {
      throw inner instanceof FsError
        ? inner
        : unusable(file, `cannot be created (${errnoOf(inner) ?? String(inner)})`, inner);
    }
  }
  cache.set(file, key);
  return key;
}
