// `peer-bridge serve`: the MCP server over stdio. stdout carries JSON-RPC only; logs go to stderr.
import path from 'node:path';
import type { Readable } from 'node:stream';
import { retentionOf } from '../bridge/retention-setting.js';
import { resolveWorkspace } from '../bridge/workspace.js';
import { earlyAnswers } from '../mcp/early-answers.js';
import { EarlyStdioTransport } from '../mcp/early-stdio.js';
import { MAX_RESULT_BYTES_VARIABLE, maxResultBytes } from '../mcp/result-budget.js';
import { MAX_MESSAGE_BYTES_VARIABLE, maxMessageBytes } from '../mcp/stdio/message-size.js';
import { onStdioStop } from '../mcp/stdio/lifecycle.js';
import { parse, UsageError } from './args.js';
import { parseDefaultTimeouts } from './default-timeout-option.js';
import type { RetentionSettings } from '../state/retention-settings.js';
import { version } from '../package/version.js';

const USAGE = 'Usage: peer-bridge serve [--workspace DIR] [--surface bridge|workbench] [--config FILE] [--runner NAME]';

export const SERVE_HELP = `${USAGE}
                         [--default-timeout VERB=SECONDS,…]

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
      --default-timeout VERB=SECONDS,…
                       a verb's budget when a call names none, e.g. advise=90,review=200 (defaults:
                       implement=600, advise=120, review=300; at most 700, 350, 350)
  -h, --help           show this help
  -v, --version        print the version

A JSON-RPC message (one line) may hold at most 64 MiB (${MAX_MESSAGE_BYTES_VARIABLE}, in bytes); a
larger request is answered with an error and skipped, and the session goes on.

At most PEER_BRIDGE_MAX_PEERS peers run at once (default: one per core, 2 to 8); later calls wait
in line, with progress. Implement calls on one workspace run one at a time across every server
(PEER_BRIDGE_MAX_WRITERS, default 1).

A workbench tool result holds at most 40,000 bytes of JSON (${MAX_RESULT_BYTES_VARIABLE}): a
longer read_file window is cut after a whole line, with truncated and next_offset (the offset to
read on from); a budget above 50,000 is declared to the client in read_file's _meta.`;

const log = (message: string) => process.stderr.write(`peer-bridge: ${message}\n`);

// A retention pass at start, in the background, so a long backlog (the first start after an
// upgrade) never delays the first call. Resolves to what waits for passes under way.
async function startRetention(workspace: string, settings: RetentionSettings): Promise<() => Promise<void>> {
  const { retentionIdle, scheduleRetention } = await import('../state/retention.js');
  scheduleRetention(workspace, settings, (report) => {
    if (report.removed.length === 0) return;
    const mib = (report.removedBytes / 1048576).toFixed(1);
    log(`retention removed ${report.removed.length} old transcript and incident file(s) (${mib} MiB)`);
  });
  return retentionIdle;
}

// The real transport behind the early front (see early-stdio.ts); it and the SDK types it uses
// load when the SDK server connects.
type LineTransportFactory = (stdin: Readable) => Promise<import('../mcp/stdio/line-transport.js').LineTransport>;

/** The options of the bridge surface. */
interface BridgeFlags {
  config?: string | undefined;
  runner?: string | undefined;
  'default-timeout'?: string | undefined;
}

export async function serve(argv: string[]): Promise<number | 'serving'> {
  const { values } = parse(
    argv,
    {
      workspace: { type: 'string', short: 'w' },
      config: { type: 'string', short: 'c' },
      runner: { type: 'string' },
      surface: { type: 'string' },
      'default-timeout': { type: 'string' },
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
  const lineTransport: LineTransportFactory = async (stdin) =>
    new (await import('../mcp/stdio/line-transport.js')).LineTransport({ maxMessageBytes: maxBytes, stdin });
  if (surface === 'workbench') {
    if (values.config || values.runner || values['default-timeout'])
      throw new UsageError(
        '--config, --runner and --default-timeout belong to the bridge surface, not to --surface workbench',
      );
    return serveWorkbenchSurface(workspace, lineTransport);
  }
  return serveBridgeSurface(workspace, values, lineTransport);
}

async function serveWorkbenchSurface(workspace: string, lineTransport: LineTransportFactory): Promise<'serving'> {
  // An implement peer's CLI waits for this server's handshake before the model's first turn: the
  // handshake is answered from the tool names and their schema alone, while the fs layer (native
  // addon, validators) and the MCP SDK load.
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

async function serveBridgeSurface(
  workspace: string,
  values: BridgeFlags,
  lineTransport: LineTransportFactory,
): Promise<'serving'> {
  const defaultBudgets = parseDefaultTimeouts(values['default-timeout']);
  // Plugin resolution (and the manifest validators it brings) loads only for a --runner.
  if (values.runner !== undefined) (await import('./runner-option.js')).checkRunnerOption(values.runner, values.config);
  const retention = retentionOf();
  // Reading stdin starts now: the client's initialize and tools/list are answered while the
  // ledger, the native addon and the MCP SDK load; calls once the server is up (after the recovery).
  const transport = new EarlyStdioTransport({
    answer: earlyAnswers(version),
    inner: lineTransport,
  });
  transport.listen();
  let server: import('@modelcontextprotocol/sdk/server/index.js').Server | undefined;
  let drain = async () => undefined as void;
  let Ledger: typeof import('../state/ledger.js').Ledger | undefined;
  let retentionIdle = async () => undefined as void;
  const stop = onStop(() =>
    drain()
      .then(() => server?.close())
      .then(() => Ledger?.retireOwners())
      // A retention pass under way finishes (it is crash-safe, but a clean stop need not test that).
      .then(() => retentionIdle()),
  );
  try {
    ({ Ledger } = await import('../state/ledger.js'));
    await recoverCalls(Ledger, workspace);
    transport.ready();
    // After the recovery, so the calls it settled are no longer open.
    retentionIdle = await startRetention(workspace, retention);
    const { createMcpServer } = await import('../mcp/server.js');
    ({ server, drain } = createMcpServer({
      workspace,
      version,
      log,
      ...(values.config ? { configPath: path.resolve(values.config) } : {}),
      ...(values.runner ? { runner: values.runner } : {}),
      ...(defaultBudgets ? { defaultBudgets } : {}),
    }));
    if (stop.begun()) return 'serving';
    await server.connect(transport);
  } catch (error) {
    // Stop reading stdin, so the process can end with the error.
    await transport.close();
    throw error;
  }
  log(`serving ${workspace} over stdio (version ${version})`);
  return 'serving';
}

// The client closing stdin, or a signal, ends the session in the workbench's order: stop taking
// calls and drain them (for the bridge: cancel them, which kills their children and settles them
// in the ledger), then close, all before the process exits.
function onStop(shutDown: () => Promise<unknown>): { begun: () => boolean } {
  const stdinEnded = new Promise<void>((resolve) => process.stdin.once('end', resolve));
  return onStdioStop({ stdinEnded, shutDown, log });
}

// A server starts even when a peer broke the run state: calls are then refused with the fix, and
// bridge_status shows it.
async function recoverCalls(Ledger: typeof import('../state/ledger.js').Ledger, workspace: string): Promise<void> {
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
