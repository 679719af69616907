// The strict structured-output subset common to OpenAI's and Anthropic's APIs, checked the way the
// real APIs do: a schema outside it rejects the whole request with HTTP 400.

const ALLOWED = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  '$ref',
  '$defs',
  'description',
  'title',
]);

/** Returns the first violation as a message naming its location, or null when the schema is in the subset. */
export function strictSubsetViolation(schema: unknown, path = '#'): string | null {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return `${path}: a schema must be an object`;
  }
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    if (!ALLOWED.has(key)) return `${path}: '${key}' is not permitted`;
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('object') || node.properties !== undefined) {
    if (node.additionalProperties !== false) {
      return `${path}: 'additionalProperties' is required to be supplied and to be false`;
    }
    const props = (node.properties ?? {}) as Record<string, unknown>;
    const required = Array.isArray(node.required) ? node.required : [];
    for (const name of Object.keys(props)) {
      if (!required.includes(name)) {
        return `${path}: 'required' is required to be supplied and to be an array including every key in properties. Missing '${name}'`;
      }
      const bad = strictSubsetViolation(props[name], `${path}/properties/${name}`);
      if (bad) return bad;
    }
  }
  if (node.items !== undefined) {
    const bad = strictSubsetViolation(node.items, `${path}/items`);
    if (bad) return bad;
  }
  if (Array.isArray(node.anyOf)) {
    for (const [i, sub] of node.anyOf.entries()) {
      const bad = strictSubsetViolation(sub, `${path}/anyOf/${i}`);
      if (bad) return bad;
    }
  }
  if (node.$defs !== undefined) {
    for (const [name, sub] of Object.entries(node.$defs as Record<string, unknown>)) {
      const bad = strictSubsetViolation(sub, `${path}/$defs/${name}`);
      if (bad) return bad;
    }
  }
  return null;
}
