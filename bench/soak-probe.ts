// What the soak samples about a server process from outside: its RSS and open descriptors (Linux
// /proc; null elsewhere), and its event loop's stall as the round trip of MCP pings sent one after
// another by a pinger that runs beside the load (the server exposes nothing new for this).
import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export interface Sample {
  /** Calls (or edits) settled when the sample was taken. */
  at: number;
  rssMiB: number | null;
  fds: number | null;
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

/** Takes samples of `pids` (summed), each covering the time since the one before. */
export function sampler(pids: number[], pings: { take: () => number }[]): (at: number) => Sample {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const waitOf = () => {
    const waits = pids.map(runQueueMs);
    return waits.some((w) => w === null) ? null : waits.reduce((a, b) => a! + b!, 0);
  };
  let lastWait = waitOf();
  const sum = (values: (number | null)[]) =>
    values.some((v) => v === null) ? null : values.reduce((a, b) => a! + b!, 0);
  return (at) => {
    const wait = waitOf();
    const sample: Sample = {
      at,
      rssMiB: sum(pids.map(rssMiB)),
      fds: sum(pids.map(openFds)),
      maxPingMs: Math.max(...pings.map((p) => p.take())),
      clientLoopMs: loop.max / 1e6,
      serverRunQueueMs: wait === null || lastWait === null ? null : wait - lastWait,
    };
    lastWait = wait;
    loop.reset();
    return sample;
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

/** How far the samples after warm-up rise above the first of them (0.1 = 10%). */
export function growth(samples: readonly Sample[], key: 'rssMiB' | 'fds', warmup: number): number | null {
  const after = samples.slice(warmup).map((s) => s[key]);
  if (after.length < 2 || after.some((v) => v === null)) return null;
  const values = after as number[];
  return Math.max(...values) / values[0]! - 1;
}
