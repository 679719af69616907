// The stdio transport of `peer-bridge serve`. It reads stdin from the first moment, so the
// client's first requests are answered while the MCP SDK, the ledger and the native addon are
// still loading: `initialize` and `ping` at once, `tools/list` as soon as the ledger has been
// recovered (tools are only listed by a server whose interrupted calls are settled). Everything
// else waits, in order, for the SDK server to connect; from then on this is a plain line-delimited
// JSON-RPC transport, like the SDK's StdioServerTransport. The SDK server is handed the buffered
// initialize request too (its second answer is dropped), so it knows the client's name and
// capabilities as if it had answered itself.
import { StringDecoder } from 'node:string_decoder';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

type Id = string | number;
type Incoming = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

/**
 * Answers a request before the SDK server has connected: a result, 'wait' to hold it until
 * `ready()` (then asked again), or undefined to leave it to the SDK server.
 */
export type EarlyAnswer = (method: string, params: Record<string, unknown>, ready: boolean) => object | 'wait' | undefined;

export interface EarlyStdioOptions {
  answer: EarlyAnswer;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
}

const isId = (value: unknown): value is Id => typeof value === 'string' || typeof value === 'number';

export class EarlyStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly stdin: NodeJS.ReadableStream;
  private readonly stdout: NodeJS.WritableStream;
  private buffer = '';
  // A character split across two chunks is joined before decoding.
  private readonly decoder = new StringDecoder('utf8');
  /** Messages kept until the SDK server connects, in arrival order; `held` ones wait for ready(). */
  private pending: { message: Incoming; held: boolean }[] = [];
  /** Ids of requests answered here and replayed to the SDK server: its answer is dropped. */
  private readonly answered = new Set<Id>();
  private connected = false;
  private isReady = false;
  private parse: (message: unknown) => JSONRPCMessage = (message) => message as JSONRPCMessage;

  constructor(private readonly options: EarlyStdioOptions) {
    this.stdin = options.stdin ?? process.stdin;
    this.stdout = options.stdout ?? process.stdout;
  }

  /** Starts reading stdin (before the SDK server exists). */
  listen(): void {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  /** The ledger is recovered: requests held for it are answered now. */
  ready(): void {
    this.isReady = true;
    this.pending = this.pending.filter(({ message, held }) => !(held && this.answerEarly(message) === 'answered'));
  }

  /** Called by the SDK server's connect(): delivers what was kept, then everything as it comes. */
  async start(): Promise<void> {
    // Loaded already with the SDK server: validate each message as the SDK's own transport does.
    const { JSONRPCMessageSchema } = await import('@modelcontextprotocol/sdk/types.js');
    this.parse = (message) => JSONRPCMessageSchema.parse(message);
    this.connected = true;
    for (const { message } of this.pending.splice(0)) this.deliver(message);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const id = (message as { id?: unknown }).id;
    if (!('method' in message) && isId(id) && this.answered.delete(id)) return;
    await this.write(message);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.buffer = '';
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      if (line.trim() === '') continue;
      let message: Incoming;
      try {
        message = JSON.parse(line) as Incoming;
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      this.route(message);
    }
  };

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private route(message: Incoming): void {
    if (this.connected) return this.deliver(message);
    const early = this.answerEarly(message);
    if (early === 'answered') {
      // Only initialize changes the server's state: the SDK server must see it too.
      if (message.method !== 'initialize') return;
      this.answered.add(message.id as Id);
    }
    this.pending.push({ message, held: early === 'held' });
  }

  /** Answers `message` here if it can be answered now, or says that it waits for ready(). */
  private answerEarly(message: Incoming): 'answered' | 'held' | 'no' {
    if (!message || typeof message !== 'object' || typeof message.method !== 'string' || !isId(message.id)) return 'no';
    const params = (message.params && typeof message.params === 'object' ? message.params : {}) as Record<string, unknown>;
    const answer = this.options.answer(message.method, params, this.isReady);
    if (answer === 'wait') return 'held';
    if (!answer) return 'no';
    void this.write({ jsonrpc: '2.0', id: message.id, result: answer } as JSONRPCMessage);
    return 'answered';
  }

  private deliver(message: Incoming): void {
    try {
      this.onmessage?.(this.parse(message));
    } catch (error) {
      this.onerror?.(error as Error);
    }
  }

  private write(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
