// The one way a runner starts a process. node's spawn (through start-process.ts) rather than execa here: the host
// needs a detached child (its own process group, to kill the whole tree), byte-exact output caps
// applied while reading (execa's `lines`/`maxBuffer` buffer everything and its forceKillAfterDelay
// signals only the direct child), a third pipe for the reaper's reports, and a kill that also
// reaches descendants that left the group.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DEFAULT_GRACE_MS } from './kill-tree.js';
import { LineSplitter, type LimitKind, type LineLimits } from './line-stream.js';
import { peerNice } from './priority.js';
import { reaperPath } from './reaper.js';
import type { StartedProcess } from './start-process.js';
import { directStrategy } from './strategy-direct.js';
import { reaperStrategy } from './strategy-reaper.js';
import type { TreeReport, TreeStrategy } from './tree-strategy.js';

export interface SpawnOptions {
  /** Absolute working directory (checked by the caller). */
  cwd: string;
  /** The complete environment (built by buildChildEnv). */
  env: Record<string, string>;
  signal: AbortSignal;
  limits: LineLimits;
  /** Called per stdout line, in order. */
  onLine(line: string): void;
  /**
   * Called per stderr line, in order (each cut to STDERR_LINE_BYTES; stderr has no output cap).
   * For CLIs that report retries only there.
   */
  onStderrLine?(line: string): void;
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
/** Longest stderr line handed to onStderrLine; the rest of a longer line is dropped. */
export const STDERR_LINE_BYTES = 4096;

/**
 * Starts `file` (absolute) with `args`; resolves when it is gone, never rejects for child failures.
 * It rejects only when `onLine` throws (a runner bug): then the tree is killed first.
 *
 * On Linux the child runs under the reaper (strategy-reaper.ts): every process of its tree, whatever
 * group, session or environment it moved to, is killed before this resolves. Elsewhere, and when the
 * reaper is missing, the tree is found through the process group, parent links and the spawn
 * marker in the environment, and a watchdog process covers the host's own death (strategy-direct.ts).
 */
export async function spawnChild(file: string, args: readonly string[], options: SpawnOptions): Promise<SpawnResult> {
  const result = emptyResult();
  if (options.signal.aborted) {
    result.aborted = true;
    return result;
  }
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const spawnId = randomUUID();
  const reaper = reaperPath();
  const settings = {
    cwd: options.cwd,
    env: { ...options.env, [SPAWN_ID_VARIABLE]: spawnId },
    graceMs,
    marker: { name: SPAWN_ID_VARIABLE, value: spawnId },
    nice: peerNice(),
  };
  const strategy = reaper ? reaperStrategy(reaper, settings) : directStrategy(settings);
  const child = await strategy.start(file, args);
  return supervise(child, strategy, options, result);
}

function emptyResult(): SpawnResult {
  return {
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
}

// The lifecycle both strategies share: output lines under the caps, abort, the bounded drain after
// exit, and one settlement once the strategy has ended the tree.
function supervise(
  child: StartedProcess,
  strategy: TreeStrategy,
  options: SpawnOptions,
  result: SpawnResult,
): Promise<SpawnResult> {
  return new Promise((resolve, reject) => {
    let exited = false;
    const kill = () => strategy.kill(exited);
    // A throw inside the stdout listener would be an uncaught exception that ends the host.
    let lineError: { error: unknown } | null = null;
    const onLine = (line: string, stderr = false) => {
      if (lineError) return;
      try {
        if (stderr) options.onStderrLine?.(line);
        else options.onLine(line);
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
    const stderrTail = keepTail(child.stderr!);
    if (options.onStderrLine) stderrLines(child.stderr!, (line) => onLine(line, true));
    let settled = false;
    const finish = async () => {
      if (settled) return;
      settled = true;
      options.signal.removeEventListener('abort', onAbort);
      splitter.end();
      await strategy.end();
      strategy.cleanup();
      applyReport(result, strategy.report(result.aborted || lineError !== null || result.outputLimitHit));
      result.stderrTail = stderrTail();
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
      drainThen(child, options.drainMs ?? 2000, finish);
    });
  });
}

function applyReport(result: SpawnResult, tree: TreeReport): void {
  result.pid = tree.pid;
  if (tree.spawnError) result.spawnError = tree.spawnError;
  if (tree.exit) {
    result.exitCode = tree.exit.exitCode;
    result.signal = tree.exit.signal;
  }
  result.leftovers = tree.leftovers;
  result.stuck = tree.stuck;
}

// Draining is time-bounded: a descendant may still hold the pipes open.
function drainThen(child: StartedProcess, drainMs: number, finish: () => Promise<void>): void {
  const timer = setTimeout(() => {
    for (const stream of child.stdio) stream?.destroy();
    void finish();
  }, drainMs);
  timer.unref();
  child.on('close', () => {
    clearTimeout(timer);
    void finish();
  });
}

/** Splits a stream into lines for `each`, each cut to STDERR_LINE_BYTES. */
function stderrLines(stream: Readable, each: (line: string) => void): void {
  let pending = Buffer.alloc(0);
  stream.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (let nl = pending.indexOf(10); nl >= 0; nl = pending.indexOf(10)) {
      each(pending.subarray(0, Math.min(nl, STDERR_LINE_BYTES)).toString('utf8').replace(/\r$/, ''));
      pending = pending.subarray(nl + 1);
    }
    // A line longer than the cap is cut: keep only its head until its end arrives.
    if (pending.length > STDERR_LINE_BYTES) pending = pending.subarray(0, STDERR_LINE_BYTES);
  });
  stream.on('end', () => {
    if (pending.length > 0) each(pending.toString('utf8'));
  });
}

/** Keeps the last STDERR_TAIL_BYTES of a stream; the returned function reads them as text. */
function keepTail(stream: Readable): () => string {
  let kept = Buffer.alloc(0);
  stream.on('data', (chunk: Buffer) => {
    kept = Buffer.concat([kept, chunk]);
    if (kept.length > STDERR_TAIL_BYTES * 2) kept = kept.subarray(kept.length - STDERR_TAIL_BYTES);
  });
  return () => kept.subarray(Math.max(0, kept.length - STDERR_TAIL_BYTES)).toString('utf8');
}
