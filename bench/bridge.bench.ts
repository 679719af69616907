// One bridge call against launching the same `codex exec` directly, both answered at once by the
// scripted Responses double, in interleaved rounds (drift hits every side alike):
// 1. runBridge in-process (ledger, transcript, envelope, runner host);
// 2. `peer-bridge run advise` from dist/, one CLI process per call (adds Node start-up and loading).
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPrompt } from '../src/bridge/prompt.js';
import { runBridge } from '../src/bridge/run-bridge.js';
import { strictCoreSchema } from '../src/envelope/index.js';
import { codexArgs } from '../src/runners/codex/args.js';
import { codexBin, codexEnv } from '../test/helpers/peers.js';
import { benchEnvironment, describe, responsesDoubleProcess, runToExit } from './child-timing.js';
import { median, record } from './record.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 12);
const cli = path.join(root, 'dist', 'cli', 'main.cjs');
if (!existsSync(cli)) throw new Error('dist/ is missing: run npm run build:ts (npm run bench does)');

const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-bench-')));
try {
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  // In a process of its own: its HTTP work would otherwise share the event loop of runBridge only.
  const double = await responsesDoubleProcess(ROUNDS * 3 + 3);
  // `codex` found on PATH as a user's npm install is, not named by PEER_BRIDGE_CODEX_BIN (a path
  // the user gives is started as given, so the bridge would start the npm wrapper script).
  const codexVariables = codexEnv(double.origin, dir);
  delete codexVariables.PEER_BRIDGE_CODEX_BIN;
  benchEnvironment({ ...codexVariables, PEER_BRIDGE_CACHE_DIR: path.join(dir, 'cache') });
  process.env.PATH = [path.dirname(codexBin), process.env.PATH].join(path.delimiter);
  const schemaFile = path.join(dir, 'core.schema.json');
  writeFileSync(schemaFile, JSON.stringify(strictCoreSchema()));
  const directArgs = codexArgs({
    verb: 'advise',
    prompt: buildPrompt('advise', 'bench', 120),
    schemaFile,
    serverOverrides: [],
  });
  // Every side runs with the same environment, this process's own after benchEnvironment():
  // runBridge's child gets the granted part of it, the baseline and the CLI all of it.
  const childEnv = { ...process.env };
  const cliEnv = childEnv;
  const cliArgs = [cli, 'run', 'advise', 'bench', '--workspace', workspace, '--json'];

  const inProcess = async () => {
    const start = performance.now();
    const envelope = await runBridge({ verb: 'advise', task: 'bench', workspace });
    if (envelope.status !== 'complete')
      throw new Error(`bridge call ended ${envelope.status}: ${envelope.blockers.join('; ')}`);
    return performance.now() - start;
  };
  // Warm-up: the file cache, the first call's one-time costs in this process.
  await runToExit(codexBin, directArgs, childEnv, workspace);
  await inProcess();
  await runToExit(process.execPath, cliArgs, cliEnv, workspace);
  const direct: number[] = [];
  const bridged: number[] = [];
  const perProcess: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    direct.push(await runToExit(codexBin, directArgs, childEnv, workspace));
    bridged.push(await inProcess());
    perProcess.push(await runToExit(process.execPath, cliArgs, cliEnv, workspace));
  }
  await double.close();

  const baseline = { name: 'codex exec directly', median: median(direct) };
  console.log(`one advise call, codex child answered at once (${ROUNDS} interleaved rounds)`);
  console.log(`${'codex exec directly (baseline)'.padEnd(40)} ${describe(direct)}`);
  for (const [name, samples, goal] of [
    ['runBridge in-process', bridged, 'overhead ≤ 10 ms'],
    ['peer-bridge run advise (one process)', perProcess, 'overhead ≤ 100 ms'],
  ] as const) {
    const r = record({ name, unit: 'ms', median: median(samples), baseline, goal, samples: samples.length });
    console.log(
      `${name.padEnd(40)} ${describe(samples)}  overhead ${r.overhead!.toFixed(0)} ms  ratio ${r.ratio!.toFixed(2)}`,
    );
  }
  record({ name: baseline.name, unit: 'ms', median: baseline.median, samples: direct.length });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
