// `peer-bridge run` as installed: plain node on dist/, where the run command is a bundle of its own
// (scripts/build.ts) so that a call loads one file before its child starts. These check that the
// split build still behaves as the command (usage errors across the two bundles, a whole call with
// its ledger and owner files) and that what the command loads up front stays free of what only the
// envelope needs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, repoRoot } from '../mcp/serve-client.js';

const tempDir = useTempDir('peer-bridge-built-run-');
const dist = path.join(repoRoot, 'dist');
const bin = path.join(dist, 'cli', 'main.js');

function builtCli(args: string[], env: Record<string, string> = {}) {
  if (!existsSync(bin)) throw new Error('dist/ missing: run `npm run build:ts` first (npm test does)');
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    // The double answering the peer lives in this process: the CLI must not block its event loop.
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: repoRoot,
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The files a module loads before it runs: itself and its static imports, transitively.
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s[^'"]*?["'](\.{1,2}\/[^'"]+)["']/gm))
    staticGraph(path.resolve(path.dirname(file), specifier!), seen);
  return seen;
}

describe('peer-bridge run from dist/', () => {
  it('reports bad usage from the run bundle with the hint and exit 2, like every command', async () => {
    for (const [args, said, help] of [
      [['run', 'deploy', 'x'], 'implement, advise, review', 'peer-bridge run --help'],
      [['run', 'advise', 'x', '--timeout', 'soon'], '--timeout', 'peer-bridge run --help'],
      [['launch'], 'unknown command "launch"', 'peer-bridge --help'],
    ] as const) {
      const out = await builtCli([...args]);
      expect(out.code, out.stderr).toBe(2);
      expect(out.stderr).toContain(said);
      expect(out.stderr).toContain(`Run ${help} for usage.`);
    }
  });

  it('loads the envelope validators and the runners only behind dynamic imports', () => {
    const main = path.join(dist, 'cli', 'main.js');
    expect(readFileSync(main, 'utf8')).toMatch(/import\("\.\/run-command\.js"\)/);
    const upFront = [...staticGraph(path.join(dist, 'cli', 'run-command.js'))];
    const sources = upFront.map((file) => readFileSync(file, 'utf8')).join('\n');
    // esbuild marks each bundled module with a `// src/...` comment.
    expect(sources).toContain('// src/bridge/run-bridge.ts');
    expect(sources).toContain('// src/state/ledger.ts');
    for (const lazy of [
      'src/generated/validators/harness-envelope.js',
      'src/generated/validators/envelope.js',
      'src/runners/codex/index.ts',
      'src/runners/claude/index.ts',
    ])
      expect(sources, lazy).not.toContain(`// ${lazy}`);
    // One file of its own and a few chunks, not the library's shared chunks.
    expect(upFront.length).toBeLessThanOrEqual(10);
  });

  it('runs a whole call: the envelope, a settled ledger, no owner left behind', async () => {
    const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
    const { answer, codexEnv } = await import('../bridge/peers.js');
    const dir = tempDir();
    const workspace = path.join(dir, 'ws');
    mkdirSync(workspace);
    const double = await startResponsesDouble([{ kind: 'answer', answer: answer({ verdict: 'Built and fine.' }) }]);
    try {
      const out = await builtCli(
        ['run', 'advise', 'look', '--json', '--workspace', workspace],
        codexEnv(double.origin, dir),
      );
      expect(out.code, out.stderr).toBe(0);
      const envelope = JSON.parse(out.stdout) as { status: string; verdict: string; run_id: string };
      expect(envelope).toMatchObject({ status: 'complete', verdict: 'Built and fine.', direction: 'cli->codex' });
      const { records } = await new Ledger(workspace).read();
      expect(records.map((r) => [r.type, 'run_id' in r ? r.run_id : null])).toEqual([
        ['start', envelope.run_id],
        ['settle', envelope.run_id],
      ]);
      expect(readdirSync(path.join(workspace, '.peer-bridge', 'owners'))).toEqual([]);
      expect(readdirSync(path.join(workspace, '.peer-bridge', 'snapshots'))).toEqual([]);
    } finally {
      await double.close();
    }
  });
});
