// The envelope schemas as data, read from the package's schemas/ folder. Apart from the compiled
// validators (schemas.ts): what hands the strict schema to a child loads only this, and the
// validators load while the child runs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
