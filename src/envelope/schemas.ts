// The envelope schemas (schema-files.ts) and their validators, compiled from the same files at
// build time (scripts/gen-validators.ts, ajv standalone code for JSON Schema 2020-12): nothing
// loads ajv's compiler at run time. Every validation in peer-bridge goes through these functions.
import type { CoreEnvelope } from '../generated/envelope.js';
import type { PublicEnvelope } from '../generated/harness-envelope.js';
import { validateCore as compiledCore } from '../generated/validators/envelope.js';
import { validateHarness as compiledHarness } from '../generated/validators/harness-envelope.js';
import { byName as compiledToolInputs } from '../generated/validators/mcp-tools.js';
import type { CompiledValidator } from '../generated/validators/types.js';
import { mcpToolsSchema, type JsonSchema } from './schema-files.js';

export { coreSchema, harnessSchema, mcpToolsSchema, schemaDirectory, type JsonSchema } from './schema-files.js';

// Compiled with allErrors (complete messages) and strict schemas, as ajv.compile would have been.
export const validateCoreSchema = compiledCore as CompiledValidator<CoreEnvelope>;
export const validateHarnessSchema = compiledHarness as CompiledValidator<PublicEnvelope>;

/**
 * Runs the two validators of a call's answer once on an empty object. V8 compiles a function on its
 * first call (about 2 ms for the harness schema's, most of it on any input): runBridge calls this
 * while the child works, so the envelope does not wait for it. Sets their `errors`, nothing else.
 */
export function warmValidators(): void {
  validateCoreSchema({});
  validateHarnessSchema({});
}

/** Names of the MCP tools whose input shape is in schemas/mcp-tools.schema.json. */
export type McpToolName = 'bridge_implement' | 'bridge_advise' | 'bridge_review' | 'bridge_status';

/** The compiled input validator of one MCP tool. */
export function toolInputValidator(tool: McpToolName): CompiledValidator {
  return compiledToolInputs[tool];
}

/** The input schema of one MCP tool, as written in the file (self-contained, frozen). */
export function toolInputSchema(tool: McpToolName): JsonSchema {
  const defs = mcpToolsSchema.$defs as Record<string, JsonSchema>;
  const schema = defs[tool];
  if (!schema) throw new Error(`no input schema for MCP tool ${tool}`);
  return schema;
}
