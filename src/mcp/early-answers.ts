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

export function earlyAnswers(version: string): EarlyAnswer {
  return (method, params) => {
    if (method === 'initialize') {
      const { protocolVersion, capabilities, clientInfo } = params;
      const wellFormed =
        typeof protocolVersion === 'string' &&
        isObject(capabilities) &&
        isObject(clientInfo) &&
        typeof clientInfo.name === 'string' &&
        typeof clientInfo.version === 'string';
      return wellFormed ? initializeResult(version, protocolVersion) : undefined;
    }
    if (method === 'ping') return {};
    if (method === 'tools/list') return { tools: listTools() };
    return undefined;
  };
}
