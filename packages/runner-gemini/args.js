// The `gemini -p` command line for one run.

/**
 * Approval mode per verb: `plan` is Gemini CLI's read-only mode (advise, review); `yolo` lets an
 * implement peer use its tools unattended (in `-p` mode a tool that would ask is refused instead).
 * @param {import('peer-bridge').Verb} verb
 */
export function approvalMode(verb) {
  return verb === 'implement' ? 'yolo' : 'plan';
}

/**
 * @param {{ verb: import('peer-bridge').Verb, prompt: string, model?: string }} input
 * @returns {string[]}
 */
export function geminiArgs(input) {
  return [
    '--output-format',
    'stream-json',
    '--approval-mode',
    approvalMode(input.verb),
    // A headless run in a folder Gemini CLI was never told to trust stops with exit code 55; the
    // bridge's workspace is the one the user pointed it at.
    '--skip-trust',
    ...(input.model ? ['--model', input.model] : []),
    '--prompt',
    input.prompt,
  ];
}
