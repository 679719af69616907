// The prompt a child receives: the task, its budget, what the verb allows, and the answer shape.
// The CLI's structured-output flag enforces the shape; the prompt says the limits the strict
// schema cannot carry.
import type { Verb } from '../vocabulary.js';
import { BridgeError } from './errors.js';

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

// Said when the peer edits through the workbench: its checks only help if edits go through them.
const WORKBENCH_RULE =
  'Edit files only with the tools of the `workbench` MCP server (read_file, write_file, edit_file, multi_edit, ' +
  'notebook_edit, delete_range, delete_symbol, move_file), never with shell commands. Read a file with its ' +
  'read_file before editing it. Someone else may edit the same files meanwhile: on FS_STALE_VERSION or ' +
  'FS_NOT_OBSERVED, read the file again and redo your change on what is there now; never force it.';

/** Builds the child's prompt for one call; `workbench` when the peer edits through the workbench. */
export function buildPrompt(verb: Verb, task: string, budgetSeconds: number, workbench = false): string {
  return [
    `You are a peer coding agent, called through peer-bridge (${verb}).`,
    VERB_RULES[verb],
    ...(workbench ? [WORKBENCH_RULE] : []),
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

// Both CLIs take the prompt as one command-line argument. Linux caps one argument at 128 KiB
// (MAX_ARG_STRLEN, with its NUL) and Windows a whole command line at 32 767 UTF-16 units; past
// that the spawn fails with E2BIG. The limit is the same on every POSIX system, so a task that
// works on a Mac works on Linux too. On Windows, quoting may escape each `"` and `\`, so those
// count twice, and the other arguments (Claude's inline schema) need about 2 500 units.
const MAX_PROMPT_BYTES = 128 * 1024 - 1;
const MAX_PROMPT_UNITS_WIN32 = 30_000;

function sizeOf(text: string, platform: NodeJS.Platform): number {
  return platform === 'win32' ? text.length + (text.match(/["\\]/g)?.length ?? 0) : Buffer.byteLength(text, 'utf8');
}

/** The most a prompt may hold on this platform, and the unit it is counted in. */
export function promptLimit(platform: NodeJS.Platform = process.platform): { limit: number; unit: string } {
  return platform === 'win32'
    ? { limit: MAX_PROMPT_UNITS_WIN32, unit: 'UTF-16 units' }
    : { limit: MAX_PROMPT_BYTES, unit: 'bytes of UTF-8' };
}

/** Rejects (field `task`) a prompt too long to pass to the child as an argument. */
export function checkPromptSize(prompt: string, task: string, platform: NodeJS.Platform = process.platform): void {
  const { limit, unit } = promptLimit(platform);
  const size = sizeOf(prompt, platform);
  if (size <= limit) return;
  const room = limit - (size - sizeOf(task, platform));
  throw new BridgeError(
    'invalid_arguments',
    `task is too long to hand to the peer: its prompt is one command-line argument of at most ${limit} ${unit}, ` +
      `and with this task it is ${size}; keep the task to ${Math.max(0, room)} ${unit} ` +
      'and put the rest in a file in the workspace that the task names',
    { field: 'task' },
  );
}
