// `peer-bridge serve --surface workbench`: the file-safety tools over MCP. One workbench (one
// observation store) per server session, bound to the launch workspace; input schemas are served
// from schemas/fs-tools.schema.json as written, so the SDK's low-level Server is used. What it says
// about itself and its tools is in workbench-info.ts, shared with the early answers.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { fsToolsSchema, openWorkbench, type ReadFileResult, type ToolResult, type Workbench } from '../fs/index.js';
import {
  listWorkbenchTools,
  WORKBENCH_CAPABILITIES,
  WORKBENCH_SERVER_NAME,
  workbenchInstructions,
} from './workbench-info.js';
import { installDiagnostics } from './diagnostics.js';
import { fitReadWindow } from './fit-read-window.js';
import { maxResultBytes } from './result-budget.js';
import { onStdioStop } from './stdio/lifecycle.js';

export interface WorkbenchServerOptions {
  /** The directory every tool path is confined to. */
  workspace: string;
  /** Package version, announced in serverInfo. */
  version: string;
  /** Where cross-process lock files live (default: the fs layer's default). */
  lockDir?: string;
  /** The session's workbench, when it is already open (else one is opened on `workspace`). */
  workbench?: Workbench;
  /** The most characters a tool result may hold (default: PEER_BRIDGE_MAX_RESULT_BYTES, else 40,000). */
  maxResultBytes?: number;
}

/**
 * A tool result as MCP returns it: the whole result as structuredContent and as JSON text (a
 * client shows its model one of the two, the same JSON either way).
 */
export function workbenchResult(result: ToolResult): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(result) }],
    structuredContent: result as unknown as Record<string, unknown>,
    isError: !result.ok,
  };
}

/**
 * Builds the workbench MCP server for one session; connect it to a transport to serve. `drain`
 * refuses new calls and resolves when the calls in flight have finished and been answered (a stop
 * never cuts a publication short).
 */
export function createWorkbenchServer(options: WorkbenchServerOptions): { server: Server; drain: () => Promise<void> } {
  const inFlight = new Set<Promise<ToolResult>>();
  let draining = false;
  const wb =
    options.workbench ??
    openWorkbench({ workspace: options.workspace, ...(options.lockDir ? { lockDir: options.lockDir } : {}) });
  const server = new Server(
    { name: WORKBENCH_SERVER_NAME, version: options.version },
    { capabilities: WORKBENCH_CAPABILITIES, instructions: workbenchInstructions(wb.workspace) },
  );
  const tools = new Set(wb.tools);
  const defs = fsToolsSchema.$defs;
  const budget = options.maxResultBytes ?? maxResultBytes();
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: listWorkbenchTools(wb.tools, defs, budget),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    if (!tools.has(name))
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}; tools: ${wb.tools.join(', ')}`);
    // Once a stop has begun, a new call could be cut short by the exit: refuse it, untouched.
    if (draining) throw new McpError(ErrorCode.InvalidRequest, `the workbench server is stopping; ${name} was not run`);
    const call = wb.call(name, request.params.arguments ?? {});
    inFlight.add(call);
    try {
      const result = await call;
      // A read window is cut to the budget here, at the MCP edge: the library keeps its own bound.
      return workbenchResult(
        name === 'read_file' && result.ok ? fitReadWindow(result as ReadFileResult, budget) : result,
      );
    } finally {
      inFlight.delete(call);
    }
  });
  return {
    server,
    drain: async () => {
      draining = true;
      await Promise.allSettled([...inFlight]);
      // The SDK sends a result a few microtasks after its handler returns: let those run.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

/**
 * Serves the workbench through `transport` (serve's early stdio transport, which has been reading
 * stdin since before this server existed) until stdin ends (`stdinEnded`) or a signal arrives.
 */
export async function serveWorkbench(
  options: WorkbenchServerOptions & {
    log: (message: string) => void;
    transport: Transport;
    stdinEnded: Promise<void>;
  },
): Promise<void> {
  const { server, drain } = createWorkbenchServer(options);
  server.onerror = (error) => options.log(error.message);
  installDiagnostics(server, options.log);
  // Stop taking calls and let those in flight finish, then close (the bridge's serve does the same).
  onStdioStop({
    stdinEnded: options.stdinEnded,
    shutDown: () => drain().then(() => server.close()),
    log: options.log,
  });
  await server.connect(options.transport);
  options.log(`serving the file workbench for ${options.workspace} over stdio (version ${options.version})`);
}
