// Turns ajv errors into sentences that say what was wrong, in terms of the answer's own fields,
// so a caller (or the child, on a retry) can fix the answer without reading JSON Schema.
import type { ErrorObject } from 'ajv';

/** `/findings/2` → `findings[2]`; the root is called `answer`. */
export function fieldName(instancePath: string): string {
  if (instancePath === '') return 'answer';
  let name = '';
  for (const raw of instancePath.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    name += /^\d+$/.test(part) ? `[${part}]` : name === '' ? part : `.${part}`;
  }
  return name;
}

/** The value at a JSON pointer (ajv's instancePath) inside `data`. */
function valueAt(data: unknown, instancePath: string): unknown {
  if (instancePath === '') return data;
  let current: unknown = data;
  for (const raw of instancePath.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** `string`, `array`, `null`, … as JSON would name the value's kind. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count++;
  return count;
};

/** One sentence per ajv error. */
export function describeError(error: ErrorObject, data: unknown): string {
  const field = fieldName(error.instancePath);
  const value = valueAt(data, error.instancePath);
  const params = error.params as Record<string, unknown>;
  const atMost = `at most ${String(params.limit)}`;
  const listed = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');
  switch (error.keyword) {
    case 'required':
      return `missing field "${String(params.missingProperty)}"`;
    case 'additionalProperties':
      return error.instancePath === ''
        ? `unexpected field "${String(params.additionalProperty)}"`
        : `unexpected field "${String(params.additionalProperty)}" in ${field}`;
    case 'maxLength':
      return `${field} is too long: ${typeof value === 'string' ? codePoints(value) : '?'} characters, ${atMost}`;
    case 'minLength':
      return `${field} is too short: at least ${String(params.limit)} characters`;
    case 'maxItems':
      return `${field} has too many items: ${Array.isArray(value) ? value.length : '?'}, ${atMost}`;
    case 'minItems':
      return `${field} has too few items: at least ${String(params.limit)}`;
    case 'type':
      return `${field} must be ${String(params.type)}, not ${jsonKind(value)}`;
    case 'enum':
      return `${field} must be one of ${listed(params.allowedValues as unknown[])}, not ${JSON.stringify(value)}`;
    case 'const':
      return `${field} must be ${JSON.stringify(params.allowedValue)}, not ${JSON.stringify(value)}`;
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}

/** Joins problems into one reason, keeping it short when an answer is wrong in many places. */
export function joinProblems(problems: string[], limit = 10): string {
  if (problems.length <= limit) return problems.join('; ');
  return `${problems.slice(0, limit).join('; ')}; and ${problems.length - limit} more problems`;
}
