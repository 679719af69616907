// The one way a runner starts a process. node:child_process rather than execa here: the host
// needs a detached child (its own process group, to kill the whole tree), byte-exact output caps
// applied while reading (execa's `lines`/`maxBuffer` buffer everything and its forceKillAfterDelay
// signals only the direct child), and a kill that also sweeps descendants that left the group.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { killTree, DEFAULT_GRACE_MS } from './kill-tree.js';
import { LineSplitter, type LimitKind, type LineLimits } from './line-stream.js';
import { HOST_VARIABLES } from './env.js';
import { guardChild } from './watchdog.js';
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
}

const STDERR_TAIL_BYTES = 8192;

/**
 * Starts `file` (absolute) with `args`; resolves when it is gone, never rejects for child failures.
 * It rejects only when `onLine` throws (a runner bug): then the tree is killed first.
 */
export function spawnChild(file: string, args: readonly string[], options: SpawnOptions): Promise<SpawnResult> {
  const result: SpawnResult = {
    pid: null, exitCode: null, signal: null, stderrTail: '', outputLimit: null,
    outputLimitHit: false, aborted: false, spawnError: null,
  };
  if (options.signal.aborted) {
    result.aborted = true;
    return Promise.resolve(result);
  }
  const spawnId = randomUUID();
  const env = { ...options.env, [HOST_VARIABLES.spawnId]: spawnId };
  const invocation = invocationFor(file, args);
  return new Promise((resolve, reject) => {
    const child = spawn(invocation.file, invocation.args, {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      shell: false,
      windowsHide: true,
      windowsVerbatimArguments: invocation.verbatim,
    });
    result.pid = child.pid ?? null;
    const unguard = child.pid === undefined ? () => undefined : guardChild(child.pid, { name: HOST_VARIABLES.spawnId, value: spawnId });
    let stderr = Buffer.alloc(0);
    let killing: Promise<void> | null = null;
    let exited = false;
    const kill = () => {
      if (!killing && child.pid !== undefined) {
        const marker = { name: HOST_VARIABLES.spawnId, value: spawnId };
        killing = killTree(child.pid, { graceMs: options.graceMs ?? DEFAULT_GRACE_MS, marker, group: !exited });
      }
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
      // Leftovers (background jobs, escaped descendants) die with the run.
      if (child.pid !== undefined) {
        kill();
        await killing;
      }
      unguard();
      result.stderrTail = stderr.subarray(Math.max(0, stderr.length - STDERR_TAIL_BYTES)).toString('utf8');
      if (lineError) reject(lineError.error);
      else resolve(result);
    };
    child.on('error', (error) => {
      result.spawnError = error;
      if (child.pid === undefined) void finish();
    });
    child.on('exit', (code, sig) => {
      exited = true;
      result.exitCode = code;
      result.signal = sig;
      // Draining is time-bounded: a descendant may still hold the pipes open.
      const timer = setTimeout(() => {
        child.stdout!.destroy();
        child.stderr!.destroy();
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
