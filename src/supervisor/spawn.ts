// The one way a runner starts a process. node's spawn (through start-process.ts) rather than execa here: the host
// needs a detached child (its own process group, to kill the whole tree), byte-exact output caps
// applied while reading (execa's `lines`/`maxBuffer` buffer everything and its forceKillAfterDelay
// signals only the direct child), a third pipe for the reaper's reports, and a kill that also
// reaches descendants that left the group.
import { randomUUID } from 'node:crypto';
import { killTree, DEFAULT_GRACE_MS } from './kill-tree.js';
import { LineSplitter, type LimitKind, type LineLimits } from './line-stream.js';
import { guardChild } from './watchdog.js';
import { lowerPriority, peerNice, REAPER_NICE_VARIABLE } from './priority.js';
import { emptyReport, execError, readReportLine, reaperPath } from './reaper.js';
import { startProcess } from './start-process.js';
import { invocationFor } from './windows-shim.js';

export interface SpawnOptions {
  /** Absolute working directory (checked by the caller). */
  cwd: string;
  /** The complete environment (built by buildChildEnv). */
  env: Record<string, string>;
  signal: AbortSignal;
  limits: LineLimits;
  /** Called per stdout line, in order. */
  onLine(line: string): void;
  /** Time between SIGTERM and SIGKILL (default 2000 ms). */
  graceMs?: number;
  /** How long to wait for stdout/stderr to close once the child has exited (default 2000 ms). */
  drainMs?: number;
}

export interface SpawnResult {
  pid: number | null;
  exitCode: number | null;
  signal: string | null;
  /** The last 8 KiB of stderr, as text. */
  stderrTail: string;
  /** Which output cap stopped the child, or null. */
  outputLimit: LimitKind | null;
  outputLimitHit: boolean;
  aborted: boolean;
  /** Set when the process could not be started at all (ENOENT, EACCES…). */
  spawnError: Error | null;
  /**
   * Processes the child left running after it exited, which were then killed (0 when none, or
   * when the tree was killed on abort anyway).
   */
  leftovers: number;
  /** Pids that survived SIGKILL for seconds (a process stuck in the kernel); normally empty. */
  stuck: number[];
}

/**
 * The variable every spawned child gets a fresh id in: descendants inherit it, so the tree is found
 * even after a process left the group (see kill-tree.ts).
 */
export const SPAWN_ID_VARIABLE = 'PEER_BRIDGE_SPAWN_ID';

const STDERR_TAIL_BYTES = 8192;

// How long past its own grace period the reaper may take before the host kills it and sweeps
// the old way (a reaper that was stopped or killed by something in the tree).
const REAPER_MARGIN_MS = 3000;

/**
 * Starts `file` (absolute) with `args`; resolves when it is gone, never rejects for child failures.
 * It rejects only when `onLine` throws (a runner bug): then the tree is killed first.
 *
 * On Linux the child runs under the reaper (reaper.ts): every process of its tree, whatever group,
 * session or environment it moved to, is killed before this resolves. Elsewhere, and when the
 * reaper is missing, the tree is found through the process group, parent links and the spawn
 * marker in the environment, and a watchdog process covers the host's own death.
 */
