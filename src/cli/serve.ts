// `peer-bridge serve`: the MCP server over stdio. stdout carries JSON-RPC only; logs go to stderr.
import path from 'node:path';
import type { Readable } from 'node:stream';
import { resolveWorkspace } from '../bridge/workspace.js';
import { earlyAnswers } from '../mcp/early-answers.js';
import { EarlyStdioTransport } from '../mcp/early-stdio.js';
import { MAX_RESULT_BYTES_VARIABLE, maxResultBytes } from '../mcp/result-budget.js';
import { MAX_MESSAGE_BYTES_VARIABLE, maxMessageBytes } from '../mcp/stdio/message-size.js';
import { parse, UsageError } from './args.js';
import { version } from './version.js';

export const SERVE_HELP = `Usage: peer-bridge serve [--workspace DIR] [--surface bridge|workbench] [--config FILE] [--runner NAME]

Serves the bridge over MCP on stdin/stdout: bridge_implement, bridge_advise, bridge_review and
bridge_status. Every call runs in the workspace given here (default: the current directory).
With --surface workbench it serves the file-safety tools instead (read_file, write_file,
edit_file, multi_edit, notebook_edit, delete_range, delete_symbol, move_file, todo_write),
confined to the workspace, with one observation store and todo list per session; version tokens
(expected_version) carry what was read from one session to another.

Options:
  -w, --workspace DIR  the workspace every call is bound to (default: the launch directory)
      --surface NAME   bridge (default): the bridge tools; workbench: the file-safety tools
      --config FILE    runner plugin configuration (grants for third-party runners)
      --runner NAME    codex, claude, or a plugin specifier (default: codex if installed, else claude)
  -h, --help           show this help
  -v, --version        print the version

A JSON-RPC message (one line) may hold at most 64 MiB (${MAX_MESSAGE_BYTES_VARIABLE}, in bytes); a
larger request is answered with an error and skipped, and the session goes on.

A workbench tool result holds at most 40,000 bytes of JSON (${MAX_RESULT_BYTES_VARIABLE}): a
longer read_file window is cut after a whole line, with truncated and next_offset (the offset to
read on from); a budget above 50,000 is declared to the client in read_file's _meta.`;

const log = (message: string) => process.stderr.write(`peer-bridge: ${message}\n`);

// `--surface workbench`. An implement peer's CLI waits for this server's handshake before the
// model's first turn: the handshake is answered from the tool names and their schema alone, while
// the fs layer (native addon, validators) and the MCP SDK load.
async function serveWorkbenchSurface(
  workspace: string,
  lineTransport: (stdin: Readable) => Promise<import('../mcp/stdio/line-transport.js').LineTransport>,
): Promise<'serving'> {
  const budget = maxResultBytes();
  const { workbenchEarlyAnswersFor } = await import('../mcp/workbench-early.js');
  const transport = new EarlyStdioTransport({
    answer: workbenchEarlyAnswersFor(version, workspace, budget),
    inner: lineTransport,
  });
  // Stdin may end while the SDK loads: the server stops then, once it is up.
  const stdinEnded = new Promise<void>((resolve) => process.stdin.once('end', resolve));
  transport.listen();
  const { openWorkbench } = await import('../fs/index.js');
  const workbench = openWorkbench({ workspace });
  const { serveWorkbench } = await import('../mcp/workbench-server.js');
  await serveWorkbench({ workspace, version, log, workbench, transport, stdinEnded, maxResultBytes: budget });
  return 'serving';
}

// Settles the calls a previous server left running. A server starts even when a peer broke the
// run state: calls are then refused with the fix, and bridge_status shows it.
async function recoverInterrupted(Ledger: typeof import('../state/ledger.js').Ledger, workspace: string) {
  try {
    const settled = await new Ledger(workspace).recover();
    if (settled.length > 0) log(`settled ${settled.length} interrupted call(s) as unknown: ${settled.join(', ')}`);
  } catch (error) {
    const { stateProblems, describeStateProblems } = await import('../state/health.js');
    const problems = await stateProblems(workspace);
    log(
      `could not recover interrupted calls: ${problems.length > 0 ? describeStateProblems(problems) : String(error)}`,
    );
  }
}

export async function serve(argv: string[]): Promise<number | 'serving'> {
  const { values } = parse(
    argv,
    {
      workspace: { type: 'string', short: 'w' },
      config: { type: 'string', short: 'c' },
      runner: { type: 'string' },
      surface: { type: 'string' },
    },
    false,
  );
  if (values.help) return (console.log(SERVE_HELP), 0);
  if (values.version) return (console.log(version), 0);
  // stdout belongs to JSON-RPC from here on: anything a library prints goes to stderr instead.
  console.log = console.info = console.debug = (...args: unknown[]) => console.error(...args);
  const surface = values.surface ?? 'bridge';
  if (surface !== 'bridge' && surface !== 'workbench')
    throw new UsageError(`--surface must be bridge or workbench, got ${JSON.stringify(surface)}`);
  const workspace = resolveWorkspace(values.workspace ?? process.cwd());
  const maxBytes = maxMessageBytes();
  // The real transport behind the early front (see early-stdio.ts); it and the SDK types it uses
  // load when the SDK server connects.
  const lineTransport = async (stdin: Readable) =>
    new (await import('../mcp/stdio/line-transport.js')).LineTransport({ maxMessageBytes: maxBytes, stdin });
  if (surface === 'workbench') {
    if (values.config || values.runner)
      throw new UsageError('--config and --runner belong to the bridge surface, not to --surface workbench');
    return serveWorkbenchSurface(workspace, lineTransport);
  }
  // Plugin resolution (and the manifest validators it brings) loads only for a --runner.
  if (values.runner !== undefined) (await import('./runner-option.js')).checkRunnerOption(values.runner, values.config);
  // Reading stdin starts now: the client's initialize and tools/list are answered while the
  // ledger, the native addon and the MCP SDK load; calls once the server is up (after the recovery).
  const transport = new EarlyStdioTransport({ answer: earlyAnswers(version), inner: lineTransport });
  transport.listen();
  let server: import('@modelcontextprotocol/sdk/server/index.js').Server | undefined;
  let drain = async () => undefined as void;
  let Ledger: typeof import('../state/ledger.js').Ledger | undefined;
  // The client closing stdin, or a signal, ends the session in the workbench's order: stop taking
  // calls and drain them (for the bridge: cancel them, which kills their children and settles
  // them in the ledger), then close, all before the process exits.
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    log(`stopping (${why})`);
    void drain()
      .then(() => server?.close())
      .then(() => Ledger?.retireOwners())
      // Exit once stdout has taken every answer (pipes are asynchronous on some systems).
      .finally(() => process.stdout.write('', () => process.exit(0)));
  };
  process.stdin.once('end', () => stop('stdin closed'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  try {
    ({ Ledger } = await import('../state/ledger.js'));
    await recoverInterrupted(Ledger, workspace);
    transport.ready();
    const { createMcpServer } = await import('../mcp/server.js');
    ({ server, drain } = createMcpServer({
      workspace,
      version,
      log,
      ...(values.config ? { configPath: path.resolve(values.config) } : {}),
      ...(values.runner ? { runner: values.runner } : {}),
    }));
    if (stopping) return 'serving';
    await server.connect(transport);
  } catch (error) {
    // Stop reading stdin, so the process can end with the error.
    await transport.close();
    throw error;
  }
  log(`serving ${workspace} over stdio (version ${version})`);
  return 'serving';
}
