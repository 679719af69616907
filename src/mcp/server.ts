// The MCP server: the SDK's low-level Server (so the tool schemas are served exactly as written in
// the schema file), bound to one host-provided workspace. Tools are thin layers over runBridge
// (call-tool.ts, bridge-call.ts).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { BridgeError } from '../bridge/errors.js';
import { maxPeers, PeerPool } from '../bridge/peer-pool.js';
import { ReminderTracker } from '../bridge/reminders.js';
import { loadCallModules } from './call-modules.js';
import { callTool } from './call-tool.js';
import { installDiagnostics } from './diagnostics.js';
import type { McpServerOptions } from './server-options.js';
import { SERVER_CAPABILITIES, SERVER_INSTRUCTIONS, SERVER_NAME } from './server-info.js';
import { listTools } from './tools.js';
import { hostEnv } from '../settings/env.js';

export type { McpServerOptions } from './server-options.js';

export interface BridgeMcpServer {
  server: Server;
  /**
   * The first step of a stop (then close `server`): refuses new calls, cancels the calls in flight
   * (their children are killed, they settle as cancelled) and resolves once they are answered.
   */
  drain: () => Promise<void>;
}

// Read once, at the start: a bad PEER_BRIDGE_MAX_PEERS refuses every call with the fix (and
// bridge_status shows it) instead of stopping the server.
function serverPool(): { pool: PeerPool | undefined; poolProblem: BridgeError | undefined } {
  try {
    return { pool: new PeerPool(maxPeers(hostEnv())), poolProblem: undefined };
  } catch (error) {
    if (!(error instanceof BridgeError)) throw error;
    return { pool: undefined, poolProblem: error };
  }
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
  const log = options.log ?? ((message: string) => process.stderr.write(`peer-bridge: ${message}\n`));
  const host = {
    options,
    log,
    ...serverPool(),
    reminders: new ReminderTracker(),
    stopping: stopping.signal,
    clientName: () => server.getClientVersion()?.name,
    track: <T>(call: Promise<T>) => {
      inFlight.add(call);
      return call.finally(() => inFlight.delete(call));
    },
  };
  // Protocol trouble (a malformed or over-size message, a failed send) is logged, never silent.
  server.onerror = (error) => log(error.message);

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    setTimeout(() => void loadCallModules().catch(() => undefined), 0).unref();
    return { tools: listTools() };
  });
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => callTool(host, request, extra));
  installDiagnostics(server, log);

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
