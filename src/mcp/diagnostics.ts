// The `peer-bridge/diagnostics` request, answered by either server only when PEER_BRIDGE_DIAGNOSTICS
// is on: the process's own event-loop stall, loop utilisation and memory since the previous
// request, measured inside the server (a client's ping round trip also holds the client's loop and
// the machine's run queue). Not a tool: tools/list never shows it. The soak benchmark reads it.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { createHistogram, performance, type EventLoopUtilization } from 'node:perf_hooks';
import { keptLockFileCount } from '../fs/locks.js';
import { readSetting } from '../settings/read.js';
import { hostEnv } from '../settings/env.js';

export const DIAGNOSTICS_METHOD = 'peer-bridge/diagnostics';
/** How often the monitor's timer is due: a stall is how late it came. */
export const LOOP_RESOLUTION_MS = 10;

export interface Diagnostics {
  pid: number;
  /** Milliseconds these figures cover: since the previous request, or since the server started. */
  covers_ms: number;
  rss_bytes: number;
  heap_used_bytes: number;
  /** Lock files the process keeps open between edits (a bounded cache: see src/fs/locks.ts). */
  kept_lock_files: number;
  event_loop: {
    /** The longest time the loop was late for its timer: how long it could not answer anything. */
    max_stall_ms: number;
    p99_stall_ms: number;
    mean_stall_ms: number;
    /**
     * The longest lateness less the time the main thread spent ready to run but without a CPU in
     * that turn (the machine's load, not the server's work); null where the kernel does not say
     * (Linux only).
     */
    max_own_stall_ms: number | null;
    /**
     * The turn that came latest in the span, split (Linux; null elsewhere): `on_cpu_ms` the main thread ran
     * (JavaScript, the garbage collector), `cpu_wait_ms` it was ready without a CPU; the rest of
     * the turn it was blocked (a synchronous system call, a lock shared with other threads) or idle.
     */
    worst_turn: { stall_ms: number; on_cpu_ms: number; cpu_wait_ms: number } | null;
    /** Turns of the timer seen. */
    samples: number;
    /** The share of the time the loop was busy (0 to 1). */
    utilization: number;
  };
}

const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/** The main thread's total time on a CPU and waiting for one so far, in ms (Linux schedstat), or null. */
export function schedTimes(): { run: number; wait: number } | null {
  try {
    const [run, wait] = readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { run: run! / 1e6, wait: wait! / 1e6 } : null;
  } catch {
    return null;
  }
}

type Turn = NonNullable<Diagnostics['event_loop']['worst_turn']>;

/**
 * Starts measuring now; each call of the returned function reports and starts the next span. A
 * timer of its own (not monitorEventLoopDelay, whose reset forgets the previous turn, so a stall
 * just after a report would go unseen) records each turn's lateness, in µs, and that lateness
 * less the turn's wait for a CPU.
 */
export function loopMonitor(): () => Diagnostics {
  const lateness = createHistogram();
  const own = createHistogram();
  let last = performance.now();
  let lastSched = schedTimes();
  let worst: Turn | null = null;
  const us = (ms: number) => Math.max(1, Math.round(ms * 1000));
  const timer = setInterval(() => {
    const now = performance.now();
    const sched = lastSched === null ? null : schedTimes();
    const late = now - last - LOOP_RESOLUTION_MS;
    lateness.record(us(late));
    if (sched !== null && lastSched !== null) {
      const turn = { stall_ms: late, on_cpu_ms: sched.run - lastSched.run, cpu_wait_ms: sched.wait - lastSched.wait };
      own.record(us(late - turn.cpu_wait_ms));
      if (worst === null || late > worst.stall_ms) worst = turn;
    }
    last = now;
    lastSched = sched;
  }, LOOP_RESOLUTION_MS);
  timer.unref();
  let since = performance.now();
  let utilization: EventLoopUtilization = performance.eventLoopUtilization();
  const ms = (value: number) => value / 1000;
  return () => {
    const now = performance.now();
    const busy = performance.eventLoopUtilization(utilization);
    const memory = process.memoryUsage();
    const counted = lateness.count > 0;
    const report: Diagnostics = {
      pid: process.pid,
      covers_ms: now - since,
      rss_bytes: memory.rss,
      heap_used_bytes: memory.heapUsed,
      kept_lock_files: keptLockFileCount(),
      event_loop: {
        max_stall_ms: counted ? ms(lateness.max) : 0,
        p99_stall_ms: counted ? ms(lateness.percentile(99)) : 0,
        mean_stall_ms: counted ? ms(lateness.mean) : 0,
        max_own_stall_ms: lastSched === null ? null : own.count > 0 ? ms(own.max) : 0,
        worst_turn: worst,
        samples: lateness.count,
        utilization: busy.utilization,
      },
    };
    lateness.reset();
    own.reset();
    worst = null;
    since = now;
    utilization = performance.eventLoopUtilization();
    return report;
  };
}

/**
 * Answers `peer-bridge/diagnostics` on `server` when PEER_BRIDGE_DIAGNOSTICS is on; leaves the
 * server as it is when it is off or unset. A bad value is logged, and the request then answers
 * with that message, so whoever asks learns what to fix.
 */
export function installDiagnostics(server: Server, log: (message: string) => void, env = hostEnv()): void {
  let answer: () => Diagnostics;
  try {
    if (readSetting('PEER_BRIDGE_DIAGNOSTICS', env) !== 'on') return;
    answer = loopMonitor();
  } catch (error) {
    const message = (error as Error).message;
    log(message);
    answer = () => {
      throw new McpError(ErrorCode.InvalidRequest, message);
    };
  }
  server.fallbackRequestHandler = async (request) => {
    // The SDK's own answer to a method nobody handles, which the fallback replaces.
    if (request.method !== DIAGNOSTICS_METHOD) throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    return answer() as unknown as Record<string, unknown>;
  };
}
