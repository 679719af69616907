// Starting worker.ts processes (the same Node, the installed package) and reading their messages.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../package/root.js';
import type { Job } from './worker.js';

// From source (tests through tsx) the worker is TypeScript next to this file. Built, this code sits
// in a bundle chunk (dist/chunks/…) and the worker is its own entry point, dist/acceptance/worker.js.
const fromSource = import.meta.url.endsWith('.ts');
const workerFile = fromSource
  ? fileURLToPath(new URL('./worker.ts', import.meta.url))
  : path.join(packageRoot(), 'dist', 'acceptance', 'worker.js');
const execArgv = fromSource ? ['--import', 'tsx'] : [];

export interface Worker {
  child: ChildProcess;
  /** The next message; rejects when the worker reports an error or exits first. */
  next(): Promise<Record<string, unknown>>;
  send(message: unknown): void;
  /** Resolves with the exit code (or signal) once the process has ended. */
  ended: Promise<string>;
}

// How often a start that fails with `UNKNOWN` is tried again. Wine's CreateProcess now and then
// fails with an error libuv cannot name while other processes start at the same moment (seen once
// in CI: `spawn UNKNOWN` as three workers started). A sequence is about files, not about starting
// processes, so a failed start is tried again at once before the sequence fails.
const START_ATTEMPTS = 3;

function forkWorker(job: Job): ChildProcess {
  for (let attempt = 1; ; attempt++) {
    try {
      return fork(workerFile, [JSON.stringify(job)], {
        execArgv,
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        serialization: 'json',
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'UNKNOWN' || attempt >= START_ATTEMPTS) throw error;
    }
  }
}

/** Starts `count` workers, or none: when one cannot start, those already started are stopped. */
export async function startWorkers(count: number, job: (index: number) => Job): Promise<Worker[]> {
  const workers: Worker[] = [];
  try {
    for (let i = 0; i < count; i++) workers.push(startWorker(job(i)));
    return workers;
  } catch (error) {
    await stopWorkers(workers);
    throw error;
  }
}

/** Ends workers that are still running and waits until every one has exited. */
export async function stopWorkers(workers: Worker[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill();
  await Promise.all(workers.map((w) => w.ended));
}

export function startWorker(job: Job): Worker {
  const child = forkWorker(job);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  const queue: Array<Record<string, unknown>> = [];
  const waiting: Array<{ resolve: (m: Record<string, unknown>) => void; reject: (e: Error) => void }> = [];
  let gone: Error | undefined;
  const ended = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      gone = new Error(
        `worker (${job.mode}) ended (${code ?? signal}) before answering${stderr ? `: ${stderr.trim()}` : ''}`,
      );
      for (const w of waiting.splice(0)) w.reject(gone);
      resolve(String(code ?? signal));
    });
  });
  child.on('message', (message: Record<string, unknown>) => {
    if (typeof message.error === 'string') {
      gone = new Error(`worker (${job.mode}) failed: ${message.error}`);
      for (const w of waiting.splice(0)) w.reject(gone);
      return;
    }
    const w = waiting.shift();
    if (w) w.resolve(message);
    else queue.push(message);
  });
  return {
    child,
    ended,
    send: (message) => child.send(message as object),
    next: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      if (gone) return Promise.reject(gone);
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
  };
}
