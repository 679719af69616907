// The peer-bridge command as a user runs it: a real process, real files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliMain, repoRoot, tsxLoader } from '../mcp/serve-client.js';

const tempDir = useTempDir('peer-bridge-cli-');
const version = (await import('../../package.json', { with: { type: 'json' } })).default.version;

function cli(args: string[], env: Record<string, string> = {}, cwd = repoRoot) {
  const result = spawnSync(process.execPath, ['--import', tsxLoader, cliMain, ...args], { cwd, env: baseEnv(env), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('peer-bridge command line', () => {
  it('prints help and version for the command and every subcommand', () => {
    expect(cli(['--version']).stdout.trim()).toBe(version);
    expect(cli(['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Commands:') });
    for (const sub of ['serve', 'run', 'doctor', 'runs', 'acceptance']) {
      const help = cli([sub, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: peer-bridge ${sub}`));
      expect(cli([sub, '--version']).stdout.trim()).toBe(version);
    }
  });

  it('says what is wrong with bad usage and exits 2', () => {
    expect(cli(['launch'])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "launch"') });
    expect(cli(['run', 'deploy', 'x'])).toMatchObject({ code: 2, stderr: expect.stringContaining('implement, advise, review') });
    expect(cli(['run', 'advise'])).toMatchObject({ code: 2, stderr: expect.stringContaining('needs a task') });
    expect(cli(['run', 'advise', 'x', '--timeout', 'soon'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--timeout') });
    expect(cli(['run', 'advise', 'x', '--effort', 'huge', '--workspace', tempDir()])).toMatchObject({ code: 2, stderr: expect.stringContaining('effort must be one of') });
    expect(cli(['run', 'advise', 'x', '--frobnicate'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--frobnicate') });
  });

  it('prints a refused envelope as JSON and exits 1 at the depth limit', () => {
    const workspace = tempDir();
    const out = cli(['run', 'advise', 'what now?', '--json', '--workspace', workspace], { PEER_BRIDGE_DEPTH: '1' });
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({ status: 'refused', direction: 'cli->codex', verb: 'advise' });
  });

  it('lists recent runs from the ledger, newest first', async () => {
    const workspace = tempDir();
    const ledger = new Ledger(workspace);
    await ledger.start({ run_id: 'first', verb: 'advise', runner: 'codex', direction: 'cli->codex', budget_seconds: 120, depth: 0 });
    await ledger.settle({ run_id: 'first', status: 'complete', incident: null, duration_seconds: 2 });
    await ledger.result({ run_id: 'second', tool: 'review', status: 'refused', code: 'recursion-depth', reason: 'depth 1' });
    const json = cli(['runs', '--json', '--workspace', workspace]);
    expect(JSON.parse(json.stdout).map((r: { run_id: string; status: string }) => [r.run_id, r.status])).toEqual([
      ['second', 'refused'],
      ['first', 'complete'],
    ]);
    const table = cli(['runs'], {}, workspace).stdout;
    expect(table.split('\n')[0]).toMatch(/^started\s+status\s+verb/);
    expect(table).toContain('first');
    expect(cli(['runs', '--limit', '0', '--workspace', workspace]).code).toBe(2);
  });

  it('doctor reports each check with a fix and fails when no runner is found', () => {
    const workspace = tempDir();
    const missing = cli(['doctor', '--json', '--workspace', workspace], { PATH: path.dirname(process.execPath) });
    expect(missing.code).toBe(1);
    const checks = JSON.parse(missing.stdout).checks as { name: string; level: string; fix?: string }[];
    expect(checks.find((c) => c.name === 'native')?.level).toBe('ok');
    expect(checks.find((c) => c.name === 'codex')).toMatchObject({ level: 'fail', fix: expect.stringContaining('PEER_BRIDGE_CODEX_BIN') });
    const badLimit = cli(['doctor', '--json', '--workspace', workspace], { PEER_BRIDGE_MAX_DEPTH: 'lots', PEER_BRIDGE_CODEX_BIN: path.join(repoRoot, 'node_modules', '.bin', 'codex') });
    expect(badLimit.code).toBe(1);
    expect(JSON.parse(badLimit.stdout).checks.find((c: { name: string }) => c.name === 'depth')).toMatchObject({ level: 'fail', detail: expect.stringContaining('PEER_BRIDGE_MAX_DEPTH') });
    const found = cli(['doctor', '--json', '--workspace', workspace], { PEER_BRIDGE_CODEX_BIN: path.join(repoRoot, 'node_modules', '.bin', 'codex') });
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout).checks.find((c: { name: string }) => c.name === 'codex').level).toBe('ok');
  });
});

describe('peer-bridge run with the real Codex CLI', () => {
  it('prints the envelope as JSON with --json, and a readable summary otherwise', async () => {
    const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
    const { answer, codexEnv } = await import('../bridge/peers.js');
    const dir = tempDir();
    const workspace = path.join(dir, 'ws');
    (await import('node:fs')).mkdirSync(workspace);
    const double = await startResponsesDouble([
      { kind: 'answer', answer: answer({ verdict: 'All good.' }) },
      { kind: 'answer', answer: answer({ verdict: 'Still good.', remaining: ['add a test'] }) },
    ]);
    try {
      const env = codexEnv(double.origin, dir);
      const json = await cliAsync(['run', 'review', 'check', 'the', 'parser', '--json', '--effort', 'low', '--workspace', workspace], env);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ status: 'complete', verdict: 'All good.', direction: 'cli->codex', effort: 'low' });
      // Not a terminal: no live progress line on stderr.
      expect(json.stderr).not.toContain('starting the peer');
      const text = await cliAsync(['run', 'advise', 'check again', '--workspace', workspace], env);
      expect(text.code).toBe(0);
      expect(text.stdout).toMatch(/^COMPLETE {2}advise cli->codex {2}run /);
      expect(text.stdout).toContain('Still good.');
      expect(text.stdout).toContain('Remaining:\n  - add a test');
      expect(JSON.parse(cli(['runs', '--json', '--workspace', workspace]).stdout)).toHaveLength(2);
      // Each run settled its call and took its owner lock file with it.
      expect(readdirSync(path.join(workspace, '.peer-bridge', 'owners'))).toEqual([]);
    } finally {
      await double.close();
    }
  });
});

// The double lives in this process, so the CLI must run without blocking the event loop.
function cliAsync(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, cliMain, ...args], { cwd: repoRoot, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('peer-bridge run on a terminal', () => {
  // util-linux `script` gives the command a pseudo-terminal, as a person's shell would.
  it.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/script'))('shows live progress on stderr, then the summary', async () => {
    const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
    const { answer, codexEnv } = await import('../bridge/peers.js');
    const dir = tempDir();
    const workspace = path.join(dir, 'ws');
    (await import('node:fs')).mkdirSync(workspace);
    const double = await startResponsesDouble([{ kind: 'tool', command: 'ls' }, { kind: 'answer', answer: answer({ verdict: 'Seen on a terminal.' }) }]);
    try {
      const command = [process.execPath, '--import', tsxLoader, cliMain, 'run', 'advise', 'look around', '--workspace', workspace]
        .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
        .join(' ');
      const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
        const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], { cwd: repoRoot, env: baseEnv(codexEnv(double.origin, dir)), stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
        child.on('close', (code) => resolve({ code, text }));
      });
      expect(out.code).toBe(0);
      expect(out.text).toMatch(/\r\x1b\[2K\[\d+s\/120s\] starting the peer/);
      expect(out.text).toContain('COMPLETE  advise cli->codex');
      expect(out.text).toContain('Seen on a terminal.');
    } finally {
      await double.close();
    }
  });
});
