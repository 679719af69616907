// The MCP server: the SDK's low-level Server (so the tool schemas are served exactly as written in
// the schema file), bound to one host-provided workspace. Tools are thin layers over runBridge.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_MAX_BUDGET_SECONDS } from '../bridge/budget.js';
import { callerName } from '../bridge/direction.js';
import { BridgeError } from '../bridge/errors.js';
import { maxPeers, PeerPool } from '../bridge/peer-pool.js';
import { ReminderTracker } from '../bridge/reminders.js';
import { retiredOutcome } from '../bridge/retired.js';
import type { BridgeProgress, BridgeToolArguments } from '../bridge/types.js';
import { rejectHostOnlyFields } from '../bridge/workspace.js';
import type { McpToolName } from '../envelope/index.js';
import { codeResult, dataResult, describeSchemaErrors, envelopeResult } from './results.js';
import { SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, SERVER_NAME } from './server-info.js';
import { listTools, STATUS_TOOL, VERB_TOOLS } from './tools.js';
import type { Verb } from '../vocabulary.js';

// What tool calls need (validators, the runner host, the ledger) loads on first use, or right
// after the first tools/list, so the server answers initialize and tools/list without it.
let callModules:
  | Promise<{
      runBridge: typeof import('../bridge/run-bridge.js').runBridge;
      Ledger: typeof import('../state/ledger.js').Ledger;
      toolInputValidator: typeof import('../envelope/index.js').toolInputValidator;
      bridgeStatus: typeof import('./status.js').bridgeStatus;
    }>
  | undefined;
function loadCallModules() {
  callModules ??= Promise.all([
    import('../bridge/run-bridge.js'),
    import('../state/ledger.js'),
    import('../envelope/index.js'),
    import('./status.js'),
    import('../supervisor/start-process.js'),
  ]).then(([run, ledger, envelope, status, starts]) => {
    // A server runs calls side by side: its processes start off the event loop from the first.
    starts.preferSpawnThread();
    return {
      runBridge: run.runBridge,
      Ledger: ledger.Ledger,
      toolInputValidator: envelope.toolInputValidator,
      bridgeStatus: status.bridgeStatus,
    };
  });
  return callModules;
}

export interface McpServerOptions {
  /** Absolute real path of the workspace every call is bound to. */
  workspace: string;
  /** Runner plugin config file. */
  configPath?: string;
  /** Package version, announced in serverInfo. */
  version: string;
  /** Default runner specifier. */
  runner?: string;
  /** Each verb's budget when a call names none (serve --default-timeout), over the built-in defaults. */
  defaultBudgets?: Partial<Record<Verb, number>>;
  /** Diagnostics go here (stderr), never to stdout. */
  log?: (message: string) => void;
}

const MAX_PROGRESS_CHARS = 200;

// The server's budget for `verb` (serve --default-timeout), for a call that names none.
const defaultBudget = (args: Record<string, unknown>, verb: Verb, budgets: McpServerOptions['defaultBudgets']) =>
  args.timeout_seconds === undefined && budgets?.[verb] !== undefined ? { timeout_seconds: budgets[verb] } : {};

export interface BridgeMcpServer {
  server: Server;
  /**
   * The first step of a stop (then close `server`): refuses new calls, cancels the calls in flight
   * (their children are killed, they settle as cancelled) and resolves once they are answered.
   */
  drain: () => Promise<void>;
}

