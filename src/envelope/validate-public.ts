// Checks at the other boundaries: a public envelope (e.g. read back by a client or a test) and
// the arguments of an MCP tool call, each with reasons that name the field.
import type { PublicEnvelope } from '../generated/harness-envelope.js';
import { describeError, joinProblems } from './problems.js';
import { toolInputValidator, validateHarnessSchema, type McpToolName } from './schemas.js';

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string; problems: string[] };

/** Validates a value against schemas/harness-envelope.schema.json. */
export function validateEnvelope(value: unknown): Checked<PublicEnvelope> {
  if (validateHarnessSchema(value)) return { ok: true, value };
  const problems = (validateHarnessSchema.errors ?? []).map((e) => describeError(e, value));
  return { ok: false, reason: joinProblems(problems), problems };
}

/**
 * Validates the arguments of an MCP tool call against its input shape in
 * schemas/mcp-tools.schema.json; an unexpected field (e.g. `workspace`) is named in the reason.
 */
export function validateToolInput<T = Record<string, unknown>>(tool: McpToolName, args: unknown): Checked<T> {
  const validate = toolInputValidator(tool);
  if (validate(args)) return { ok: true, value: args as T };
  const problems = (validate.errors ?? []).map((e) => describeError(e, args));
  return { ok: false, reason: joinProblems(problems), problems };
}
