// The host's side of the spawn thread (spawn-thread-worker.ts). node's spawn() forks and then
// blocks the calling thread until the child has exec'd: on a loaded 2-core machine, with many
// children starting at once, that is 10 to 150 ms per spawn taken from the event loop (16
// concurrent bridge calls stalled it for 200–350 ms). The thread takes that wait instead; the host
// sees a ChildProcess-like object whose pipes are fed by the thread's messages.
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../package/worker.js';
import type { FromThread, StartMessageOptions, ToThread } from './spawn-thread-protocol.js';

/** What the supervisor uses of a started process: node's ChildProcess has this shape too. */
export interface StartedProcess extends EventEmitter {
  readonly pid: number | undefined;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  /** Index 0 is always null here (the children get no stdin). */
  readonly stdio: readonly (Readable | null)[];
  kill(signal?: NodeJS.Signals): boolean;
}

class ThreadChild extends EventEmitter implements StartedProcess {
  pid: number | undefined = undefined;
  readonly stdio: (Readable | null)[];
  readonly #post: (message: ToThread) => void;
  readonly #id: number;
  #exited = false;
  /** Per pipe: bytes pushed into a full stream, acknowledged when it is read. */
  readonly #unacked = new Map<number, number>();

  constructor(id: number, stdio: StartMessageOptions['stdio'], post: (message: ToThread) => void) {
    super();
    this.#id = id;
    this.#post = post;
    this.stdio = stdio.map((setting, fd) => {
      if (fd === 0 || setting !== 'pipe') return null;
      const stream: Readable = new Readable({
        // The thread reads on once the host has taken what it was sent.
        read: () => {
          const bytes = this.#unacked.get(fd) ?? 0;
          if (bytes === 0) return;
          this.#unacked.set(fd, 0);
          post({ op: 'ack', id, fd, bytes });
        },
        // Also called after a normal end (autoDestroy): only an early destroy concerns the thread.
        destroy: (error, callback) => {
          if (!stream.readableEnded) post({ op: 'destroy', id, fd });
          callback(error);
        },
      });
      return stream;
    });
  }

  get stdout(): Readable | null {
    return this.stdio[1] ?? null;
  }

  get stderr(): Readable | null {
    return this.stdio[2] ?? null;
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (this.#exited || this.pid === undefined) return false;
    this.#post({ op: 'kill', id: this.#id, signal });
    return true;
  }

  /** One message from the thread about this child. */
  receive(message: Exclude<FromThread, { op: 'spawned' }>): void {
    switch (message.op) {
      case 'data': {
        const stream = this.stdio[message.fd];
        if (!stream || stream.destroyed) {
          this.#post({ op: 'ack', id: this.#id, fd: message.fd, bytes: message.chunk.length });
          return;
        }
        const chunk = Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.length);
        const more = stream.push(chunk);
        if (more) this.#post({ op: 'ack', id: this.#id, fd: message.fd, bytes: chunk.length });
        else this.#unacked.set(message.fd, (this.#unacked.get(message.fd) ?? 0) + chunk.length);
        return;
      }
      case 'end':
        this.stdio[message.fd]?.push(null);
        return;
      case 'error':
        this.emit('error', Object.assign(new Error(message.error.message), message.error));
        return;
      case 'exit':
        this.#exited = true;
        this.#flushUnread();
        this.emit('exit', message.code, message.signal);
        return;
      case 'close':
        this.#exited = true;
        this.#flushUnread();
        void this.#closeAfterPipes(message.code, message.signal);
        return;
    }
  }

  // As node does at exit: a pipe nobody reads is read to its end and dropped, or 'close' would
  // wait for it forever.
  #flushUnread(): void {
    for (const stream of this.stdio)
      if (stream && stream.listenerCount('data') === 0 && stream.listenerCount('readable') === 0) stream.resume();
  }

  // 'close' as node gives it: after the exit and after every pipe has been read to its end.
  async #closeAfterPipes(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    await Promise.all(
      this.stdio.map((stream) =>
        stream && !stream.readableEnded && !stream.destroyed
          ? new Promise<void>((resolve) => {
              stream.once('end', resolve);
              stream.once('close', resolve);
            })
          : Promise.resolve(),
      ),
    );
    this.emit('close', code, signal);
  }
}

/** One thread per process, started on first use and kept (it holds nothing open when idle). */
class SpawnThread {
  readonly #worker: Worker;
  readonly #children = new Map<number, ThreadChild>();
  readonly #starting = new Map<number, (child: ThreadChild) => void>();
  #nextId = 1;
  #failure: Error | null = null;

  constructor() {
    this.#worker = startWorker(import.meta.url, './spawn-thread-worker.ts', 'supervisor/spawn-thread-worker');
    this.#worker.unref();
    this.#worker.on('message', (message: FromThread) => this.#receive(message));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the spawn thread exited with code ${code}`)));
  }

  get failed(): boolean {
    return this.#failure !== null;
  }

  start(file: string, args: readonly string[], options: StartMessageOptions): Promise<ThreadChild> {
    const id = this.#nextId++;
    const child = new ThreadChild(id, options.stdio, (message) => this.#worker.postMessage(message));
    this.#children.set(id, child);
    // A running child keeps the process alive, as node's own children do.
    if (this.#children.size === 1) this.#worker.ref();
    return new Promise((resolve) => {
      this.#starting.set(id, resolve);
      this.#worker.postMessage({ op: 'spawn', id, file, args, options } satisfies ToThread);
    });
  }

  #receive(message: FromThread): void {
    const child = this.#children.get(message.id);
    if (!child) return;
    if (message.op === 'spawned') {
      child.pid = message.pid;
      this.#starting.get(message.id)?.(child);
      this.#starting.delete(message.id);
      return;
    }
    if (message.op === 'close') {
      this.#children.delete(message.id);
      if (this.#children.size === 0) this.#worker.unref();
    }
    child.receive(message);
  }

  // The thread died (it should not): its children are told so, and later spawns go direct.
  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    for (const [id, child] of this.#children) {
      this.#starting.get(id)?.(child);
      child.receive({ op: 'error', id, error: { message: `peer-bridge: ${error.message}`, code: 'ESPAWNTHREAD' } });
      for (let fd = 1; fd < child.stdio.length; fd++) child.receive({ op: 'end', id, fd });
      child.receive({ op: 'close', id, code: null, signal: null });
    }
    this.#children.clear();
    this.#starting.clear();
  }
}

let thread: SpawnThread | null = null;

/** The process's spawn thread, or null once it has failed. */
export function spawnThread(): SpawnThread | null {
  thread ??= new SpawnThread();
  return thread.failed ? null : thread;
}
