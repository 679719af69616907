// What the host (`peer-bridge serve`) gives the bridge's MCP server, and what its tool calls share.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeError } from '../bridge/errors.js';
import type { PeerPool } from '../bridge/peer-pool.js';
import type { ReminderTracker } from '../bridge/reminders.js';
import type { Verb } from '../vocabulary.js';

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

/** One server's state, as its tool calls see it. */
export interface ToolHost {
  options: McpServerOptions;
  log: (message: string) => void;
  /** The server's peer pool, unless PEER_BRIDGE_MAX_PEERS was bad (then `poolProblem` says why). */
  pool: PeerPool | undefined;
  poolProblem: BridgeError | undefined;
  reminders: ReminderTracker;
  /** Aborted once the server begins to stop. */
  stopping: AbortSignal;
  /** The connected client's name, for `direction`. */
  clientName: () => string | undefined;
  /** Counts a bridge call as in flight until it settles (the stop drains them). */
  track: <T>(call: Promise<T>) => Promise<T>;
}

/** What the SDK hands a request handler besides the request (the client's signal, notifications). */
export type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;
