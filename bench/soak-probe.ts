// What the soak samples about a server process from outside: its RSS and open descriptors (Linux
// /proc; null elsewhere), and its event loop's stall as the round trip of MCP pings sent one after
// another by a pinger that runs beside the load (the server exposes nothing new for this).
import { readdirSync, readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export interface Sample {
  /** Calls (or edits) settled when the sample was taken. */
  at: number;
  rssMiB: number | null;
  fds: number | null;
  /** The longest ping round trip since the previous sample, in ms. */
  maxPingMs: number;
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
