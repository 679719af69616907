// Admission, the phase between a call's checks and its peer: an implement call first waits for its
// workspace's writer turn, then every call waits for a slot in its server's peer pool. While it
// waits the caller gets progress (clients that reset their timeout on progress keep waiting); a
// call cancelled meanwhile leaves at once and no peer is ever started for it. The call's budget
// starts later, with its peer.
import type { LockDirInfo } from '../fs/lock-dir.js';
import type { Verb } from '../vocabulary.js';
import type { PeerPool, PoolSlot } from './peer-pool.js';
import type { BridgeProgress } from './types.js';
import { takeWriterTurn, type WriterTurn } from './writer-lock.js';
import { MAX_WRITERS_ENV } from './writer-setting.js';
import { MAX_PEERS_ENV } from './peer-pool.js';

export interface AdmissionOptions {
  verb: Verb;
  runId: string;
  /** The workspace's real path. */
  workspace: string;
  /** The server's pool; without one (`peer-bridge run`, runBridge) no slot is needed. */
  pool?: PeerPool | undefined;
  /** Implement calls at once per workspace (0: no limit). */
  maxWriters: number;
  lockDir: LockDirInfo;
  signal?: AbortSignal | undefined;
  /** How often a waiting call repeats its progress message. */
  heartbeatMs: number;
  /** Sends one progress message to the caller. */
  say?: ((message: string) => void) | undefined;
}

/** How long a call waited before its peer could start; what the transcript and the ledger keep. */
export interface QueueTime {
  /** From the start of admission to the peer's turn. */
  queued_seconds: number;
  /** Of which waiting for the workspace's writer turn. */
  writer_seconds: number;
  /** Of which waiting in line for a peer slot. */
  peer_seconds: number;
  /** Calls ahead of it when it joined the line; null when it did not wait for a slot. */
  ahead: number | null;
}

export type Admission =
  /** `waited` is null when the call did not have to wait. */
  | { admitted: true; release: () => void; waited: QueueTime | null }
  /** Cancelled while it waited: nothing to release, no peer to start. */
  | { admitted: false; waited: QueueTime };

const seconds = (ms: number) => Math.round(ms) / 1000;

export function queuedMessage(ahead: number, size: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const limit = `this server runs at most ${plural(size, 'peer')} at once (${MAX_PEERS_ENV})`;
  return `queued: ${plural(ahead, 'call')} ahead; ${limit}`;
}

export function writerMessage(max: number): string {
  return (
    "waiting for the workspace's writer turn: another implement call is running in this workspace " +
    `(at most ${max} at once, ${MAX_WRITERS_ENV})`
  );
}

/** Waits for the call's writer turn (implement) and its peer slot; see the top of this file. */
export async function admit(options: AdmissionOptions): Promise<Admission> {
  const start = performance.now();
  let message: string | null = null;
  let ahead: number | null = null;
  const tell = (text: string) => {
    message = text;
    options.say?.(text);
  };
  const heartbeat = options.say
    ? setInterval(() => message !== null && options.say?.(message), options.heartbeatMs)
    : undefined;
  let turn: WriterTurn | undefined;
  let slot: PoolSlot | undefined;
  const waited = (): QueueTime => ({
    queued_seconds: seconds(performance.now() - start),
    writer_seconds: seconds(turn?.waitedMs ?? 0),
    peer_seconds: seconds(slot?.waitedMs ?? 0),
    ahead,
  });
  try {
    if (options.verb === 'implement') {
      turn = await takeWriterTurn({
        workspace: options.workspace,
        max: options.maxWriters,
        lockDir: options.lockDir,
        runId: options.runId,
        signal: options.signal,
        onWait: () => tell(writerMessage(options.maxWriters)),
      });
    }
    const pool = options.pool;
    if (pool) {
      slot = await pool.acquire({
        run_id: options.runId,
        verb: options.verb,
        signal: options.signal,
        onWait: (now) => {
          ahead ??= now;
          tell(queuedMessage(now, pool.size));
        },
      });
    }
  } catch (error) {
    turn?.release();
    if (!options.signal?.aborted) throw error;
    return { admitted: false, waited: waited() };
  } finally {
    clearInterval(heartbeat);
  }
  const held = { turn, slot };
  const release = () => {
    held.slot?.release();
    held.turn?.release();
  };
  return { admitted: true, release, waited: message === null ? null : waited() };
}

/**
 * Progress for one call across its phases: messages while it waits, then the peer's reports,
 * counted on from there (MCP progress must keep increasing).
 */
export function progressRelay(
  onProgress: ((progress: BridgeProgress) => void) | undefined,
  runId: string,
  budgetSeconds: number,
): { say: ((message: string) => void) | undefined; peer: ((progress: BridgeProgress) => void) | undefined } {
  if (!onProgress) return { say: undefined, peer: undefined };
  let said = 0;
  return {
    say: (message) =>
      onProgress({
        run_id: runId,
        count: ++said,
        elapsed_seconds: 0,
        budget_seconds: budgetSeconds,
        message: message.slice(0, 200),
      }),
    peer: (progress) => onProgress({ ...progress, count: progress.count + said }),
  };
}
