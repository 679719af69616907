// A version pins one state of a file: who it is (identity), its metadata, and its bytes (digest),
// all taken from one open handle. Comparing two versions decides "stale" for every mutation.
import { hash } from 'node:crypto';
import type { FileIdentity, NativeStat } from '../native/index.js';

export interface Version {
  identity: FileIdentity;
  size: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
  mode: number;
  nlink: number;
  /** sha256 of the bytes, hex. */
  digest: string;
}

export function versionOf(stat: NativeStat, digest: string): Version {
  return {
    identity: stat.identity,
    size: stat.size,
    mtimeNs: stat.mtimeNs,
    ctimeNs: stat.ctimeNs,
    mode: stat.mode,
    nlink: stat.nlink,
    digest,
  };
}

// crypto.hash: one call, and no Hash object left for the garbage collector's weak callbacks (an
// edit hashes twice; those callbacks were about a fifth of each scavenge).
export function digestOf(bytes: Uint8Array): string {
  return hash('sha256', bytes);
}

export type VersionMatch = { same: true; metadataOnly: boolean } | { same: false; reason: string };

const octal = (mode: number) => (mode & 0o7777).toString(8);

/**
 * Same file, same bytes, same mode → same version. Times alone never decide: a moved mtime/ctime
 * with identical bytes and identity is metadata noise (sync tools, antivirus, `touch`); the
 * digest catches a same-size rewrite inside one timestamp tick or with a restored mtime.
 */
export function compareVersions(observed: Version, current: Version): VersionMatch {
  if (observed.identity.volume !== current.identity.volume || observed.identity.fileId !== current.identity.fileId) {
    return { same: false, reason: 'the file was replaced (new identity) since it was read' };
  }
  if ((observed.mode & 0o7777) !== (current.mode & 0o7777)) {
    return {
      same: false,
      reason: `its mode changed from ${octal(observed.mode)} to ${octal(current.mode)} since it was read`,
    };
  }
  if (observed.size !== current.size) {
    return { same: false, reason: `its size changed from ${observed.size} to ${current.size} bytes since it was read` };
  }
  if (observed.digest !== current.digest) {
    return { same: false, reason: 'its content changed since it was read' };
  }
  const metadataOnly = observed.mtimeNs !== current.mtimeNs || observed.ctimeNs !== current.ctimeNs;
  return { same: true, metadataOnly };
}
