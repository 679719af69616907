// The MCP stdio transport of both servers. Unlike the SDK's (which closes the session when a line
// passes 10 MiB), a line over the maximum is skipped and answered, a malformed request with a
// readable id gets an error response, and nothing but the end of stdin ends the session.
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { errorResponse, judgeMessage, type Verdict } from './answer-malformed.js';
import { MAX_MESSAGE_BYTES_VARIABLE } from './message-size.js';
import { readTopLevelId, TopLevelIdScanner } from './top-level-id.js';

const NEWLINE = 0x0a;

export interface LineTransportOptions {
  /** Longest line (message) in bytes, without its newline. */
  maxMessageBytes: number;
  stdin?: Readable;
  stdout?: Writable;
}

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #max: number;
  readonly #stdin: Readable;
  readonly #stdout: Writable;
  // The line read so far, as received (joined once, when its newline arrives).
  #pieces: Buffer[] = [];
  #size = 0;
  // Set while an over-size line is being skipped: only its id is looked for.
  #skipping: TopLevelIdScanner | null = null;
  #closed = false;

  constructor(options: LineTransportOptions) {
    this.#max = options.maxMessageBytes;
    this.#stdin = options.stdin ?? process.stdin;
    this.#stdout = options.stdout ?? process.stdout;
  }

  async start(): Promise<void> {
    this.#stdin.on('data', this.#onData);
    this.#stdin.on('error', this.#onStreamError);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#stdin.off('data', this.#onData);
    this.#stdin.off('error', this.#onStreamError);
    if (this.#stdin.listenerCount('data') === 0) this.#stdin.pause();
    this.#pieces = [];
    this.#skipping = null;
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.#stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.#stdout.once('drain', resolve);
    });
  }

  readonly #onStreamError = (error: Error) => this.onerror?.(error);

  readonly #onData = (chunk: Buffer) => {
    let start = 0;
    while (!this.#closed) {
      const end = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, end === -1 ? chunk.length : end);
      this.#take(piece);
      if (end === -1) return;
      this.#endLine();
      start = end + 1;
    }
  };

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    this.#size += piece.length;
    if (this.#skipping) {
      this.#skipping.feed(piece);
      return;
    }
    if (this.#size <= this.#max) {
      this.#pieces.push(piece);
      return;
    }
    // Too large to keep: from here on only the id is looked for, and memory stays flat.
    this.#skipping = new TopLevelIdScanner();
    for (const kept of this.#pieces) this.#skipping.feed(kept);
    this.#skipping.feed(piece);
    this.#pieces = [];
  }

  #endLine(): void {
    const size = this.#size;
    const skipped = this.#skipping;
    const pieces = this.#pieces;
    this.#pieces = [];
    this.#size = 0;
    this.#skipping = null;
    if (skipped) {
      this.#oversize(skipped.end(), size);
      return;
    }
    let line = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, size);
    if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
    const text = line.toString('utf8');
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const problem = `a line that is not JSON (${(error as Error).message})`;
      const id = readTopLevelId(line);
      this.#act(
        id === undefined
          ? { kind: 'drop', problem }
          : { kind: 'answer', problem, response: errorResponse(id, ErrorCode.ParseError, `parse error: ${problem}`) },
      );
      return;
    }
    for (const verdict of judgeMessage(value)) this.#act(verdict);
  }

  #oversize(id: string | number | undefined, size: number): void {
    const problem =
      `a message of ${size} bytes is larger than the maximum message size of ${this.#max} bytes and was not read; ` +
      'send less in one call (e.g. split a large write into smaller edits), ' +
      `or raise ${MAX_MESSAGE_BYTES_VARIABLE} where the server is started`;
    this.#act(
      id === undefined
        ? { kind: 'drop', problem: `${problem} (it had no readable id, so it gets no answer)` }
        : {
            kind: 'answer',
            problem,
            response: errorResponse(id, ErrorCode.InvalidRequest, problem, {
              max_message_bytes: this.#max,
              message_bytes: size,
            }),
          },
    );
  }

  #act(verdict: Verdict): void {
    if (verdict.kind === 'message') {
      this.onmessage?.(verdict.message);
      return;
    }
    this.onerror?.(new Error(verdict.problem));
    if (verdict.kind === 'answer')
      void this.send(verdict.response).catch((error: unknown) => this.onerror?.(error as Error));
  }
}
