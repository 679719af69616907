// `peer-bridge serve` as a real process spoken to in raw JSON-RPC lines, for input the SDK client
// would never send (malformed requests, over-size lines, prototype names).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { baseEnv, cliArgs, repoRoot } from '../helpers/serve-client.js';

export interface RawResponse {
  jsonrpc: string;
  id?: string | number;
  result?: Record<string, any>;
  error?: { code: number; message: string; data?: Record<string, unknown> };
}

export interface RawServer {
  child: ChildProcess;
  /** Writes one line (an object is serialised; a string is sent as it is). */
  send(message: object | string): void;
  /** Writes raw bytes without adding a newline. */
  write(bytes: string | Buffer): Promise<void>;
  /** Resolves with the response carrying `id` (from the past or the future). */
  response(id: string | number): Promise<RawResponse>;
  /** Sends a request and resolves with its response. */
  request(id: string | number, method: string, params?: Record<string, unknown>): Promise<RawResponse>;
  /** Every message the server wrote, in order. */
  messages: RawResponse[];
  stderr(): string;
  /**
   * Resolves once stderr matches `pattern` (a log line may come after an answer the server gave
   * early); rejects with what stderr held if the process ends first.
   */
  stderrMatching(pattern: RegExp): Promise<string>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  close(): Promise<void>;
}

/** Starts the server and completes the MCP handshake. */
export async function startRawServer(options: {
  workspace: string;
  args?: string[];
  env?: Record<string, string>;
}): Promise<RawServer> {
  const child = spawn(
    process.execPath,
    [...cliArgs, 'serve', '--workspace', options.workspace, ...(options.args ?? [])],
    {
      cwd: repoRoot,
      env: baseEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  let stderr = '';
  const stderrWaiters = new Set<() => void>();
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    for (const check of stderrWaiters) check();
  });
  const messages: RawResponse[] = [];
  const waiters = new Map<string, (r: RawResponse) => void>();
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    let end: number;
    while ((end = pending.indexOf('\n')) !== -1) {
      const message = JSON.parse(pending.slice(0, end)) as RawResponse;
      pending = pending.slice(end + 1);
      messages.push(message);
      if (message.id !== undefined) waiters.get(JSON.stringify(message.id))?.(message);
    }
  });
  const write = (bytes: string | Buffer) =>
    new Promise<void>((resolve, reject) => child.stdin.write(bytes, (error) => (error ? reject(error) : resolve())));
  const send = (message: object | string) =>
    void write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`);
  const response = (id: string | number) => {
    const seen = messages.find((m) => m.id !== undefined && JSON.stringify(m.id) === JSON.stringify(id));
    if (seen) return Promise.resolve(seen);
    return new Promise<RawResponse>((resolve) => waiters.set(JSON.stringify(id), resolve));
  };
  const request = (id: string | number, method: string, params?: Record<string, unknown>) => {
    send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    return response(id);
  };
  const init = await Promise.race([
    request('init', 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw-test-client', version: '1.0.0' },
    }),
    exited.then((code): RawResponse => ({
      jsonrpc: '2.0',
      error: { code: -1, message: `the server exited with code ${code}` },
    })),
  ]);
  if (!init.result) throw new Error(`initialize failed: ${JSON.stringify(init)}\n${stderr}`);
  send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return {
    child,
    send,
    write,
    response,
    request,
    messages,
    stderr: () => stderr,
    stderrMatching: (pattern) =>
      new Promise<string>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(stderr)) return;
          stderrWaiters.delete(check);
          resolve(stderr);
        };
        stderrWaiters.add(check);
        check();
        void exited.then((code) => {
          if (!stderrWaiters.delete(check)) return;
          reject(new Error(`the server exited (${code}) before stderr matched ${pattern}:\n${stderr}`));
        });
      }),
    exited,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        await exited;
      }
    },
  };
}
