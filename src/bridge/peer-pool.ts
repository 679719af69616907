// The peer pool of one server: at most `size` peers run at once; later calls wait in line, first
// come first served, each told how many calls are ahead of it. A cancelled call leaves the line at
// once and never gets a slot.
import os from 'node:os';
import type { Verb } from '../vocabulary.js';
import { asReaderError } from '../settings/errors.js';
import { readSetting } from '../settings/read.js';
import { abortReason, BridgeError } from './errors.js';
import { hostEnv } from '../settings/env.js';

export const MAX_PEERS_ENV = 'PEER_BRIDGE_MAX_PEERS';
/** The largest PEER_BRIDGE_MAX_PEERS accepted: past it a value is more likely a typo than a plan. */
export const MAX_PEERS_CEILING = 1024;

/**
 * The default pool size for a machine with `cores` cores: one peer per core, at least 2 and at
 * most 8. A peer mostly waits on its model, but it starts a CLI (a second or so of CPU) and runs
 * builds and tests in the workspace; more peers than cores stalls the caller's machine (16 peers
 * on 2 cores stalled everything for seconds). Two let an advise run beside a long implement even
 * on a small machine; past 8 the model provider's rate limits, not the machine, set the pace.
 */
export function defaultMaxPeers(cores: number = os.availableParallelism()): number {
  return Math.min(8, Math.max(2, Math.floor(cores)));
}

/** PEER_BRIDGE_MAX_PEERS, else the default; a bad value is an `invalid_environment` error. */
export function maxPeers(env: NodeJS.ProcessEnv = hostEnv()): number {
  const read = () => readSetting(MAX_PEERS_ENV, env) ?? defaultMaxPeers();
  const wrap = (message: string) =>
    new BridgeError('invalid_environment', `${message} (the default here is ${defaultMaxPeers()})`);
  return asReaderError(read, wrap);
}

/** A call in the pool, as bridge_status lists it. */
export interface PoolEntry {
  run_id: string;
  verb: Verb;
  /** When it started its peer (running) or joined the line (queued), ISO 8601. */
  since: string;
}

export interface PoolTicket {
  run_id: string;
  verb: Verb;
  /** Aborting it while the call waits takes it out of the line; acquire() rejects with its reason. */
  signal?: AbortSignal;
  /** How many calls are ahead: once when the call joins the line, then each time it moves up. */
  onWait?: (ahead: number) => void;
}

/** A slot for one peer: give it back with release() once the peer is gone. */
export interface PoolSlot {
  /** Gives the slot to the next call in line; calling it again does nothing. */
  release(): void;
  /** How long the call waited in line, in ms (0 when a slot was free). */
  waitedMs: number;
}

interface Waiter {
  entry: PoolEntry;
  joined: number;
  ticket: PoolTicket;
  resolve: (slot: PoolSlot) => void;
  reject: (reason: Error) => void;
  onAbort: () => void;
}

export class PeerPool {
  readonly size: number;
  readonly #running = new Set<PoolEntry>();
  readonly #line: Waiter[] = [];

  constructor(size: number) {
    if (!Number.isInteger(size) || size < 1) throw new RangeError(`a peer pool holds at least 1 peer, got ${size}`);
    this.size = size;
  }

  /** A slot now when one is free and nobody waits, else a place at the end of the line. */
  acquire(ticket: PoolTicket): Promise<PoolSlot> {
    if (ticket.signal?.aborted) return Promise.reject(abortReason(ticket.signal));
    const entry: PoolEntry = { run_id: ticket.run_id, verb: ticket.verb, since: new Date().toISOString() };
    if (this.#line.length === 0 && this.#running.size < this.size) return Promise.resolve(this.#grant(entry, 0));
    return new Promise<PoolSlot>((resolve, reject) => {
      const waiter: Waiter = {
        entry,
        joined: performance.now(),
        ticket,
        resolve,
        reject,
        onAbort: () => this.#leave(waiter),
      };
      this.#line.push(waiter);
      ticket.signal?.addEventListener('abort', waiter.onAbort, { once: true });
      ticket.onWait?.(this.#line.length - 1);
    });
  }

  /** The calls running a peer and those waiting, oldest first; `ahead` counts the calls before one in line. */
  snapshot(): { running: PoolEntry[]; queued: Array<PoolEntry & { ahead: number }> } {
    return {
      running: [...this.#running].map((entry) => ({ ...entry })),
      queued: this.#line.map((waiter, ahead) => ({ ...waiter.entry, ahead })),
    };
  }

  #grant(entry: PoolEntry, waitedMs: number): PoolSlot {
    const held: PoolEntry = { ...entry, since: new Date().toISOString() };
    this.#running.add(held);
    let released = false;
    return {
      waitedMs,
      release: () => {
        if (released) return;
        released = true;
        this.#running.delete(held);
        this.#next();
      },
    };
  }

  // A freed slot goes to the first in line; everyone behind it moves up one place.
  #next(): void {
    const first = this.#running.size < this.size ? this.#line.shift() : undefined;
    if (!first) return;
    first.ticket.signal?.removeEventListener('abort', first.onAbort);
    first.resolve(this.#grant(first.entry, performance.now() - first.joined));
    this.#moved(0);
  }

  // A cancelled call leaves the line at once; the calls behind it move up.
  #leave(waiter: Waiter): void {
    const at = this.#line.indexOf(waiter);
    if (at === -1) return;
    this.#line.splice(at, 1);
    waiter.reject(abortReason(waiter.ticket.signal));
    this.#moved(at);
  }

  #moved(from: number): void {
    for (let ahead = from; ahead < this.#line.length; ahead++) this.#line[ahead]!.ticket.onWait?.(ahead);
  }
}
