// `peer-bridge run` as installed: plain node on dist/, where the CLI and the run command are
// CommonJS bundles of their own (scripts/build.ts) so that a call loads two files, and no ES module
// loader, before its child starts. These check that the split build still behaves as the command
// (usage errors across the two bundles, a whole call with its ledger and owner files) and that what
// the command runs up front stays free of what only the envelope needs.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, repoRoot } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-built-run-');
const dist = path.join(repoRoot, 'dist');
const bin = path.join(dist, 'cli', 'main.cjs');

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

// The modules of an esbuild CommonJS bundle that run when the bundle loads. esbuild wraps a module
// that may run later (behind an import()) in `var init_x = __esm({ "src/x.ts"() { … } })`, and
// starts each wrapped module with a call `init_x();`: at the start of a line at the top level of
// the bundle when the bundle's own code needs it at load, indented by four spaces at the top of
// another wrapper's body when that module needs it; a call anywhere else (inside a function, such
// as the import()'s `Promise.resolve().then(() => (init_x(), x_exports))`) runs later if at all.
function modulesRunAtLoad(bundle: string): { wrapped: Map<string, string>; atLoad: Set<string> } {
  const wrapped = new Map<string, string>(); // init name → source
  const needs = new Map<string, string[]>(); // init name (or '' for the top level) → inits it calls
  let current = '';
  for (const line of bundle.split('\n')) {
    const start = /^var (init_\w+) = __esm\(\{$/.exec(line);
    if (start) current = start[1]!;
    const source = /^ {2}"([^"]+)"\(\) \{$/.exec(line);
    if (source && current) wrapped.set(current, source[1]!);
    const call = current ? /^ {4}(init_\w+)\(\);$/.exec(line) : /^(init_\w+)\(\);$/.exec(line);
    if (call) needs.set(current, [...(needs.get(current) ?? []), call[1]!]);
    if (line === '});') current = '';
  }
  const atLoad = new Set<string>();
  const visit = (init: string) => {
    for (const next of needs.get(init) ?? []) {
      if (atLoad.has(next)) continue;
      atLoad.add(next);
      visit(next);
    }
  };
  visit('');
  return { wrapped, atLoad: new Set([...atLoad].map((init) => wrapped.get(init)!)) };
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

  it('runs the envelope validators and the runners only when first needed', () => {
    const main = readFileSync(bin, 'utf8');
    expect(main).toContain('require("./run-command.cjs")');
    expect(main).toContain('import("./serve.js")');
    const run = readFileSync(path.join(dist, 'cli', 'run-command.cjs'), 'utf8');
    // One file: no ES module import, no require of another file of the package.
    expect(run).not.toMatch(/^import\s/m);
    expect(run.match(/require\("\.{1,2}\/[^"]*"\)/g) ?? []).toEqual([]);
    const { wrapped, atLoad } = modulesRunAtLoad(run);
    expect(atLoad).toContain('src/native/index.ts');
    // Its own code (the ledger, runBridge) is not wrapped at all: the bundle runs it as it loads.
    expect(run).toContain('// src/bridge/run-bridge.ts');
    expect([...wrapped.values()]).not.toContain('src/bridge/run-bridge.ts');
    for (const lazy of [
      'src/generated/validators/harness-envelope.js',
      'src/generated/validators/envelope.js',
      'src/runners/codex/index.ts',
      'src/runners/claude/index.ts',
    ]) {
      expect([...wrapped.values()], lazy).toContain(lazy);
      expect(atLoad, lazy).not.toContain(lazy);
    }
  });

  it('runs a whole call: the envelope, a settled ledger, no owner left behind', async () => {
    const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
    const { answer, codexEnv } = await import('../helpers/peers.js');
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
