// The prompt a child receives: the task, its budget, what the verb allows, and the answer shape.
// The CLI's structured-output flag enforces the shape; the prompt says the limits the strict
// schema cannot carry.
import type { Verb } from '../runners/types.js';

const VERB_RULES: Readonly<Record<Verb, string>> = {
  implement:
    'Make the change in this workspace. Keep it focused on the task, run the relevant tests if there are ' +
    'any, and list every file you changed in files_touched (workspace-relative paths).',
  advise:
    'This call is read-only: do not modify, create or delete files. Investigate what you need and give ' +
    'concrete, checkable advice.',
  review:
    'This call is a read-only adversarial review: do not modify files. Try to prove the work wrong: look ' +
    'for bugs, regressions, unhandled inputs, race conditions, security problems, missing or weak tests ' +
    'and claims the code does not support. Put each concrete problem in findings (file and line when you ' +
    'can); say plainly when you found nothing serious. Do not praise.',
};

/** Builds the child's prompt for one call. */
export function buildPrompt(verb: Verb, task: string, budgetSeconds: number): string {
  return [
    `You are a peer coding agent, called through peer-bridge (${verb}).`,
    VERB_RULES[verb],
    `Time budget: ${budgetSeconds} seconds. Plan for it and answer before it runs out; a call that ` +
      'overruns is stopped and its work is reported as a timeout.',
    'Answer with one JSON object and nothing else: status (complete | partial | blocked), verdict (one ' +
      'paragraph, at most 500 characters), findings, files_touched, remaining, blockers (lists of at most ' +
      '8 items of at most 500 characters each), details (at most 32 longer notes of at most 2000 ' +
      'characters; they go to the transcript, not to the caller). No other fields.',
    '',
    'Task:',
    task,
  ].join('\n');
}
