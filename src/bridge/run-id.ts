// Run ids: sortable by time, unique across concurrent calls, safe as file names.
import { randomBytes } from 'node:crypto';
import { isRunId, runIdRule } from '../vocabulary.js';
import { BridgeError } from './errors.js';

export function newRunId(date = new Date()): string {
  const stamp = date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

export function checkRunId(runId: string): string {
  if (!isRunId(runId)) {
    throw new BridgeError('invalid_arguments', `run_id ${JSON.stringify(runId)} is not allowed: ${runIdRule}`, {
      field: 'run_id',
    });
  }
  return runId;
}
