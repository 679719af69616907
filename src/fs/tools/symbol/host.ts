// Runs delete_symbol's parse in a worker thread (worker.ts) and replaces that thread after
// any failure that is not a tool-level answer: a wasm abort leaves tree-sitter's memory broken for
// every later parse in that thread, in any language, so the thread is thrown away, never reused.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../package/worker.js';
import { FsError, type FsErrorCode } from '../../errors.js';
import type { SymbolCut, SymbolJob } from './cut.js';
import type { ReplyMessage } from './worker.js';

interface Pending {
  resolve(cut: SymbolCut): void;
  reject(error: Error): void;
  shown: string;
  big: boolean;
}

/** A wasm heap never shrinks: after a parse of a text this long the thread is replaced to give its memory back. */
const BIG_TEXT = 1024 * 1024;

function broken(shown: string, reason: string): FsError {
  return new FsError(
    'FS_IO_ERROR',
    `${shown}: the parser failed (${reason}); it was restarted, other files are unaffected; ` +
      'use delete_range or edit_file for this file',
  );
}

// Built, the parser thread is the entry dist/fs/symbol-worker.js (scripts/build.ts).
function startThread(): Worker {
  return startWorker(import.meta.url, './worker.ts', 'fs/symbol-worker');
}

class ParserThread {
  readonly #worker = startThread();
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #failed = false;
  /** Takes no new jobs (failed, or draining after a large parse). */
  retired = false;

  constructor() {
    this.#worker.on('message', (reply: ReplyMessage) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#retire(error.message));
    this.#worker.on('exit', (code) => this.#retire(`the parser thread exited with code ${code}`));
  }

  run(job: SymbolJob): Promise<SymbolCut> {
    const id = this.#nextId++;
    this.#worker.ref();
    return new Promise<SymbolCut>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, shown: job.shown, big: job.text.length > BIG_TEXT });
      this.#worker.postMessage({ id, job });
    });
  }

  #settle(reply: ReplyMessage): void {
    const job = this.#pending.get(reply.id);
    if (!job) return;
    this.#pending.delete(reply.id);
    if (reply.ok) job.resolve({ text: reply.text, extra: reply.extra });
    else if (reply.code) job.reject(new FsError(reply.code as FsErrorCode, reply.message));
    else {
      job.reject(broken(job.shown, reply.message));
      this.#retire('an earlier parse in the same thread failed');
    }
    // Later jobs go to a fresh thread; this one ends when the jobs it already has are answered.
    if (job.big) this.retired = true;
    if (this.#pending.size === 0) {
      if (this.retired) void this.#worker.terminate();
      // An idle parser thread must not keep the process alive.
      else this.#worker.unref();
    }
  }

  // The thread's state is suspect: later jobs go to a fresh one; jobs already sent here fail.
  #retire(reason: string): void {
    if (this.#failed) return;
    this.#failed = true;
    this.retired = true;
    for (const job of this.#pending.values()) job.reject(broken(job.shown, reason));
    this.#pending.clear();
    void this.#worker.terminate();
  }
}

let current: ParserThread | undefined;

/** Cuts a symbol out of a text in the parser thread, starting a fresh thread when needed. */
export function runSymbolJob(job: SymbolJob): Promise<SymbolCut> {
  if (!current || current.retired) current = new ParserThread();
  return current.run(job);
}
