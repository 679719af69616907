// The messages between the host and the spawn thread (spawn-thread.ts, spawn-thread-worker.ts).
// Children are numbered by the host; a pipe is named by its stdio index (1, 2, 3…).

export type StdioSetting = 'ignore' | 'pipe';

export interface StartMessageOptions {
  cwd: string;
  env: Record<string, string>;
  stdio: StdioSetting[];
  detached: boolean;
  windowsHide: boolean;
  windowsVerbatimArguments: boolean;
}

export type ToThread =
  | { op: 'spawn'; id: number; file: string; args: readonly string[]; options: StartMessageOptions }
  | { op: 'kill'; id: number; signal: NodeJS.Signals }
  /** The host took `bytes` of pipe `fd` off the thread's hands (flow control). */
  | { op: 'ack'; id: number; fd: number; bytes: number }
  /** The host gave up on pipe `fd` before its end (a descendant may hold it open): close the thread's end. */
  | { op: 'destroy'; id: number; fd: number };

export interface SpawnErrorShape {
  message: string;
  code?: string;
  errno?: number;
  syscall?: string;
  path?: string;
}

export type FromThread =
  | { op: 'spawned'; id: number; pid: number | undefined }
  | { op: 'data'; id: number; fd: number; chunk: Uint8Array }
  | { op: 'end'; id: number; fd: number }
  | { op: 'error'; id: number; error: SpawnErrorShape }
  | { op: 'exit'; id: number; code: number | null; signal: NodeJS.Signals | null }
  | { op: 'close'; id: number; code: number | null; signal: NodeJS.Signals | null };

/** Bytes a pipe may have in flight to the host before the thread stops reading it. */
export const IN_FLIGHT_LIMIT = 1 << 20;
