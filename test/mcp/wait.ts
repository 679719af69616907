// Waiting on real state (files, processes) instead of sleeping a guessed time.
import { readdirSync, readlinkSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/** Resolves with the first truthy value of `probe`, checked every 25 ms; rejects after `limitMs`. */
export async function waitFor<T>(probe: () => T | Promise<T>, what: string, limitMs = 30_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await delay(25);
  }
}

/** Pids of live processes whose working directory is `dir` (Linux /proc). */
export function processesIn(dir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === dir) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}