/** Builds the bridge's MCP server; connect `server` to a transport to serve. */
export function createMcpServer(options: McpServerOptions): BridgeMcpServer {
  const inFlight = new Set<Promise<unknown>>();
  // Aborted by drain: every call's signal follows it as well as the client's cancellation.
  const stopping = new AbortController();
  const server = new Server(
    { name: SERVER_NAME, version: options.version },
    { capabilities: SERVER_CAPABILITIES, instructions: SERVER_INSTRUCTIONS },
  );
  const reminders = new ReminderTracker();
  // Read once, at the start: a bad PEER_BRIDGE_MAX_PEERS refuses every call with the fix (and
  // bridge_status shows it) instead of stopping the server.
  let pool: PeerPool | undefined;
  let poolProblem: BridgeError | undefined;
  try {
    pool = new PeerPool(maxPeers(process.env));
  } catch (error) {
    if (!(error instanceof BridgeError)) throw error;
    poolProblem = error;
  }
  const log = options.log ?? ((message: string) => process.stderr.write(`peer-bridge: ${message}\n`));
  // Protocol trouble (a malformed or over-size message, a failed send) is logged, never silent.
  server.onerror = (error) => log(error.message);

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    setTimeout(() => void loadCallModules().catch(() => undefined), 0).unref();
    return { tools: listTools() };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    // Once a stop has begun, a new call would be cancelled at once: refuse it, untouched.
    if (stopping.signal.aborted) {
      throw new McpError(ErrorCode.InvalidRequest, `the bridge server is stopping; ${name} was not run`);
    }
    const args = request.params.arguments ?? {};
    const { runBridge, Ledger, toolInputValidator, bridgeStatus } = await loadCallModules();
    const ledger = new Ledger(options.workspace);
    // A call that never starts is answered even when its ledger line cannot be written.
    const recordRejection = (record: Parameters<typeof ledger.result>[0]) =>
      ledger
        .result(record)
        .catch((error: unknown) => log(`could not record the rejected ${name} call in the ledger: ${String(error)}`));
    const retired = retiredOutcome(name, args);
    if (retired) {
      await recordRejection({
        run_id: null,
        tool: name,
        status: 'rejected',
        code: retired.code,
        reason: 'retired tool name',
      });
      return codeResult(retired.code, retired.message);
    }
    if (name === STATUS_TOOL) {
      const validate = toolInputValidator(STATUS_TOOL);
      if (!validate(args)) return codeResult('invalid_arguments', describeSchemaErrors(validate.errors).message);
      return dataResult(
        await bridgeStatus(options.workspace, process.env, options.runner, options.defaultBudgets, pool),
      );
    }
    const verb = Object.hasOwn(VERB_TOOLS, name) ? VERB_TOOLS[name] : undefined;
    if (!verb) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);

    const runId = typeof args.run_id === 'string' ? args.run_id : null;
    try {
      rejectHostOnlyFields(args);
      const validate = toolInputValidator(name as McpToolName);
      if (!validate(args)) {
        const { message, field } = describeSchemaErrors(validate.errors);
        throw new BridgeError('invalid_arguments', `${name}: ${message}`, field ? { field } : {});
      }
    } catch (error) {
      if (!(error instanceof BridgeError)) throw error;
      await recordRejection({
        run_id: runId,
        tool: name,
        status: 'rejected',
        code: error.code,
        reason: error.message.slice(0, 500),
      });
      return codeResult(error.code, error.message, error.field ? { field: error.field } : {});
    }

    const progressToken = request.params._meta?.progressToken;
    const onProgress =
      progressToken === undefined
        ? undefined
        : (progress: BridgeProgress) => {
            extra
              .sendNotification({
                method: 'notifications/progress',
                params: {
                  progressToken,
                  progress: progress.count,
                  message: progress.message.slice(0, MAX_PROGRESS_CHARS),
                },
              })
              .catch((error: unknown) => log(`progress notification failed: ${String(error)}`));
          };
    const reminder = reminders.note(name, args);
    try {
      if (poolProblem) throw poolProblem;
      const call = runBridge(
        {
          ...(args as unknown as BridgeToolArguments),
          ...defaultBudget(args, verb, options.defaultBudgets),
          verb,
          workspace: options.workspace,
          ...(options.runner ? { runner: options.runner } : {}),
          signal: AbortSignal.any([extra.signal, stopping.signal]),
          ...(onProgress ? { onProgress } : {}),
        },
        {
          caller: callerName(server.getClientVersion()?.name, 'mcp'),
          maxBudgetSeconds: MCP_MAX_BUDGET_SECONDS,
          ...(options.configPath ? { configPath: options.configPath } : {}),
          ...(reminder ? { reminder } : {}),
          ...(pool ? { pool } : {}),
        },
      );
      inFlight.add(call);
      const envelope = await call.finally(() => inFlight.delete(call));
      return envelopeResult(envelope);
    } catch (error) {
      if (!(error instanceof BridgeError)) throw error;
      await recordRejection({
        run_id: runId,
        tool: name,
        status: 'rejected',
        code: error.code,
        reason: error.message.slice(0, 500),
      });
      return codeResult(error.code, error.message, error.field ? { field: error.field } : {});
    }
  });

  return {
    server,
    drain: async () => {
      stopping.abort(new Error('the bridge server is stopping'));
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      // The SDK sends a result a few microtasks after its handler returns: let those run.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
