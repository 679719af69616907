// What the soak samples about a server process: from outside, its RSS and open descriptors (Linux
// /proc; null elsewhere) and the round trip of MCP pings sent one after another beside the load;
// from inside, through the `peer-bridge/diagnostics` request (PEER_BRIDGE_DIAGNOSTICS=on), the
// longest stall of the server's own event loop, which no client's loop or pipe takes part in.
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { DIAGNOSTICS_METHOD, type Diagnostics } from '../src/mcp/diagnostics.js';

export interface Sample {
  /** Calls (or edits) settled when the sample was taken. */
  at: number;
  rssMiB: number | null;
  fds: number | null;
  /** The longest stall of the servers' own event loops since the previous sample, in ms. */
  serverStallMs: number;
  /** The same less the servers' wait for a CPU in that turn (their own work's share); null off Linux. */
  serverOwnStallMs: number | null;
  /** The longest-stalled server's worst turn, split into time on a CPU and waiting for one; null off Linux. */
  worstTurn: Diagnostics['event_loop']['worst_turn'];
  /** The busiest server loop's share of busy time since the previous sample (0 to 1). */
  serverLoopBusy: number;
  /** The servers' V8 heaps in use, summed, in MiB. */
  heapMiB: number;
  /** Lock files the servers keep open, summed (each keeps at most KEPT_LOCK_FILES). */
  keptLockFiles: number;
  /** The longest ping round trip since the previous sample, in ms. */
  maxPingMs: number;
  /**
   * The longest delay of this (client) process's own event loop since the previous sample: a ping
   * round trip includes it, so a long round trip beside a long client delay is not the server's.
   */
  clientLoopMs: number;
  /**
   * Milliseconds the server's main thread spent runnable but waiting for a CPU since the previous
   * sample (Linux schedstat; null elsewhere): the machine's load, not work of the server's.
   */
  serverRunQueueMs: number | null;
}

/** The server's main thread's total wait on the run queue so far, in ms (Linux). */
export function runQueueMs(pid: number): number | null {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
  } catch {
    return null;
  }
}

/** What `client`'s server says about itself since the previous request (PEER_BRIDGE_DIAGNOSTICS=on). */
export async function diagnostics(client: Client): Promise<Diagnostics> {
  return (await client.request({ method: DIAGNOSTICS_METHOD }, ResultSchema, {
    timeout: 60_000,
  })) as unknown as Diagnostics;
}

/**
 * Takes samples of the servers (`pids` and their `clients`, summed), each covering the time since
 * the one before. The diagnostics request is sent at once; the sample resolves when all answered.
 */
export function sampler(
  pids: number[],
  clients: Client[],
  pings: { take: () => number }[],
): (at: number) => Promise<Sample> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const waitOf = () => {
    const waits = pids.map(runQueueMs);
    return waits.some((w) => w === null) ? null : waits.reduce((a, b) => a! + b!, 0);
  };
  let lastWait = waitOf();
  const sum = (values: (number | null)[]) =>
    values.some((v) => v === null) ? null : values.reduce((a, b) => a! + b!, 0);
  return async (at) => {
    const inside = Promise.all(clients.map(diagnostics));
    const wait = waitOf();
    const outside = {
      at,
      rssMiB: sum(pids.map(rssMiB)),
      fds: sum(pids.map(openFds)),
      maxPingMs: Math.max(...pings.map((p) => p.take())),
      clientLoopMs: loop.max / 1e6,
      serverRunQueueMs: wait === null || lastWait === null ? null : wait - lastWait,
    };
    lastWait = wait;
    loop.reset();
    const reports = await inside;
    return {
      ...outside,
      serverStallMs: Math.max(...reports.map((r) => r.event_loop.max_stall_ms)),
      serverOwnStallMs: reports.some((r) => r.event_loop.max_own_stall_ms === null)
        ? null
        : Math.max(...reports.map((r) => r.event_loop.max_own_stall_ms!)),
      worstTurn: reports.reduce((a, r) => (r.event_loop.max_stall_ms > a.event_loop.max_stall_ms ? r : a)).event_loop
        .worst_turn,
      serverLoopBusy: Math.max(...reports.map((r) => r.event_loop.utilization)),
      heapMiB: reports.reduce((a, r) => a + r.heap_used_bytes, 0) / 2 ** 20,
      keptLockFiles: reports.reduce((a, r) => a + r.kept_lock_files, 0),
    };
  };
}

export function rssMiB(pid: number): number | null {
  try {
    const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function openFds(pid: number): number | null {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return null;
  }
}

/**
 * Pings `client` in a loop (a fixed pause between pings) until stopped; `take()` returns the
 * longest round trip since the last take. A round trip also holds this process's own turn and
 * the pipe, so it bounds the server's stall from above.
 */
export function pinger(client: Client, pauseMs = 20): { take: () => number; stop: () => Promise<void> } {
  let max = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      try {
        await client.ping({ timeout: 60_000 });
      } catch {
        if (!running) return;
      }
      max = Math.max(max, performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  })();
  return {
    take: () => {
      const value = max;
      max = 0;
      return value;
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}

/** How far the samples after warm-up rise above the first of them (0.1 = 10%): the peak. */
export function growth(samples: readonly Sample[], key: 'rssMiB' | 'fds', warmup: number): number | null {
  const values = warmValues(samples, key, warmup);
  return values && Math.max(...values) / values[0]! - 1;
}

/**
 * The rise of the least-squares line through the samples after warm-up, from the first warm
 * sample to the last, over the line's start (0.1 = 10%): growth that keeps on, where a garbage
 * collector's saw-tooth (up, then back down) averages out.
 */
export function trend(samples: readonly Sample[], key: 'rssMiB' | 'fds', warmup: number): number | null {
  const values = warmValues(samples, key, warmup);
  if (!values) return null;
  const n = values.length;
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  values.forEach((y, x) => {
    num += (x - meanX) * (y - meanY);
    den += (x - meanX) ** 2;
  });
  const slope = num / den;
  const start = meanY - slope * meanX;
  return (slope * (n - 1)) / start;
}

function warmValues(samples: readonly Sample[], key: 'rssMiB' | 'fds', warmup: number): number[] | null {
  const after = samples.slice(warmup).map((s) => s[key]);
  if (after.length < 2 || after.some((v) => v === null)) return null;
  return after as number[];
}
