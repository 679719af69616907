// The requests `serve` answers before the MCP SDK has loaded (see early-stdio.ts): initialize,
// ping and tools/list at once. The answers are the ones the SDK server gives (server-info.ts,
// tools.ts); anything unusual is left to the SDK server. tools/list does not wait for the ledger's
// recovery: the list is the same whatever the recovery finds, and every call is held until the
// SDK server connects, which is after the recovery.
import type { EarlyAnswer } from './early-stdio.js';
import { initializeResult } from './server-info.js';
import { listTools } from './tools.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The protocol version an initialize request asks for, when the request is one the SDK server
 * would accept as it is; undefined for anything else (left to the SDK server, which says what is
 * wrong).
 */
export function requestedProtocol(params: Record<string, unknown>): string | undefined {
  const { protocolVersion, capabilities, clientInfo } = params;
  const wellFormed =
    typeof protocolVersion === 'string' &&
    isObject(capabilities) &&
    isObject(clientInfo) &&
    typeof clientInfo.name === 'string' &&
    typeof clientInfo.version === 'string';
  return wellFormed ? protocolVersion : undefined;
}

export function earlyAnswers(version: string): EarlyAnswer {
  return (method, params) => {
    if (method === 'initialize') {
      const requested = requestedProtocol(params);
      return requested === undefined ? undefined : initializeResult(version, requested);
    }
    if (method === 'ping') return {};
    if (method === 'tools/list') return { tools: listTools() };
    return undefined;
  };
}
