// The peer-bridge command as a user runs it: a real process, real files.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { taskPreview } from '../../src/bridge/task-preview.js';
import { Ledger } from '../../src/state/ledger.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, builtCliMain, cliArgs, repoRoot } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-cli-');
const version = (await import('../../package.json', { with: { type: 'json' } })).default.version;

function cli(args: string[], env: Record<string, string> = {}, cwd = repoRoot) {
  const result = spawnSync(process.execPath, [...cliArgs, ...args], {
    cwd,
    env: baseEnv(env),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('peer-bridge command line', () => {
  it('prints help and version for the command and every subcommand', () => {
    expect(cli(['--version']).stdout.trim()).toBe(version);
    expect(cli(['--help'])).toMatchObject({ code: 0, stdout: expect.stringContaining('Commands:') });
    for (const sub of ['serve', 'run', 'doctor', 'runs', 'config', 'acceptance']) {
      const help = cli([sub, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^Usage: peer-bridge ${sub}`));
      expect(cli([sub, '--version']).stdout.trim()).toBe(version);
    }
  });

  it('lists the short form of an option where there is one, and each one listed is accepted', () => {
    const shorts = new Map(
      ['serve', 'run', 'doctor', 'runs', 'config', 'acceptance'].map((sub) => [
        sub,
        [...cli([sub, '--help']).stdout.matchAll(/^ {2}(-[a-z]), --([a-z-]+)/gm)]
          .map((m) => m[1] as string)
          .filter((short) => short !== '-h' && short !== '-v'),
      ]),
    );
    expect(shorts.get('run')).toEqual(['-w', '-c']);
    expect(shorts.get('runs')).toEqual(['-w', '-n']);
    for (const [sub, listed] of shorts) {
      // The help is asked for after the option: a short form the parser does not know exits 2.
      for (const short of listed) expect(cli([sub, short, '1', '--help']).code, `${sub} ${short}`).toBe(0);
    }
    expect(cli(['runs', '-q', '1', '--help']).code).toBe(2);
  });

  it('says what is wrong with bad usage and exits 2', () => {
    expect(cli(['launch'])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command "launch"') });
    // An option where the command goes, and a name every object has, are not commands either.
    expect(cli(['--frob'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'unknown option "--frob"; commands: serve, run, doctor, runs, config, acceptance',
      ),
    });
    expect(cli(['constructor'])).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown command') });
    // A missing value is named by the option's long name, with the help of the command given.
    expect(cli(['runs', '--limit'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--limit needs a value\nRun peer-bridge runs --help for usage\./),
    });
    expect(cli(['run', 'deploy', 'x'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('implement, advise, review'),
    });
    expect(cli(['run', 'advise'])).toMatchObject({ code: 2, stderr: expect.stringContaining('needs a task') });
    expect(cli(['run', 'advise', 'x', '--timeout', 'soon'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--timeout'),
    });
    expect(cli(['run', 'advise', 'x', '--effort', 'huge', '--workspace', tempDir()])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('effort must be one of'),
    });
    expect(cli(['run', 'advise', 'x', '--frobnicate'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--frobnicate'),
    });
  });

  it('prints a refused envelope as JSON and exits 1 at the depth limit', () => {
    const workspace = tempDir();
    const out = cli(['run', 'advise', 'what now?', '--json', '--workspace', workspace], { PEER_BRIDGE_DEPTH: '1' });
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout)).toMatchObject({ status: 'refused', direction: 'cli->codex', verb: 'advise' });
  });

  it('lists recent runs from the ledger, newest first, within 100 columns', async () => {
    const workspace = tempDir();
    const ledger = new Ledger(workspace);
    const long = `Review ${'the parser and every caller of it '.repeat(8)}`;
    await ledger.start({
      run_id: 'first',
      verb: 'advise',
      runner: 'codex',
      direction: 'claude-code->codex',
      budget_seconds: 120,
      depth: 0,
      task_preview: taskPreview(long),
    });
    await ledger.settle({ run_id: 'first', status: 'complete', incident: null, duration_seconds: 2 });
    await ledger.result({
      run_id: 'second',
      tool: 'review',
      status: 'refused',
      code: 'recursion-depth',
      reason: 'depth 1',
      direction: 'codex->claude-code',
      task_preview: 'Look again',
    });
    await ledger.result({
      run_id: null,
      tool: 'bridge_implement',
      status: 'rejected',
      code: 'invalid_arguments',
      reason: 'bridge_implement: missing required argument "task"',
    });
    const json = cli(['runs', '--json', '--workspace', workspace]);
    expect(JSON.parse(json.stdout).map((r: { run_id: string; status: string }) => [r.run_id, r.status])).toEqual([
      [null, 'rejected'],
      ['second', 'refused'],
      ['first', 'complete'],
    ]);
    const table = cli(['runs'], {}, workspace).stdout.trimEnd();
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^started \(UTC\)\s+status\s+verb\s+direction\s+took\s+run id$/);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(100);
    // The verb, never the MCP tool name; the direction the call's envelope had; the task.
    expect(table).toMatch(/rejected\s+implement\s+-/);
    expect(table).not.toContain('bridge_implement  ');
    expect(table).toMatch(/refused\s+review\s+codex->claude-code\s+0\.0s\s+second/);
    expect(table).toContain('    "Look again"');
    expect(table).toContain('    reason: recursion-depth: depth 1');
    expect(table).toMatch(/complete\s+advise\s+claude-code->codex\s+2\.0s\s+first/);
    expect(table).toMatch(/ {4}"Review the parser and every caller of it .*…/);
    expect(cli(['runs', '--limit', '0', '--workspace', workspace]).code).toBe(2);
  });

  it('rejects a --runner that names no runner with exit 2, before anything is recorded', () => {
    const workspace = tempDir();
    for (const args of [
      ['run', 'advise', 'x', '--runner', 'no-such-runner'],
      ['run', 'advise', 'x', '--runner', './missing.js'],
      ['serve', '--runner', 'not a runner'],
    ]) {
      const out = cli([...args, '--workspace', workspace]);
      expect(out.code, out.stderr).toBe(2);
      expect(out.stderr).toContain('--runner');
    }
    expect(existsSync(path.join(workspace, '.peer-bridge', 'ledger.jsonl'))).toBe(false);
  });

  it('prints the registration for this machine with config claude|codex', () => {
    const main = path.join(repoRoot, 'dist', 'cli', 'main.cjs');
    const claude = cli(['config', 'claude', '--scope', 'user']);
    expect(claude.code, claude.stderr).toBe(0);
    const [, json] = /^claude mcp add-json --scope user peer-bridge '(.*)'\n$/.exec(claude.stdout) ?? [];
    expect(JSON.parse(json!)).toEqual({
      type: 'stdio',
      command: process.execPath,
      args: [main, 'serve', '--runner', 'codex'],
      alwaysLoad: true,
    });
    const codex = cli(['config', 'codex', '--npx'], {
      ANTHROPIC_API_KEY: 'k',
      CLAUDE_CODE_USE_BEDROCK: '1',
      PEER_BRIDGE_HEARTBEAT_MS: '100',
    });
    expect(codex.code, codex.stderr).toBe(0);
    expect(codex.stdout).toContain('command = "npx"\nargs = ["-y", "peer-bridge", "serve", "--runner", "claude"]');
    const envVars = JSON.parse(/^env_vars = (\[.*\])$/m.exec(codex.stdout)![1]!) as string[];
    expect(envVars).toEqual(
      expect.arrayContaining([
        'ANTHROPIC_API_KEY',
        'PEER_BRIDGE_DEPTH',
        'CLAUDE_CODE_USE_BEDROCK',
        'PEER_BRIDGE_HEARTBEAT_MS',
      ]),
    );
    expect(envVars).not.toContain('PATH');
    expect(cli(['config', 'cursor'])).toMatchObject({ code: 2, stderr: expect.stringContaining('config claude') });
    expect(cli(['config', 'claude', '--scope', 'team'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--scope'),
    });
    expect(cli(['config', 'codex', '--runner', 'nope'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--runner'),
    });
  });

  it('doctor reports each check with a fix and fails when no runner is found', () => {
    const workspace = tempDir();
    const missing = cli(['doctor', '--json', '--workspace', workspace], { PATH: path.dirname(process.execPath) });
    expect(missing.code).toBe(1);
    const checks = JSON.parse(missing.stdout).checks as { name: string; level: string; fix?: string }[];
    expect(checks.find((c) => c.name === 'native')?.level).toBe('ok');
    expect(checks.find((c) => c.name === 'processes')).toMatchObject({
      level: 'ok',
      detail: expect.stringContaining('peers run 10 nice levels lower'),
    });
    expect(checks.find((c) => c.name === 'codex')).toMatchObject({
      level: 'fail',
      fix: expect.stringContaining('PEER_BRIDGE_CODEX_BIN'),
    });
    const badLimit = cli(['doctor', '--json', '--workspace', workspace], {
      PEER_BRIDGE_MAX_DEPTH: 'lots',
      PEER_BRIDGE_CODEX_BIN: path.join(repoRoot, 'node_modules', '.bin', 'codex'),
    });
    expect(badLimit.code).toBe(1);
    expect(JSON.parse(badLimit.stdout).checks.find((c: { name: string }) => c.name === 'depth')).toMatchObject({
      level: 'fail',
      detail: expect.stringContaining('PEER_BRIDGE_MAX_DEPTH'),
    });
    // A runner counts as ready with its CLI and a credential (test/cli/doctor.test.ts checks those).
    const found = cli(['doctor', '--json', '--workspace', workspace], {
      PEER_BRIDGE_CODEX_BIN: path.join(repoRoot, 'node_modules', '.bin', 'codex'),
      // Codex 0.171's OpenAI provider takes CODEX_API_KEY (or its login), not OPENAI_API_KEY.
      CODEX_API_KEY: 'sk-test',
    });
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout).checks.find((c: { name: string }) => c.name === 'codex').level).toBe('ok');
    expect(JSON.parse(found.stdout).checks.find((c: { name: string }) => c.name === 'default')).toMatchObject({
      level: 'ok',
      detail: expect.stringMatching(/^codex /),
    });
    const lockDir = tempDir();
    const locks = cli(['doctor', '--json', '--workspace', workspace], { PEER_BRIDGE_LOCK_DIR: lockDir });
    expect(JSON.parse(locks.stdout).checks.find((c: { name: string }) => c.name === 'file-locks')).toMatchObject({
      level: 'ok',
      detail: expect.stringContaining(`lock directory ${lockDir} (from PEER_BRIDGE_LOCK_DIR)`),
    });
  });
});

describe('peer-bridge run with the real Codex CLI', () => {
  it('prints the envelope as JSON with --json, and a readable summary otherwise', async () => {
    const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
    const { answer, codexEnv } = await import('../helpers/peers.js');
    const dir = tempDir();
    const workspace = path.join(dir, 'ws');
    (await import('node:fs')).mkdirSync(workspace);
    const double = await startResponsesDouble([
      { kind: 'answer', answer: answer({ verdict: 'All good.' }) },
      { kind: 'answer', answer: answer({ verdict: 'Still good.', remaining: ['add a test'] }) },
    ]);
    try {
      const env = codexEnv(double.origin, dir);
      const json = await cliAsync(
        ['run', 'review', 'check', 'the', 'parser', '--json', '--effort', 'low', '--workspace', workspace],
        env,
      );
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({
        status: 'complete',
        verdict: 'All good.',
        direction: 'cli->codex',
        effort: 'low',
      });
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
    const child = spawn(process.execPath, [...cliArgs, ...args], {
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

describe('peer-bridge run on a terminal', () => {
  // While the peer waits on a model that never answers (and heartbeats are off), only the clock
  // can redraw the line: the same message with a later time proves it ticks between events.
  it.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/script'))(
    'ticks the progress clock every second between events',
    async () => {
      const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
      const { codexEnv } = await import('../helpers/peers.js');
      const { waitFor, processesIn } = await import('../mcp/wait.js');
      const dir = realpathSync(tempDir());
      const workspace = path.join(dir, 'ws');
      mkdirSync(workspace);
      const double = await startResponsesDouble([{ kind: 'hang' }]);
      try {
        const command = [process.execPath, ...cliArgs, 'run', 'advise', 'wait for it', '--timeout', '300']
          .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
          .join(' ');
        const env = baseEnv({ ...codexEnv(double.origin, dir), PEER_BRIDGE_HEARTBEAT_MS: '600000' });
        const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], {
          cwd: workspace,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let text = '';
        child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
        const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
        const ticked = () => {
          const seen = new Map<string, Set<string>>();
          for (const [, secs, message] of text.matchAll(/\[(\d+)s\/300s\] ([^\r\x1b]*)/g)) {
            const times = seen.get(message!) ?? new Set<string>();
            times.add(secs!);
            seen.set(message!, times);
            if (times.size >= 3) return true;
          }
          return false;
        };
        await waitFor(ticked, 'the same progress message at three different clock times', 120_000);
        // Interrupt the run itself (the node process in the workspace), as Ctrl-C would.
        const run = processesIn(workspace).find((pid) => {
          const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
          return argv[0] === process.execPath && argv.includes(builtCliMain);
        });
        expect(run).toBeDefined();
        process.kill(run!, 'SIGINT');
        // Cancelled: the summary still comes, and the exit status says the call did not complete.
        expect(await closed).toBe(1);
        expect(text).toContain('advise cli->codex');
      } finally {
        await double.close();
      }
    },
    180_000,
  );

  // util-linux `script` gives the command a pseudo-terminal, as a person's shell would.
  it.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/script'))(
    'shows live progress on stderr, then the summary',
    async () => {
      const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
      const { answer, codexEnv } = await import('../helpers/peers.js');
      const dir = tempDir();
      const workspace = path.join(dir, 'ws');
      (await import('node:fs')).mkdirSync(workspace);
      const double = await startResponsesDouble([
        { kind: 'tool', command: 'ls' },
        { kind: 'answer', answer: answer({ verdict: 'Seen on a terminal.' }) },
      ]);
      try {
        const command = [process.execPath, ...cliArgs, 'run', 'advise', 'look around', '--workspace', workspace]
          .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
          .join(' ');
        const out = await new Promise<{ code: number | null; text: string }>((resolve) => {
          const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], {
            cwd: repoRoot,
            env: baseEnv(codexEnv(double.origin, dir)),
            stdio: ['ignore', 'pipe', 'pipe'],
          });
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
    },
  );
});
