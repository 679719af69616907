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
}

export interface Backend {
  platform: string;
  stat: string;
  rename: string;
  link: string;
  fsyncDirectory: string;
  lock: string;
}

export interface RawBinding {
  backend: Backend;
  statPath(path: string, follow: boolean): NativeStat;
  statPathAsync(path: string, follow: boolean): Promise<NativeStat>;
  statFd(fd: number): NativeStat;
  statFdAsync(fd: number): Promise<NativeStat>;
  renameNoReplace(from: string, to: string): void;
  renameNoReplaceAsync(from: string, to: string): Promise<void>;
  linkNoOverwrite(existing: string, newPath: string): void;
  linkNoOverwriteAsync(existing: string, newPath: string): Promise<void>;
  fsyncDirectory(path: string): void;
  fsyncDirectoryAsync(path: string): Promise<void>;
  lockTry(path: string, exclusive: boolean): number;
  lockRelease(token: number): void;
}
