// Translation to MCP tool results, at the MCP edge only.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorObject } from 'ajv';
import type { PublicEnvelope } from '../envelope/index.js';

/** Statuses the caller must treat as a failed call. */
const ERROR_STATUSES = new Set(['blocked', 'timeout', 'refused']);

/** The envelope as structuredContent and as JSON text; isError for blocked, timeout, refused. */
export function envelopeResult(envelope: PublicEnvelope): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(envelope) }],
    structuredContent: envelope as unknown as Record<string, unknown>,
    isError: ERROR_STATUSES.has(envelope.status),
  };
}

/** A tool-level failure with a stable code (bad arguments, retired tools): a result, not a protocol error. */
export function codeResult(code: string, message: string, extra: Record<string, unknown> = {}): CallToolResult {
  const body = { code, message, ...extra };
  return { content: [{ type: 'text', text: JSON.stringify(body) }], isError: true };
}

/** Plain data as a successful result (bridge_status). */
export function dataResult(data: object): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(data) }],
    structuredContent: data as Record<string, unknown>,
  };
}

/** One readable sentence per schema violation, naming the argument. */
export function describeSchemaErrors(errors: ErrorObject[] | null | undefined): { message: string; field?: string } {
  const parts: string[] = [];
  let field: string | undefined;
  for (const error of errors ?? []) {
    const at = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (error.keyword === 'additionalProperty' || error.keyword === 'additionalProperties') {
      const name = String((error.params as { additionalProperty?: string }).additionalProperty);
      field ??= name;
      parts.push(`unknown argument "${name}"`);
    } else if (error.keyword === 'required') {
      const name = String((error.params as { missingProperty?: string }).missingProperty);
      field ??= name;
      parts.push(`missing required argument "${name}"`);
    } else {
      field ??= at.split('.')[0] || undefined;
      parts.push(`${at || 'arguments'} ${error.message ?? 'is invalid'}`);
    }
  }
  return { message: [...new Set(parts)].join('; ') || 'arguments are invalid', ...(field ? { field } : {}) };
}
