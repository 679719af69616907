// The spawn thread: starts processes for the host (spawn-thread.ts) so that fork and exec, which
// block the calling thread until the child has exec'd, never block the host's event loop, and
// forwards each child's pipes and exit. At most IN_FLIGHT_LIMIT of a pipe is ever in flight to the
// host: a chunk that would take it over waits here, and the pipe stops being read until the host
// has taken most of what it was sent, so a flooding child is held back by the host's own pace.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { IN_FLIGHT_LIMIT, type FromThread, type ToThread } from './spawn-thread-protocol.js';

interface Pipe {
  stream: Readable;
  /** Bytes sent to the host and not yet acknowledged. */
  inFlight: number;
  /** Chunks read but not sent, because sending them would exceed IN_FLIGHT_LIMIT (in order). */
  held: Uint8Array<ArrayBuffer>[];
  /** The pipe reached its end here; the host is told once nothing is held. */
  ended: boolean;
  /** The host was told the pipe ended. */
  told: boolean;
}

interface Child {
  child: ChildProcess;
  pipes: Map<number, Pipe>;
  /** The child's 'close', passed on once every pipe's end has been. */
  closed?: { code: number | null; signal: NodeJS.Signals | null };
}

const port = parentPort!;
const children = new Map<number, Child>();
const send = (message: FromThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

function start(message: Extract<ToThread, { op: 'spawn' }>): void {
  const { id, file, args, options } = message;
  let child: ChildProcess;
  try {
    child = spawn(file, args, { ...options, shell: false });
  } catch (error) {
    // Bad arguments (a NUL byte in an argument…): node throws instead of emitting.
    send({ op: 'spawned', id, pid: undefined });
    send({
      op: 'error',
      id,
      error: { message: (error as Error).message, code: (error as NodeJS.ErrnoException).code },
    });
    send({ op: 'close', id, code: null, signal: null });
    return;
  }
  const entry: Child = { child, pipes: new Map() };
  children.set(id, entry);
  send({ op: 'spawned', id, pid: child.pid });
  child.stdio.forEach((stream, fd) => {
    if (stream && fd !== 0) watchPipe(id, fd, entry, stream as Readable);
  });
  child.on('error', (error: NodeJS.ErrnoException) =>
    send({
      op: 'error',
      id,
      error: { message: error.message, code: error.code, errno: error.errno, syscall: error.syscall, path: error.path },
    }),
  );
  child.on('exit', (code, signal) => send({ op: 'exit', id, code, signal }));
  child.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
    entry.closed = { code, signal };
    settle(id, entry);
  });
}

function watchPipe(id: number, fd: number, entry: Child, readable: Readable): void {
  const pipe: Pipe = { stream: readable, inFlight: 0, held: [], ended: false, told: false };
  entry.pipes.set(fd, pipe);
  readable.on('data', (data: Buffer) => {
    // A copy of its own, so the transfer cannot take a pooled buffer from under node.
    pipe.held.push(new Uint8Array(data));
    forward(id, fd, pipe);
  });
  // A paused socket still ends at EOF once its own buffer is empty, with chunks held here.
  readable.on('end', () => {
    pipe.ended = true;
    forward(id, fd, pipe);
  });
  // An error or a destroy without 'end' still closes the host's side (what is held is dropped).
  readable.on('close', () => {
    if (readable.readableEnded) return;
    pipe.held = [];
    pipe.ended = true;
    forward(id, fd, pipe);
  });
}

// Sends what is held while it fits in flight (a chunk larger than the limit goes alone), then the
// end once nothing is held; pauses the pipe while anything is held, and reads on once the host
// has taken three quarters of what it was sent.
function forward(id: number, fd: number, pipe: Pipe): void {
  while (pipe.held.length > 0) {
    const chunk = pipe.held[0]!;
    if (pipe.inFlight > 0 && pipe.inFlight + chunk.length > IN_FLIGHT_LIMIT) break;
    pipe.held.shift();
    pipe.inFlight += chunk.length;
    send({ op: 'data', id, fd, chunk }, [chunk.buffer]);
  }
  if (pipe.held.length > 0) {
    pipe.stream.pause();
  } else if (pipe.ended) {
    if (pipe.told) return;
    pipe.told = true;
    send({ op: 'end', id, fd });
    const entry = children.get(id);
    if (entry) settle(id, entry);
  } else if (pipe.inFlight <= IN_FLIGHT_LIMIT / 4 && pipe.stream.isPaused()) {
    pipe.stream.resume();
  }
}

// The host hears 'close' after every pipe's last chunk and end, as node orders them.
function settle(id: number, entry: Child): void {
  if (!entry.closed || [...entry.pipes.values()].some((pipe) => !pipe.told)) return;
  children.delete(id);
  send({ op: 'close', id, ...entry.closed });
}

port.on('message', (message: ToThread) => {
  if (message.op === 'spawn') return start(message);
  const entry = children.get(message.id);
  if (!entry) return;
  if (message.op === 'kill') {
    entry.child.kill(message.signal);
  } else if (message.op === 'ack') {
    const pipe = entry.pipes.get(message.fd);
    if (!pipe) return;
    pipe.inFlight -= message.bytes;
    forward(message.id, message.fd, pipe);
  } else {
    entry.pipes.get(message.fd)?.stream.destroy();
  }
});
