// The HTTP plumbing both model doubles share: 127.0.0.1 only, a request log, SSE writing, and a
// close() that also cuts hanging connections so a test never waits on a double.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import type { RecordedRequest } from './script.js';

export type Handler = (req: IncomingMessage, body: unknown, res: ServerResponse) => void;

/** A running double. */
export interface Double {
  /** e.g. http://127.0.0.1:PORT */
  origin: string;
  requests: RecordedRequest[];
  /** Requests that arrived and whose response has not ended yet (a peer waiting on its model). */
  inFlight(): number;
  /** The most requests ever in flight at once. */
  peakInFlight(): number;
  /** Resolves once `count` requests matching `filter` (default: all) have arrived. */
  waitForRequests(count: number, filter?: (r: RecordedRequest) => boolean): Promise<void>;
  close(): Promise<void>;
}

export async function serve(handler: Handler): Promise<Double> {
  const requests: RecordedRequest[] = [];
  const arrivals = new EventEmitter();
  const sockets = new Set<Socket>();
  let inFlight = 0;
  let peak = 0;
  const server = createServer((req, res) => {
    // Counted from arrival to the response's end (or a cut connection), so a peer held by a gate
    // counts for as long as it waits.
    inFlight += 1;
    peak = Math.max(peak, inFlight);
    res.once('close', () => (inFlight -= 1));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        // keep the raw text
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', body, headers: { ...req.headers } });
      handler(req, body, res);
      arrivals.emit('request');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    inFlight: () => inFlight,
    peakInFlight: () => peak,
    waitForRequests: (count, filter = () => true) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (requests.filter(filter).length >= count) {
            arrivals.off('request', check);
            resolve();
          }
        };
        arrivals.on('request', check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Starts an SSE response; returns a writer of `event:`/`data:` pairs. */
export function sse(res: ServerResponse): (event: string, data: unknown) => void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
  return (event, data) => {
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
}
