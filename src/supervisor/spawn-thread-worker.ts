// The spawn thread: starts processes for the host (spawn-thread.ts) so that fork and exec, which
// block the calling thread until the child has exec'd, never block the host's event loop, and
// forwards each child's pipes and exit. A pipe stops being read while more than IN_FLIGHT_LIMIT
// of it waits for the host, so a flooding child is held back by the host's own pace.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import { IN_FLIGHT_LIMIT, type FromThread, type ToThread } from './spawn-thread-protocol.js';

interface Pipe {
  stream: Readable;
  inFlight: number;
}

const port = parentPort!;
const children = new Map<number, { child: ChildProcess; pipes: Map<number, Pipe> }>();
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
  const pipes = new Map<number, Pipe>();
  children.set(id, { child, pipes });
  send({ op: 'spawned', id, pid: child.pid });
  child.stdio.forEach((stream, fd) => {
    if (!stream || fd === 0) return;
    const readable = stream as Readable;
    const pipe: Pipe = { stream: readable, inFlight: 0 };
    pipes.set(fd, pipe);
    readable.on('data', (data: Buffer) => {
      // A copy of its own, so the transfer cannot take a pooled buffer from under node.
      const chunk = new Uint8Array(data);
      pipe.inFlight += chunk.length;
      if (pipe.inFlight > IN_FLIGHT_LIMIT) readable.pause();
      send({ op: 'data', id, fd, chunk }, [chunk.buffer]);
    });
    readable.on('end', () => send({ op: 'end', id, fd }));
    // An error or a destroy without 'end' still closes the host's side.
    readable.on('close', () => {
      if (!readable.readableEnded) send({ op: 'end', id, fd });
    });
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
    children.delete(id);
    send({ op: 'close', id, code, signal });
  });
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
    if (pipe.inFlight <= IN_FLIGHT_LIMIT / 4 && pipe.stream.isPaused()) pipe.stream.resume();
  } else {
    entry.pipes.get(message.fd)?.stream.destroy();
  }
});