export async function spawnChild(file: string, args: readonly string[], options: SpawnOptions): Promise<SpawnResult> {
  const result: SpawnResult = {
    pid: null,
    exitCode: null,
    signal: null,
    stderrTail: '',
    outputLimit: null,
    outputLimitHit: false,
    aborted: false,
    spawnError: null,
    leftovers: 0,
    stuck: [],
  };
  if (options.signal.aborted) {
    result.aborted = true;
    return result;
  }
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const spawnId = randomUUID();
  const marker = { name: SPAWN_ID_VARIABLE, value: spawnId };
  const reaper = reaperPath();
  const nice = peerNice();
  // The reaper lowers itself before the child starts; a child started without it is lowered after.
  const env = {
    ...options.env,
    [SPAWN_ID_VARIABLE]: spawnId,
    ...(reaper && nice > 0 ? { [REAPER_NICE_VARIABLE]: String(nice) } : {}),
  };
  const invocation = reaper
    ? { file: reaper, args: ['3', String(graceMs), String(process.pid), file, ...args], verbatim: false }
    : invocationFor(file, args);
  const child = await startProcess(invocation.file, invocation.args, {
    cwd: options.cwd,
    env,
    stdio: reaper ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
    windowsVerbatimArguments: invocation.verbatim,
  });
  if (!reaper && child.pid !== undefined) lowerPriority(child.pid, nice);
  return new Promise((resolve, reject) => {
    const report = emptyReport();
    if (reaper) {
      let pending = '';
      child.stdio[3]!.on('data', (chunk: Buffer) => {
        pending += chunk.toString('latin1');
        for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
          readReportLine(report, pending.slice(0, nl));
          pending = pending.slice(nl + 1);
        }
      });
    } else {
      result.pid = child.pid ?? null;
    }
    // The reaper kills the tree itself when the host dies; only the fallback needs the watchdog.
    const unguard = reaper || child.pid === undefined ? () => undefined : guardChild(child.pid, marker);
    let stderr = Buffer.alloc(0);
    let killing: Promise<void> | null = null;
    let exited = false;
    const kill = () => {
      if (killing || child.pid === undefined) return;
      const pid = child.pid;
      if (!reaper) {
        killing = killTree(pid, { graceMs, marker, group: !exited });
        return;
      }
      if (exited) return;
      // The reaper signals the whole tree and escalates to SIGKILL after the grace period; the
      // group kill and marker sweep remain only for a reaper that does not finish.
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
      killing = new Promise<void>((done) => {
        const sweep = () => void killTree(pid, { graceMs: 100, marker, group: !exited }).then(done);
        const fallback = setTimeout(sweep, graceMs + REAPER_MARGIN_MS);
        child.once('exit', () => {
          clearTimeout(fallback);
          done();
        });
      });
    };
    // A throw inside the stdout listener would be an uncaught exception that ends the host.
    let lineError: { error: unknown } | null = null;
    const onLine = (line: string) => {
      if (lineError) return;
      try {
        options.onLine(line);
      } catch (error) {
        lineError = { error };
        kill();
      }
    };
    const splitter = new LineSplitter(options.limits, onLine, (kind) => {
      result.outputLimit = kind;
      result.outputLimitHit = true;
      kill();
    });
    const onAbort = () => {
      result.aborted = true;
      kill();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    // An abort while the process was starting has no listener to hear it: act on it now.
    if (options.signal.aborted) onAbort();
    child.stdout!.on('data', (chunk: Buffer) => splitter.push(chunk));
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_TAIL_BYTES * 2) stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
    });
    let settled = false;
    const finish = async () => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      splitter.end();
      if (child.pid !== undefined) {
        if (!reaper) {
          // Leftovers (background jobs, escaped descendants) die with the run.
          kill();
        } else if (!report.done) {
          // The reaper was killed before it finished: whatever it had adopted went to init.
          // Only the marker can find that now (its pid, and so its group id, may be reused).
          killing = killTree(child.pid, { graceMs, marker, group: false });
        }
        await killing;
      }
      unguard();
      if (reaper) {
        result.pid = report.pid;
        if (report.spawnErrno !== null) result.spawnError = execError(report.spawnErrno, file);
        if (report.exitCode !== null || report.signal !== null) {
          result.exitCode = report.exitCode;
          result.signal = report.signal;
        }
        result.leftovers = result.aborted || lineError || result.outputLimitHit ? 0 : report.swept;
        result.stuck = report.stuck;
      }
      result.stderrTail = stderr.subarray(Math.max(0, stderr.length - STDERR_TAIL_BYTES)).toString('utf8');
      if (lineError) reject(lineError.error instanceof Error ? lineError.error : new Error(String(lineError.error)));
      else resolve(result);
    };
    child.on('error', (error: Error) => {
      result.spawnError = error;
      if (child.pid === undefined) void finish();
    });
    child.on('exit', (code: number | null, sig: NodeJS.Signals | null) => {
      exited = true;
      // With the reaper these are its own; its report of the child replaces them in finish().
      result.exitCode = code;
      result.signal = sig;
      // Draining is time-bounded: a descendant may still hold the pipes open.
      const timer = setTimeout(() => {
        for (const stream of child.stdio) stream?.destroy();
        void finish();
      }, options.drainMs ?? 2000);
      timer.unref();
      child.on('close', () => {
        clearTimeout(timer);
        void finish();
      });
    });
  });
}
