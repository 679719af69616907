// The child CLIs' strict structured-output modes (OpenAI strict json_schema, Claude --json-schema)
// accept only a subset of JSON Schema: every property required, additionalProperties false, no
// length or count keywords. The child gets that projection of the core schema, with the limits
// written into the descriptions; the full schema is enforced locally by validateCore.
import { coreSchema, type JsonSchema } from './schema-files.js';

/** Keywords the strictest common subset of the model APIs accepts. */
const allowedKeywords = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'description',
  'anyOf',
  '$defs',
  '$ref',
]);

/** Annotations the APIs tolerate; the projection itself never emits them. */
const tolerated = new Set(['title', '$schema']);

function limitsSentence(schema: JsonSchema): string {
  const parts: string[] = [];
  if (typeof schema.maxLength === 'number') parts.push(`at most ${schema.maxLength} characters`);
  if (typeof schema.maxItems === 'number') {
    const items = schema.items as JsonSchema | undefined;
    const each = items && typeof items.maxLength === 'number' ? `, each at most ${items.maxLength} characters` : '';
    parts.push(`at most ${schema.maxItems} items${each}`);
  }
  return parts.length > 0 ? `Limit: ${parts.join('; ')}.` : '';
}

function project(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  const limits = limitsSentence(schema);
  const description = [schema.description, limits].filter(Boolean).join(' ');
  if (description) out.description = description;
  if (schema.enum && schema.type === undefined && (schema.enum as unknown[]).every((v) => typeof v === 'string')) {
    out.type = 'string';
  }
  for (const [key, value] of Object.entries(schema)) {
    if (!allowedKeywords.has(key) || key === 'description') continue;
    if (key === 'properties') {
      const properties: Record<string, JsonSchema> = {};
      for (const [name, child] of Object.entries(value as Record<string, JsonSchema>)) {
        properties[name] = project(child);
      }
      out.properties = properties;
      out.required = Object.keys(properties);
      out.additionalProperties = false;
    } else if (key === 'items') {
      out.items = project(value as JsonSchema);
    } else if (key === 'anyOf') {
      out.anyOf = (value as JsonSchema[]).map(project);
    } else if (key === 'required' || key === 'additionalProperties') {
      continue; // rewritten with properties
    } else {
      out[key] = structuredClone(value);
    }
  }
  return out;
}

/**
 * The strict-mode-compatible projection of schemas/envelope.schema.json to hand to a child CLI
 * (`codex exec --output-schema`, `claude --json-schema`): every property required (so `details`
 * too, possibly empty), additionalProperties false, no length or count keywords; the limits are
 * in the descriptions. Returns a fresh object on each call.
 */
export function strictCoreSchema(): JsonSchema {
  const projected = project(coreSchema);
  return { type: 'object', ...projected };
}

/**
 * Lists what in `schema` a strict structured-output mode would reject (empty when the schema is
 * inside the strict subset). Scripted model servers use it to refuse schemas as the real APIs do.
 */
export function strictSubsetViolations(schema: unknown, at = '#'): string[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return [`${at}: a schema must be an object`];
  }
  const s = schema as JsonSchema;
  const problems: string[] = [];
  for (const key of Object.keys(s)) {
    if (!allowedKeywords.has(key) && !tolerated.has(key))
      problems.push(`${at}: keyword "${key}" is not supported in strict mode`);
  }
  const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object'));
  if (isObject || s.properties !== undefined) {
    if (s.additionalProperties !== false) problems.push(`${at}: additionalProperties must be false`);
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    for (const name of Object.keys(properties)) {
      if (!required.has(name)) problems.push(`${at}: property "${name}" must be listed in required`);
      problems.push(...strictSubsetViolations(properties[name], `${at}/properties/${name}`));
    }
  }
  if (s.items !== undefined) problems.push(...strictSubsetViolations(s.items, `${at}/items`));
  if (Array.isArray(s.anyOf)) {
    s.anyOf.forEach((child, i) => problems.push(...strictSubsetViolations(child, `${at}/anyOf/${i}`)));
  }
  if (s.$defs && typeof s.$defs === 'object') {
    for (const [name, child] of Object.entries(s.$defs as Record<string, unknown>)) {
      problems.push(...strictSubsetViolations(child, `${at}/$defs/${name}`));
    }
  }
  return problems;
}
