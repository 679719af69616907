// `peer-bridge serve --surface workbench`: the file-safety tools over MCP. One workbench (one
// observation store) per server session, bound to the launch workspace; input schemas are served
// from schemas/fs-tools.schema.json as written, so the SDK's low-level Server is used.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { LineTransport } from './stdio/line-transport.js';
import { fsToolsSchema, openWorkbench, type ToolResult, type Workbench } from '../fs/index.js';

export interface WorkbenchServerOptions {
  /** The directory every tool path is confined to. */
  workspace: string;
  /** Package version, announced in serverInfo. */
  version: string;
  /** Where cross-process lock files live (default: the fs layer's default). */
  lockDir?: string;
}

const TITLES: Readonly<Record<string, string>> = {
  read_file: 'Read a file window',
  write_file: 'Write a file',
  edit_file: 'Edit a file',
  multi_edit: 'Edit a file in several places',
  notebook_edit: 'Edit a notebook cell',
  delete_range: 'Delete lines',
  delete_symbol: 'Delete a definition',
  move_file: 'Move a file',
  todo_write: 'Write the todo list',
};

// Tools that change no file: todo_write only replaces this session's list.
const SESSION_ONLY = new Set(['todo_write']);

/** The tools/list answer: every workbench tool with its input shape from the schema file. */
export function listWorkbenchTools(wb: Workbench): Tool[] {
  const defs = fsToolsSchema.$defs as Record<string, { description?: string }>;
  return wb.tools.map((name): Tool => {
    const title = TITLES[name] ?? name;
    return {
      name,
      title,
      description: defs[name]?.description ?? name,
      inputSchema: defs[name] as Tool['inputSchema'],
      annotations: {
        title,
        readOnlyHint: name === 'read_file',
        destructiveHint: name !== 'read_file' && !SESSION_ONLY.has(name),
        idempotentHint: name === 'read_file' || SESSION_ONLY.has(name),
        openWorldHint: false,
      },
    };
  });
}

/** A tool result as MCP returns it: the whole result as structuredContent and as JSON text. */
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
  const wb = openWorkbench({ workspace: options.workspace, ...(options.lockDir ? { lockDir: options.lockDir } : {}) });
  const server = new Server(
    { name: 'peer-bridge-workbench', version: options.version },
    {
      capabilities: { tools: {} },
      instructions:
        `File tools for ${wb.workspace} that never silently lose an update. read_file observes a file; ` +
        'edits need a current observation, so after FS_STALE_VERSION or FS_NOT_OBSERVED read the file again. ' +
        'Each read and change returns a version token; pass it as expected_version to change the file from another session. ' +
        'Changes made by shell commands are detected, not trusted.',
    },
  );
  const tools = new Set(wb.tools);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listWorkbenchTools(wb) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    if (!tools.has(name))
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}; tools: ${wb.tools.join(', ')}`);
    // Once a stop has begun, a new call could be cut short by the exit: refuse it, untouched.
    if (draining) throw new McpError(ErrorCode.InvalidRequest, `the workbench server is stopping; ${name} was not run`);
    const call = wb.call(name, request.params.arguments ?? {});
    inFlight.add(call);
    try {
      return workbenchResult(await call);
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

/** Serves the workbench on stdin/stdout until the client closes stdin or a signal arrives. */
export async function serveWorkbench(
  options: WorkbenchServerOptions & { log: (message: string) => void; maxMessageBytes: number },
): Promise<void> {
  const { server, drain } = createWorkbenchServer(options);
  server.onerror = (error) => options.log(error.message);
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    options.log(`stopping (${why})`);
    // Stop taking calls and let those in flight finish, then close (the bridge's serve does the same).
    // Exit once stdout has taken every answer (pipes are asynchronous on some systems).
    void drain()
      .then(() => server.close())
      .finally(() => process.stdout.write('', () => process.exit(0)));
  };
  process.stdin.once('end', () => stop('stdin closed'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  await server.connect(new LineTransport({ maxMessageBytes: options.maxMessageBytes }));
  options.log(`serving the file workbench for ${options.workspace} over stdio (version ${options.version})`);
}
