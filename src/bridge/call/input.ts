// The call's own arguments, checked before anything starts: bad ones are a BridgeError naming the field.
import { isVerb, VERBS, type Verb } from '../../vocabulary.js';
import { BridgeError } from '../errors.js';
import type { RunBridgeOptions } from '../types.js';

export function checkInput(options: RunBridgeOptions): { verb: Verb; task: string } {
  if (!isVerb(options.verb)) {
    throw new BridgeError(
      'invalid_arguments',
      `verb must be one of ${VERBS.join(', ')}, got ${JSON.stringify(options.verb)}`,
      { field: 'verb' },
    );
  }
  if (typeof options.task !== 'string' || options.task.trim() === '') {
    throw new BridgeError('invalid_arguments', 'task must be a non-empty string saying what the peer should do', {
      field: 'task',
    });
  }
  if (options.model !== undefined && (typeof options.model !== 'string' || options.model === '')) {
    throw new BridgeError('invalid_arguments', 'model must be a non-empty string', { field: 'model' });
  }
  // Both reach the child as command-line arguments, which cannot hold a NUL character.
  for (const field of ['task', 'model'] as const) {
    if (options[field]?.includes('\u0000')) {
      throw new BridgeError('invalid_arguments', `${field} must not contain a NUL character (\\u0000)`, { field });
    }
  }
  return { verb: options.verb, task: options.task };
}

/** The error for a run_id the workspace has already used. */
export function runIdTaken(runId: string): BridgeError {
  return new BridgeError(
    'invalid_arguments',
    `run_id ${JSON.stringify(runId)} was already used in this workspace; pick a new one or leave it out`,
    { field: 'run_id' },
  );
}
