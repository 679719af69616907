// The bridge's own cost, measured against baselines in the same run:
// 1. one bridge call (runBridge: ledger, transcript, envelope, runner host) against launching the
//    same `codex exec` directly, both answered at once by the scripted Responses double;
// 2. `peer-bridge serve` cold start to the tools/list answer against `node -e ''`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPrompt } from '../src/bridge/prompt.js';
import { runBridge } from '../src/bridge/run-bridge.js';
import { strictCoreSchema } from '../src/envelope/index.js';
import { codexArgs } from '../src/runners/codex/args.js';
import { answer, codexBin, codexEnv } from '../test/bridge/peers.js';
import { startResponsesDouble } from '../test/doubles/openai-responses-server.js';
import type { Turn } from '../test/doubles/script.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);

function runToExit(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(performance.now() - start) : reject(new Error(`${command} exited ${code}`))));
  });
}

// Starts the server and resolves when the tools/list answer arrives; the server is then closed.
function serveToToolsList(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<number> {
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
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
          child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
        } else if (message.id === 2) {
          const elapsed = performance.now() - start;
          child.stdin.end();
          child.once('close', () => resolve(elapsed));
        }
      }
    });
    child.on('error', reject);
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`,
    );
  });
}

function stats(samples: number[]): { median: number; mean: number; min: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)]!,
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    min: sorted[0]!,
  };
}

function line(name: string, samples: number[], baseline?: number[]): void {
  const s = stats(samples);
  const ratio = baseline ? `  ratio ${(s.median / stats(baseline).median).toFixed(2)}` : '';
  console.log(`${name.padEnd(44)} median ${s.median.toFixed(0).padStart(6)} ms  mean ${s.mean.toFixed(0).padStart(6)} ms  min ${s.min.toFixed(0).padStart(6)} ms${ratio}`);
}

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-bench-')));
try {
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  // Every call gets an immediate answer; rounds alternate so drift hits both sides alike.
  const turns: Turn[] = Array.from({ length: ROUNDS * 2 + 2 }, () => ({ kind: 'answer', answer: answer() }));
  const double = await startResponsesDouble(turns);
  Object.assign(process.env, codexEnv(double.origin, dir));
  const schemaFile = path.join(dir, 'core.schema.json');
  writeFileSync(schemaFile, JSON.stringify(strictCoreSchema()));
  const directArgs = codexArgs({ verb: 'advise', prompt: buildPrompt('advise', 'bench', 120), schemaFile, disableMcp: [] });
  const childEnv = { PATH: process.env.PATH, HOME: process.env.HOME, CODEX_HOME: process.env.CODEX_HOME, OPENAI_API_KEY: process.env.OPENAI_API_KEY };

  await runToExit(codexBin, directArgs, childEnv, workspace); // warm-up: file cache
  await runBridge({ verb: 'advise', task: 'bench', workspace });
  const direct: number[] = [];
  const bridged: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    direct.push(await runToExit(codexBin, directArgs, childEnv, workspace));
    const start = performance.now();
    const envelope = await runBridge({ verb: 'advise', task: 'bench', workspace });
    bridged.push(performance.now() - start);
    if (envelope.status !== 'complete') throw new Error(`bridge call ended ${envelope.status}: ${envelope.blockers.join('; ')}`);
  }
  await double.close();
  console.log(`one call, codex child answered at once (${ROUNDS} rounds)`);
  line('codex exec directly (baseline)', direct);
  line('runBridge advise (same child)', bridged, direct);
  console.log(`harness overhead per call (median): ${(stats(bridged).median - stats(direct).median).toFixed(0)} ms`);

  const built = path.join(root, 'dist', 'cli', 'main.js');
  const serveArgs = existsSync(built) ? [built, 'serve', '--workspace', workspace] : ['--import', 'tsx', path.join(root, 'src', 'cli', 'main.ts'), 'serve', '--workspace', workspace];
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  await runToExit(process.execPath, ['-e', ''], env, root);
  await serveToToolsList(serveArgs, env, root);
  const bare: number[] = [];
  const cold: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await runToExit(process.execPath, ['-e', ''], env, root));
    cold.push(await serveToToolsList(serveArgs, env, root));
  }
  console.log(`\nserve cold start to the tools/list answer (${existsSync(built) ? 'dist' : 'src via tsx: run npm run build for dist'}, ${ROUNDS} rounds)`);
  line("node -e '' (baseline)", bare);
  line('peer-bridge serve → tools/list', cold, bare);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
