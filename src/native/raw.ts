// The shape of what native/binding.cc exports; the typed API in index.ts wraps it.

export type FileKind = 'file' | 'directory' | 'symlink' | 'other';

export interface FileIdentity {
  /** Hex: dev on POSIX, the 64-bit volume serial on Windows. */
  volume: string;
  /** Hex: inode on POSIX, the 128-bit FILE_ID_INFO id on Windows. */
  fileId: string;
}

export interface NativeStat {
  identity: FileIdentity;
  size: number;
  mode: number;
  nlink: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
  /** Present when the filesystem records a creation time. */
  birthtimeNs?: bigint;
  kind: FileKind;
  /** POSIX: the owner's user and group ids. Absent on Windows. */
  owner?: { uid: number; gid: number };
}

export interface Backend {
  platform: string;
  stat: string;
  rename: string;
  link: string;
  fsyncDirectory: string;
  lock: string;
}

/** What the async stat forms resolve with; decoded by stat-layout.ts. */
export type RawStat = [numbers: Float64Array, bigints: BigInt64Array];

export interface RawBinding {
  backend: Backend;
  /** Filled by the sync stat calls; decoded by stat-layout.ts. */
  statNumbers: Float64Array;
  statBigInts: BigInt64Array;
  statPath(path: string, follow: boolean): void;
  statPathAsync(path: string, follow: boolean): Promise<RawStat>;
  statFd(fd: number): void;
  statFdAsync(fd: number): Promise<RawStat>;
  renameNoReplace(from: string, to: string): void;
  renameNoReplaceAsync(from: string, to: string): Promise<void>;
  linkNoOverwrite(existing: string, newPath: string): void;
  linkNoOverwriteAsync(existing: string, newPath: string): Promise<void>;
  fsyncDirectory(path: string): void;
  fsyncDirectoryAsync(path: string): Promise<void>;
  lockTry(path: string, exclusive: boolean): number;
  lockRelease(token: number): void;
  lockPark(token: number): void;
  /** False when the lock file was removed since it was parked (nothing is held then). */
  lockRetake(token: number, exclusive: boolean): boolean;
  /** See readUnchanged in index.ts; the handle's stat is left in the shared arrays when it returns bytes. */
  readSeen(
    path: string,
    volume: string,
    fileId: string,
    size: number,
    mode: number,
    mtimeNs: bigint,
    ctimeNs: bigint,
  ): Buffer | undefined;
  /** See replaceChecked in index.ts; the stage's stat is left in the shared arrays when it returns true. */
  replaceChecked(
    stage: string,
    target: string,
    dir: string,
    bytes: Uint8Array,
    mode: number,
    uid: number,
    gid: number,
    known: Uint8Array,
    volume: string,
    fileId: string,
    size: number,
    seenMode: number,
    mtimeNs: bigint,
    ctimeNs: bigint,
  ): boolean;
  /** The same on the thread pool: the stage's stat, or null when the target was not as seen. */
  replaceCheckedAsync(...args: Parameters<RawBinding['replaceChecked']>): Promise<RawStat | null>;
}
