// The envelope schemas, read from the package's schemas/ folder, and their validators, compiled
// from the same files at build time (scripts/gen-validators.ts, ajv standalone code for JSON
// Schema 2020-12): nothing loads ajv's compiler at run time. Every validation in peer-bridge goes
// through these functions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CoreEnvelope } from '../generated/envelope.js';
import type { PublicEnvelope } from '../generated/harness-envelope.js';
import { validateCore as compiledCore } from '../generated/validators/envelope.js';
import { validateHarness as compiledHarness } from '../generated/validators/harness-envelope.js';
import { byName as compiledToolInputs } from '../generated/validators/mcp-tools.js';
import type { CompiledValidator } from '../generated/validators/types.js';
import { packageRoot } from '../package/root.js';

/** A JSON Schema document as plain data. */
export type JsonSchema = { [key: string]: unknown };

/** The package's schemas/ folder. */
export const schemaDirectory = path.join(packageRoot(), 'schemas');

function readSchema(file: string): JsonSchema {
  return deepFreeze(JSON.parse(readFileSync(path.join(schemaDirectory, file), 'utf8')) as JsonSchema);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** schemas/envelope.schema.json: the model-authored core (frozen). */
export const coreSchema: JsonSchema = readSchema('envelope.schema.json');
/** schemas/harness-envelope.schema.json: the public envelope (frozen). */
export const harnessSchema: JsonSchema = readSchema('harness-envelope.schema.json');
/** schemas/mcp-tools.schema.json: MCP tool input shapes under `$defs` (frozen). */
export const mcpToolsSchema: JsonSchema = readSchema('mcp-tools.schema.json');

// Compiled with allErrors (complete messages) and strict schemas, as ajv.compile would have been.
export const validateCoreSchema = compiledCore as CompiledValidator<CoreEnvelope>;
export const validateHarnessSchema = compiledHarness as CompiledValidator<PublicEnvelope>;

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
