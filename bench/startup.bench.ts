// Start-up: `peer-bridge serve` (built, from dist/) from spawn to its tools/list answer, against
// `node -e ''` (Node's own start and exit), in interleaved rounds. Also the CLI's --version, the
// least a command can load.
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, runToExit, serveToToolsList } from './child-timing.js';
import { median, record } from './record.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const cli = path.join(root, 'dist', 'cli', 'main.cjs');
if (!existsSync(cli)) throw new Error('dist/ is missing: run npm run build:ts (npm run bench does)');

const workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-bench-start-')));
try {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME };
  const serveArgs = [cli, 'serve', '--workspace', workspace];
  await runToExit(process.execPath, ['-e', ''], env, root);
  await serveToToolsList(serveArgs, env, root);
  const bare: number[] = [];
  const serve: number[] = [];
  const versionOnly: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(await runToExit(process.execPath, ['-e', ''], env, root));
    serve.push(await serveToToolsList(serveArgs, env, root));
    versionOnly.push(await runToExit(process.execPath, [cli, '--version'], env, root));
  }
  const baseline = { name: "node -e ''", median: median(bare) };
  console.log(`start-up from dist/ (${ROUNDS} interleaved rounds)`);
  console.log(`${"node -e '' (baseline)".padEnd(40)} ${describe(bare)}`);
  for (const [name, samples, goal] of [
    ['serve: spawn → tools/list answer', serve, 'ratio ≤ 2'],
    ['peer-bridge --version', versionOnly, undefined],
  ] as const) {
    const r = record({
      name,
      unit: 'ms',
      median: median(samples),
      baseline,
      samples: samples.length,
      ...(goal ? { goal } : {}),
    });
    console.log(`${name.padEnd(40)} ${describe(samples)}  ratio ${r.ratio!.toFixed(2)}`);
  }
  record({ name: baseline.name, unit: 'ms', median: baseline.median, samples: bare.length });
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
