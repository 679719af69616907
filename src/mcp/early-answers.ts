// The requests `serve` answers before the MCP SDK has loaded (see early-stdio.ts): initialize and
// ping at once, tools/list once the ledger is recovered. The answers are the ones the SDK server
// gives (server-info.ts, tools.ts); anything unusual is left to the SDK server.
import type { EarlyAnswer } from './early-stdio.js';
import { initializeResult } from './server-info.js';
import { listTools } from './tools.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function earlyAnswers(version: string): EarlyAnswer {
  return (method, params, ready) => {
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
    if (method === 'tools/list') return ready ? { tools: listTools() } : 'wait';
    return undefined;
  };
}
