// What a line that is not a valid JSON-RPC message gets: an error response when it carries an id
// the client can match (every request with a readable id is answered), otherwise only a log line.
import {
  ErrorCode,
  JSONRPCMessageSchema,
  JSONRPCRequestSchema,
  type JSONRPCErrorResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';

export type Verdict =
  | { kind: 'message'; message: JSONRPCMessage }
  | { kind: 'answer'; response: JSONRPCErrorResponse; problem: string }
  | { kind: 'drop'; problem: string };

/** An id a client can match its request by: a string or a finite number. */
export function readableId(value: unknown): string | number | undefined {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : undefined;
}

export function errorResponse(
  id: string | number,
  code: number,
  message: string,
  data?: Record<string, unknown>,
): JSONRPCErrorResponse {
  // The SDK types ids as integers or strings; a fractional id is echoed as sent all the same.
  return { jsonrpc: '2.0', id: id, error: { code, message, ...(data ? { data } : {}) } };
}

/** Sorts one parsed line: a message for the SDK, an error answer, or nothing to answer. */
export function judgeMessage(value: unknown): Verdict[] {
  if (Array.isArray(value)) {
    // MCP has no batches since 2025-06-18 and the SDK never had them: each request is refused.
    const verdicts = value.flatMap((item): Verdict[] => {
      const id = isObject(item) && 'method' in item ? readableId(item.id) : undefined;
      if (id === undefined) return [];
      const problem = 'JSON-RPC batches are not supported; send each request as its own line';
      return [{ kind: 'answer', response: errorResponse(id, ErrorCode.InvalidRequest, problem), problem }];
    });
    return verdicts.length > 0
      ? verdicts
      : [{ kind: 'drop', problem: 'a JSON-RPC batch (not supported) with no request to answer' }];
  }
  const parsed = JSONRPCMessageSchema.safeParse(value);
  if (parsed.success) return [{ kind: 'message', message: parsed.data }];
  if (!isObject(value))
    return [{ kind: 'drop', problem: `a JSON ${value === null ? 'null' : typeof value} is not a JSON-RPC message` }];
  const id = readableId(value.id);
  const isResponse = 'result' in value || 'error' in value;
  if (id === undefined || isResponse) {
    return [
      {
        kind: 'drop',
        problem: `an invalid JSON-RPC ${isResponse ? 'response' : 'message without a usable id'}: ${describe(value)}`,
      },
    ];
  }
  const issues = JSONRPCRequestSchema.safeParse(value).error?.issues ?? [];
  const inParams = issues.length > 0 && issues.every((issue) => issue.path[0] === 'params');
  const problem = `invalid ${inParams ? 'params' : 'request'}: ${describe(value)}`;
  return [
    {
      kind: 'answer',
      response: errorResponse(id, inParams ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest, problem),
      problem,
    },
  ];
}

// One short sentence per schema problem, naming where it is.
function describe(value: Record<string, unknown>): string {
  const issues = JSONRPCRequestSchema.safeParse(value).error?.issues ?? [];
  const parts = issues.slice(0, 4).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'message';
    if (issue.code === 'unrecognized_keys')
      return `${where}: unexpected ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    return `${where}: ${issue.message}`;
  });
  return (parts.join('; ') || 'not a JSON-RPC 2.0 request').slice(0, 500);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
