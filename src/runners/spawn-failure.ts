// How a built-in runner reports a child that did not get to answer: it could not start, it passed
// an output cap (its tree was killed), or the run was aborted. One ladder for every runner.
import type { SpawnResult } from '../supervisor/spawn.js';
import type { ErrorEvent, RunResult } from './types.js';

type Outcome = Pick<SpawnResult, 'spawnError' | 'outputLimit' | 'outputLimitHit' | 'aborted'>;

/** The fatal error event for `command`'s child when it failed to run, or null when it ran to its end. */
export function spawnFailure(command: string, spawned: Outcome): ErrorEvent | null {
  if (spawned.spawnError) {
    return {
      type: 'error',
      message: `cannot start ${command}: ${spawned.spawnError.message}`,
      fatal: true,
      cause: 'spawn',
    };
  }
  if (spawned.outputLimitHit) {
    const cap = spawned.outputLimit === 'line-bytes' ? 'per-line' : 'total';
    return {
      type: 'error',
      message: `${command} output passed the ${cap} byte cap; the process tree was killed`,
      fatal: true,
      cause: 'output-limit',
    };
  }
  if (spawned.aborted) {
    return {
      type: 'error',
      message: 'the run was aborted; the process tree was killed',
      fatal: true,
      cause: 'aborted',
    };
  }
  return null;
}

/** The last three lines of the child's stderr, joined for a one-line message. */
export function stderrLines(spawned: Pick<SpawnResult, 'stderrTail'>): string {
  return spawned.stderrTail.trim().split('\n').slice(-3).join(' | ');
}

/** What a run's result says of how its child's process ended, as `spawn` reported it. */
export function processEnd(
  spawned: SpawnResult,
): Pick<RunResult, 'exitCode' | 'signal' | 'stderrTail' | 'outputLimitHit' | 'aborted'> {
  const { exitCode, signal, stderrTail, outputLimitHit, aborted } = spawned;
  return { exitCode, signal, stderrTail, outputLimitHit, aborted };
}
