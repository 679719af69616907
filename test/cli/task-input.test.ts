// `peer-bridge run` with its task in a file (--task-file) or on stdin (`-`), as a user runs it: a
// real process, real files, the real Codex CLI against the Responses double.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBridge } from '../../src/bridge/run-bridge.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs, cliMain, repoRoot } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-task-input-');

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

// Async: the double answering the peer lives in this process. `stdin` is bytes to pipe in, or a
// file whose descriptor becomes the child's stdin (as `< FILE` in a shell).
// The command is the package's CommonJS bundle in dist/, as installed (cliArgs).
function cli(args: string[], options: { env?: Record<string, string>; stdin?: Buffer | string } = {}) {
  return new Promise<Outcome>((resolve, reject) => {
    const fd = typeof options.stdin === 'string' ? openSync(options.stdin, 'r') : undefined;
    const child = spawn(process.execPath, [...cliArgs, ...args], {
      cwd: repoRoot,
      env: baseEnv(options.env),
      stdio: [fd ?? (options.stdin ? 'pipe' : 'ignore'), 'pipe', 'pipe'],
    });
    if (fd !== undefined) closeSync(fd);
    if (Buffer.isBuffer(options.stdin)) {
      // A child that stops reading early (an error past the bound) closes the pipe: not a failure here.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(options.stdin);
    }
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// A task of exactly `bytes` bytes of UTF-8 that no shell would take unquoted: quotes, `$(…)`,
// backticks, backslashes, non-ASCII text, blank lines; it starts and ends with a letter (a task is trimmed).
function hostileTask(bytes: number): string {
  const head = 'Spec line 1: don\'t "quote" me; $(rm -rf /) `id` \\n ünïcödé → 日本語 🚀\n\n\tindented\n';
  const filler = 'x'.repeat(bytes - Buffer.byteLength(head, 'utf8') - 1);
  const task = `${head}${filler}.`;
  expect(Buffer.byteLength(task, 'utf8')).toBe(bytes);
  return task;
}

// Every string in a model request, to find the task where the CLI put it.
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const ledgerOf = (workspace: string) => path.join(workspace, '.peer-bridge', 'ledger.jsonl');
const nothingRecorded = (workspace: string) =>
  expect(readdirSync(workspace).includes('.peer-bridge') ? readFileSync(ledgerOf(workspace), 'utf8') : '').toBe('');

describe('peer-bridge run --task-file and -: size', () => {
  it('takes a task past the command line limit from a file or stdin, and checks its size as for any task', async () => {
    const workspace = tempDir();
    const task = hostileTask(3 * 1024 * 1024);
    const file = path.join(workspace, 'spec.md');
    writeFileSync(file, task);
    // The way the issue hit it: as an argument, the system refuses to start the command at all.
    if (process.platform === 'linux') {
      const direct = spawnSync(process.execPath, [cliMain, 'run', 'advise', task], { env: baseEnv() });
      expect(direct.error).toMatchObject({ code: 'E2BIG' });
    }
    // The message a too-long task has always had, from the library itself.
    const said = await runBridge({ verb: 'advise', task, workspace }).then(
      () => expect.fail('a 3 MiB task must be refused'),
      (error: Error) => error.message,
    );
    expect(said).toMatch(/^task is too long to hand to the peer: .* keep the task to \d+ bytes of UTF-8 /);
    const expected = `peer-bridge: invalid_arguments: ${said}\n`;
    const runs = await Promise.all([
      cli(['run', 'advise', '--task-file', file, '--workspace', workspace]),
      cli(['run', 'advise', '-', '--workspace', workspace], { stdin: Buffer.from(task) }),
      cli(['run', 'advise', '--task-file', '-', '--workspace', workspace], { stdin: file }),
    ]);
    for (const out of runs) expect(out).toEqual({ code: 2, stdout: '', stderr: expected });
    nothingRecorded(workspace);
  });

  it('hands the longest task that fits to the peer whole, from a file and from stdin', async () => {
    const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
    const { answer, codexEnv } = await import('../helpers/peers.js');
    const dir = tempDir();
    const workspace = path.join(dir, 'ws');
    mkdirSync(workspace);
    // How much room the prompt leaves, as the size check tells a user whose task is too long.
    const refusal = await cli(['run', 'advise', '-', '--workspace', workspace], {
      stdin: Buffer.from(hostileTask(200_000)),
    });
    const room = Number(/keep the task to (\d+) bytes/.exec(refusal.stderr)?.[1]);
    expect(room, refusal.stderr).toBeGreaterThan(100_000);
    const task = hostileTask(room);
    const file = path.join(dir, 'spec.md');
    writeFileSync(file, `${task}\n`);
    const over = path.join(dir, 'over.md');
    writeFileSync(over, hostileTask(room + 1));

    const double = await startResponsesDouble([
      { kind: 'answer', answer: answer({ verdict: 'Read it from the file.' }) },
      { kind: 'answer', answer: answer({ verdict: 'Read it from stdin.' }) },
    ]);
    try {
      const env = codexEnv(double.origin, dir);
      const fromFile = await cli(['run', 'advise', '--task-file', file, '--json', '--workspace', workspace], { env });
      expect(fromFile.code, fromFile.stderr).toBe(0);
      expect(JSON.parse(fromFile.stdout)).toMatchObject({ status: 'complete', verdict: 'Read it from the file.' });
      const fromStdin = await cli(['run', 'advise', '-', '--json', '--workspace', workspace], { env, stdin: file });
      expect(fromStdin.code, fromStdin.stderr).toBe(0);
      expect(JSON.parse(fromStdin.stdout)).toMatchObject({ status: 'complete', verdict: 'Read it from stdin.' });
      expect(double.requests).toHaveLength(2);
      for (const request of double.requests) {
        expect(strings(request.body).some((text) => text.includes(task))).toBe(true);
      }
      // One byte more is refused with the same words, before any peer starts.
      const refused = await cli(['run', 'advise', '--task-file', over, '--workspace', workspace], { env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`keep the task to ${room} bytes of UTF-8`);
      expect(double.requests).toHaveLength(2);
    } finally {
      await double.close();
    }
  }, 120_000);
});

describe('peer-bridge run --task-file and -: text and bad input', () => {
  it('reads UTF-8 with or without a byte order mark and UTF-16 with one, and trims the task', async () => {
    const workspace = tempDir();
    const text = 'Prüfe den Parser → 日本語\r\nzweite Zeile';
    const files: Record<string, Buffer> = {
      'utf8.txt': Buffer.from(`\n  ${text}\n\n`),
      'utf8-bom.txt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
      'utf16le.txt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${text}\r\n`, 'utf16le')]),
      'utf16be.txt': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
    };
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(workspace, name), bytes);
    // At the depth limit the call is refused before any peer starts, and its transcript holds the task.
    const env = { PEER_BRIDGE_DEPTH: '1' };
    const outs = await Promise.all(
      Object.keys(files).map((name) =>
        cli(['run', 'advise', '--task-file', path.join(workspace, name), '--json', '--workspace', workspace], { env }),
      ),
    );
    for (const out of outs) {
      expect(out.code, out.stderr).toBe(1);
      const envelope = JSON.parse(out.stdout) as { status: string; transcript_path: string };
      expect(envelope.status).toBe('refused');
      const records = readFileSync(path.join(workspace, envelope.transcript_path), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { type: string; task?: string });
      expect(records.find((r) => r.type === 'bridge.call')?.task).toBe(text);
    }
  });

  it('says what is wrong with the task input and what to do, exits 2 and records nothing', async () => {
    const workspace = tempDir();
    const at = (name: string, bytes: string | Buffer) => {
      const file = path.join(workspace, name);
      writeFileSync(file, bytes);
      return file;
    };
    const good = at('good.txt', 'a task');
    const cases: Array<[string[], Buffer | string | undefined, string]> = [
      [['--task-file', path.join(workspace, 'missing.txt')], undefined, 'there is no such file'],
      [['--task-file', workspace], undefined, 'is a directory; name the file that holds the task'],
      [['--task-file', good, 'more', 'words'], undefined, 'either as words or with --task-file, not both'],
      [['--task-file', ''], undefined, '--task-file needs a file name, or - to read the task from stdin'],
      [['--task-file', at('empty.txt', ' \n\t\n')], undefined, 'is empty; write the task into it'],
      [['-'], Buffer.from('\n\n'), 'the task read from stdin is empty; pipe the task into it'],
      [['-'], undefined, 'the task read from stdin is empty'],
      [
        ['--task-file', at('latin1.txt', Buffer.from('line one\nStra\xdfe\n', 'latin1'))],
        undefined,
        'is not UTF-8 text: line 2 holds bytes that are not; save it as UTF-8',
      ],
      [
        ['-'],
        Buffer.from('task\u0000', 'utf16le'),
        'the task read from stdin holds a NUL character (line 1): it is binary, or UTF-16 without a byte order mark',
      ],
      [['--task-file', at('odd.txt', Buffer.from([0xff, 0xfe, 0x41]))], undefined, 'has an odd number of bytes'],
    ];
    const outs = await Promise.all(
      cases.map(([args, stdin]) => cli(['run', 'advise', ...args, '--workspace', workspace], { stdin })),
    );
    outs.forEach((out, i) => {
      expect(out.code, out.stderr).toBe(2);
      expect(out.stderr).toContain(cases[i]![2]);
      expect(out.stderr).toContain('Run peer-bridge run --help for usage.');
    });
    // Permissions do not stop root: only an ordinary user sees this one.
    if (process.getuid?.() !== 0) {
      const locked = at('locked.txt', 'secret task');
      chmodSync(locked, 0o000);
      const out = await cli(['run', 'advise', '--task-file', locked, '--workspace', workspace]);
      expect(out).toMatchObject({ code: 2, stderr: expect.stringContaining('permission denied') });
    }
    nothingRecorded(workspace);
  });
});

describe('peer-bridge run -: streams, terminals, the installed bundle', () => {
  it('stops reading an endless stdin at 16 MiB and says the task is too long', async () => {
    const workspace = tempDir();
    const child = spawn(process.execPath, [...cliArgs, 'run', 'advise', '-', '-w', workspace], {
      cwd: repoRoot,
      env: baseEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.stdin.on('error', () => undefined);
    // Written until the command stops reading: it never ends by itself.
    const chunk = Buffer.alloc(1024 * 1024, 'y');
    const feed = () => {
      while (!child.stdin.destroyed && child.stdin.write(chunk));
    };
    child.stdin.on('drain', feed);
    feed();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('task is too long to hand to the peer: the task read from stdin holds more than 16 MiB');
    nothingRecorded(workspace);
  });

  it('reads stdin in the CommonJS bundle that is installed as the command', async () => {
    const workspace = tempDir();
    const out = await cli(['run', 'review', '-', '--json', '--workspace', workspace], {
      env: { PEER_BRIDGE_DEPTH: '1' },
      stdin: Buffer.from('Review this diff:\n+ const a = 1;\n'),
    });
    expect(out.code, out.stderr).toBe(1);
    const envelope = JSON.parse(out.stdout) as { status: string; transcript_path: string };
    expect(envelope.status).toBe('refused');
    const transcript = readFileSync(path.join(workspace, envelope.transcript_path), 'utf8');
    expect(transcript).toContain(JSON.stringify('Review this diff:\n+ const a = 1;'));
  });

  // util-linux `script` gives the command a pseudo-terminal, as a person's shell would.
  it.skipIf(process.platform !== 'linux' || !existsSync('/usr/bin/script'))(
    'at a terminal, says it waits for the task and takes what is typed up to Ctrl-D',
    async () => {
      const { waitFor } = await import('../mcp/wait.js');
      const workspace = tempDir();
      const command = [process.execPath, ...cliArgs, 'run', 'advise', '-', '-w', workspace]
        .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
        .join(' ');
      const child = spawn('/usr/bin/script', ['-qec', command, '/dev/null'], {
        cwd: repoRoot,
        env: baseEnv({ PEER_BRIDGE_DEPTH: '1' }),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let text = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
      const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
      await waitFor(() => text.includes('reading the task from the terminal; end it with Ctrl-D'), 'the hint', 60_000);
      child.stdin.write('Typed at a terminal\n');
      child.stdin.write('\u0004');
      // At the depth limit the call is refused before any peer starts; its transcript has the task.
      expect(await closed).toBe(1);
      expect(text).toContain('REFUSED');
      const transcripts = path.join(workspace, '.peer-bridge', 'transcripts');
      const [file] = readdirSync(transcripts);
      expect(readFileSync(path.join(transcripts, file!), 'utf8')).toContain('"task":"Typed at a terminal"');
    },
    120_000,
  );

  it('lists --task-file and - in its help', async () => {
    const help = await cli(['run', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--task-file FILE');
    expect(help.stdout).toMatch(/peer-bridge run <implement\|advise\|review> - \[options\] < FILE/);
  });
});
