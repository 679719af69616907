// Checks a transcript's records against schemas/transcript-record.schema.json and its times: the
// start record's wall-clock time, every record's t_ms present and never decreasing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';

const addFormats = addFormatsModule.default ?? addFormatsModule;
const schema = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', '..', 'schemas', 'transcript-record.schema.json'), 'utf8'),
) as { $id: string };
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
ajv.addSchema(schema);
const validateRecord = ajv.getSchema(schema.$id)!;
const validateStart = ajv.getSchema(`${schema.$id}#/$defs/start`)!;

export interface TimedRecord {
  type: string;
  t_ms: number;
  [key: string]: unknown;
}

/** The records of a transcript's text. */
export function transcriptRecords(text: string): Record<string, unknown>[] {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Asserts every record matches the schema and carries a t_ms, never smaller than the one before,
 * and that the first is the start record with its wall-clock time; returns the records typed.
 */
export function expectTimedRecords(records: Record<string, unknown>[]): TimedRecord[] {
  for (const record of records)
    expect(validateRecord(record) ? [] : validateRecord.errors, record.type as string).toEqual([]);
  expect(validateStart(records[0]) ? [] : validateStart.errors, 'the start record').toEqual([]);
  const times = records.map((record) => record.t_ms);
  for (const [index, t] of times.entries()) {
    expect(Number.isInteger(t), `t_ms of record ${index} (${String(records[index]!.type)})`).toBe(true);
    if (index > 0)
      expect(t as number, `record ${index} after ${times[index - 1] as number}`).toBeGreaterThanOrEqual(
        times[index - 1] as number,
      );
  }
  return records as TimedRecord[];
}
