// The front of `peer-bridge serve`'s stdio transport. It reads stdin from the first moment, so the
// client's first requests are answered while the MCP SDK, the ledger and the native addon are
// still loading (which: the `answer` function decides; it may hold one until `ready()`). Every other
// line, byte for byte and in order, goes to the real transport (stdio/line-transport.ts, with its
// size limit and malformed-message answers) once the SDK server connects. The initialize request
// goes there too (the SDK server's second answer to it is dropped), so the server knows the
// client's name and capabilities as if it had answered itself.
import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type Id = string | number;
type Incoming = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

/**
 * Answers a request before the SDK server has connected: a result, 'wait' to hold it until
 * `ready()` (then asked again), or undefined to leave it to the SDK server.
 */
export type EarlyAnswer = (
  method: string,
  params: Record<string, unknown>,
  ready: boolean,
) => object | 'wait' | undefined;

/**
 * Builds the real transport, reading the lines this front passes on from `stdin`; called when the
 * SDK server connects, so what it imports loads then, not before the first answers.
 */
export type InnerTransport = (stdin: Readable) => Transport | Promise<Transport>;

export interface EarlyStdioOptions {
  answer: EarlyAnswer;
  inner: InnerTransport;
  stdin?: Readable;
  stdout?: Writable;
}

// Early answers are for small requests; a longer line is passed on unread.
const EARLY_LINE_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
const isId = (value: unknown): value is Id =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const REQUEST_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);

/**
 * A request this front may answer: exactly what the real transport would pass to the SDK server
 * unchanged. Anything unusual (another jsonrpc version, an unknown key, params that are not an
 * object, a progress token that is neither a string nor a number) goes to the real transport,
 * which answers it with the right error.
 */
function plainRequest(value: unknown): (Incoming & { id: Id; method: string }) | undefined {
  if (!isObject(value) || value.jsonrpc !== '2.0' || typeof value.method !== 'string') return undefined;
  if (typeof value.id !== 'string' && !Number.isInteger(value.id)) return undefined;
  if (Object.keys(value).some((key) => !REQUEST_KEYS.has(key))) return undefined;
  if (value.params !== undefined) {
    if (!isObject(value.params)) return undefined;
    const meta = value.params._meta;
    if (meta !== undefined) {
      if (!isObject(meta)) return undefined;
      const token = meta.progressToken;
      if (token !== undefined && typeof token !== 'string' && !(typeof token === 'number' && Number.isInteger(token)))
        return undefined;
    }
  }
  return value as Incoming & { id: Id; method: string };
}

export class EarlyStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly stdin: Readable;
  private readonly stdout: Writable;
  /** What the real transport reads: every line not answered here. */
  private readonly passOn = new PassThrough();
  private inner: Transport | undefined;
  // The line read so far (while it may still be answered here).
  private pieces: Buffer[] = [];
  private size = 0;
  /** Set while the rest of a long line is passed on as it comes. */
  private streamingLine = false;
  /** Held requests (raw lines) waiting for ready(). */
  private held: Buffer[] = [];
  /** Ids of requests answered here and passed on: the SDK server's answer is dropped. */
  private readonly answered = new Set<Id>();
  private connected = false;
  private isReady = false;

  constructor(private readonly options: EarlyStdioOptions) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
  }

  /** Starts reading stdin (before the SDK server exists). */
  listen(): void {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  /** Requests held for readiness (an answer of 'wait') are answered now. */
  ready(): void {
    this.isReady = true;
    for (const line of this.held.splice(0)) this.line(line);
  }

  /** Called by the SDK server's connect(): from now on the real transport reads everything. */
  async start(): Promise<void> {
    const inner = await this.options.inner(this.passOn);
    this.inner = inner;
    inner.onmessage = (message) => this.onmessage?.(message);
    inner.onerror = (error) => this.onerror?.(error);
    inner.onclose = () => this.onclose?.();
    // Requests still held (no ready() came) go to the SDK server after what is already passed on.
    for (const line of this.held.splice(0)) this.forward(line);
    this.connected = true;
    await inner.start();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const id = (message as { id?: unknown }).id;
    if (!('method' in message) && isId(id) && this.answered.delete(id)) return;
    if (!this.inner) throw new Error('the MCP transport is not connected yet');
    await this.inner.send(message);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.passOn.end();
    if (this.inner) await this.inner.close();
    else this.onclose?.();
  }

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (this.connected && this.pieces.length === 0 && !this.streamingLine) {
      this.passOn.write(bytes);
      return;
    }
    let start = 0;
    while (start < bytes.length) {
      const end = bytes.indexOf(NEWLINE, start);
      const piece = bytes.subarray(start, end === -1 ? bytes.length : end + 1);
      start = end === -1 ? bytes.length : end + 1;
      if (this.streamingLine) {
        this.passOn.write(piece);
        if (end !== -1) this.streamingLine = false;
        continue;
      }
      this.pieces.push(piece);
      this.size += piece.length;
      if (end !== -1) {
        const line = Buffer.concat(this.pieces, this.size);
        this.pieces = [];
        this.size = 0;
        this.line(line);
      } else if (this.size > EARLY_LINE_BYTES) {
        for (const kept of this.pieces.splice(0)) this.passOn.write(kept);
        this.size = 0;
        this.streamingLine = true;
      }
      if (this.connected && this.pieces.length === 0 && !this.streamingLine && start < bytes.length) {
        this.passOn.write(bytes.subarray(start));
        return;
      }
    }
  };

  /** One whole line (with its newline): answered here, held for ready(), or passed on. */
  private line(line: Buffer): void {
    if (this.connected) return this.forward(line);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line.toString('utf8'));
    } catch {
      // Not JSON: the real transport says so to the client.
    }
    const message = plainRequest(parsed);
    if (!message) return this.forward(line);
    const params = (message.params ?? {}) as Record<string, unknown>;
    const answer = this.options.answer(message.method, params, this.isReady);
    if (answer === 'wait') {
      this.held.push(line);
      return;
    }
    if (!answer) return this.forward(line);
    const response = `${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: answer })}\n`;
    this.stdout.write(response);
    // Only initialize changes the server's state: the SDK server must see it too.
    if (message.method === 'initialize') {
      this.answered.add(message.id);
      this.forward(line);
    }
  }

  private forward(line: Buffer): void {
    this.passOn.write(line);
  }
}
