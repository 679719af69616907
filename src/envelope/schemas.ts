// The envelope schemas, read from the package's schemas/ folder and compiled once with ajv
// (JSON Schema 2020-12). Every validation in peer-bridge goes through these compiled functions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { CoreEnvelope } from '../generated/envelope.js';
import type { PublicEnvelope } from '../generated/harness-envelope.js';

/** A JSON Schema document as plain data. */
export type JsonSchema = { [key: string]: unknown };

// src/envelope/ and dist/envelope/ both sit two levels below the package root.
export const schemaDirectory = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'schemas',
);

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

const addFormats = addFormatsModule.default ?? addFormatsModule;

/** The one ajv instance: all errors (for complete messages), strict about schema mistakes. */
export const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);

export const validateCoreSchema = ajv.compile<CoreEnvelope>(coreSchema);
export const validateHarnessSchema = ajv.compile<PublicEnvelope>(harnessSchema);
ajv.addSchema(mcpToolsSchema);

/** Names of the MCP tools whose input shape is in schemas/mcp-tools.schema.json. */
export type McpToolName = 'bridge_implement' | 'bridge_advise' | 'bridge_review' | 'bridge_status';

const toolValidators = new Map<McpToolName, ValidateFunction>();

/** The compiled input validator of one MCP tool (compiled on first use, then reused). */
export function toolInputValidator(tool: McpToolName): ValidateFunction {
  let validate = toolValidators.get(tool);
  if (!validate) {
    validate = ajv.getSchema(`${mcpToolsSchema.$id as string}#/$defs/${tool}`);
    if (!validate) throw new Error(`no input schema for MCP tool ${tool}`);
    toolValidators.set(tool, validate);
  }
  return validate;
}

/** The input schema of one MCP tool, as written in the file (self-contained, frozen). */
export function toolInputSchema(tool: McpToolName): JsonSchema {
  const defs = mcpToolsSchema.$defs as Record<string, JsonSchema>;
  const schema = defs[tool];
  if (!schema) throw new Error(`no input schema for MCP tool ${tool}`);
  return schema;
}
