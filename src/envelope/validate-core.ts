// Peer → harness boundary: a child's answer is accepted only as exactly the core shape.
import type { CoreEnvelope } from '../generated/envelope.js';
import { describeError, jsonKind, joinProblems } from './problems.js';
import { coreSchema, harnessSchema, validateCoreSchema } from './schemas.js';

export type CoreValidation = { ok: true; core: CoreEnvelope } | { ok: false; reason: string; problems: string[] };

const coreFields = new Set(Object.keys(coreSchema.properties as object));

// Fields only the harness may set: everything the public envelope adds, and common telemetry,
// identity, path and lifecycle names that a model might invent.
const harnessFields = new Set([
  ...Object.keys(harnessSchema.properties as object).filter((key) => !coreFields.has(key)),
  'workspace',
  'cwd',
  'usage',
  'thread_id',
  'session',
  'exit_code',
  'signal',
  'pid',
  'duration_ms',
  'total_cost_usd',
  'cost_usd',
  'started_at',
  'finished_at',
  'timestamp',
  'incident_path',
]);

const coreStatuses = (coreSchema.properties as Record<string, { enum: string[] }>).status!.enum;
const harnessStatuses = new Set(
  (harnessSchema.$defs as Record<string, { enum: string[] }>).status!.enum.filter(
    (status) => !coreStatuses.includes(status),
  ),
);

/**
 * Validates a child's final answer against schemas/envelope.schema.json.
 * Returns the typed core, or a reason naming every problem: a harness-owned field the answer
 * claims, a harness-only status, an extra or missing field, an over-long string or list.
 */
export function validateCore(value: unknown): CoreValidation {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const problems = [`answer must be a JSON object, not ${jsonKind(value)}`];
    return { ok: false, reason: problems[0]!, problems };
  }
  if (validateCoreSchema(value)) return { ok: true, core: value };

  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  const claimed = Object.keys(record).filter((key) => harnessFields.has(key));
  for (const key of claimed) problems.push(`field "${key}" is set by the harness, not by the model`);
  const status = record.status;
  const harnessStatus = typeof status === 'string' && harnessStatuses.has(status);
  if (harnessStatus) {
    problems.push(`status "${status}" is set only by the harness; an answer's status is ${coreStatuses.join(', ')}`);
  }
  for (const error of validateCoreSchema.errors ?? []) {
    if (error.keyword === 'additionalProperties' && error.instancePath === '') {
      if (claimed.includes(String(error.params.additionalProperty))) continue;
    }
    if (harnessStatus && error.instancePath === '/status') continue;
    problems.push(describeError(error, value));
  }
  return { ok: false, reason: joinProblems(problems), problems };
}
