// Run ids: sortable by time, unique across concurrent calls, safe as file names.
import { randomBytes } from 'node:crypto';
import { BridgeError } from './errors.js';

const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function newRunId(date = new Date()): string {
  const stamp = date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

export function checkRunId(runId: string): string {
  if (typeof runId !== 'string' || !RUN_ID.test(runId)) {
    throw new BridgeError('invalid_arguments', `run_id ${JSON.stringify(runId)} is not allowed: use 1-128 letters, digits, ".", "_" or "-", starting with a letter or digit`, { field: 'run_id' });
  }
  return runId;
}
