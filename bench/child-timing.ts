// Timing whole processes for the start-up and per-call benchmarks: wall time from spawn to exit,
// and from spawn to a `peer-bridge serve` answering tools/list.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './record.js';

/** Milliseconds from spawn until the process has exited (successfully) and closed its pipes. */
export function runToExit(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(performance.now() - start)
        : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

// What a child needs from this machine (and the BENCH_ settings of bench/run.ts); nothing else of
// the shell that started the benchmark.
const KEPT = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'USER', 'SHELL', 'TERM'];

/**
 * Makes this process's environment the machine's bare minimum plus `extra`, so every side of a
 * comparison starts its processes with the same variables. Machine settings some variables carry
 * would otherwise weigh on one side only: NODE_EXTRA_CA_CERTS alone makes each Node start read and
 * parse a CA bundle (+130 ms per process on the 2-core bench machine), and the bridge passes it on
 * (a network variable its runners are granted) while a hand-picked baseline environment did not.
 */
export function benchEnvironment(extra: Record<string, string>): void {
  for (const name of Object.keys(process.env))
    if (!KEPT.includes(name) && !name.startsWith('BENCH_')) delete process.env[name];
  Object.assign(process.env, extra);
}

const line = (message: object) => `${JSON.stringify(message)}\n`;

/** Milliseconds from spawn until the server's tools/list answer (initialize first); then closes it. */
export function serveToToolsList(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stderr.resume();
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        const message = JSON.parse(buffer.slice(0, i)) as { id?: number };
        buffer = buffer.slice(i + 1);
        if (message.id === 1) {
          child.stdin.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
          child.stdin.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
        } else if (message.id === 2) {
          const elapsed = performance.now() - start;
          child.stdin.end();
          child.once('close', () => resolve(elapsed));
        }
      }
    });
    child.on('error', reject);
    const params = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } };
    child.stdin.write(line({ jsonrpc: '2.0', id: 1, method: 'initialize', params }));
  });
}

export function describe(samples: readonly number[]): string {
  return `median ${median(samples).toFixed(0).padStart(6)} ms  min ${Math.min(...samples)
    .toFixed(0)
    .padStart(6)} ms  max ${Math.max(...samples)
    .toFixed(0)
    .padStart(6)} ms`;
}

/** Starts the Responses double in its own process (responses-double-process.ts) for `turns` answers. */
export function responsesDoubleProcess(turns: number): Promise<{ origin: string; close(): Promise<void> }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'responses-double-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(turns)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!out.includes('\n')) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({ origin: out.trim(), close: () => (child.stdin.end(), closed) });
    });
    void closed.then(() => reject(new Error('the Responses double process ended before it printed its origin')));
  });
}
