// The `opencode run` command line for one run.
import { verbAgent } from './config.js';

/**
 * The prompt is one argument after `--`. OpenCode 1.18 sends an argument that holds a space
 * wrapped in double quotes, with the quotes inside escaped (`"…\"x\"…"`); the model reads it as
 * the same text. (One argument per word would arrive unquoted, but its argument parser turns a
 * word such as `600` into a number and then fails on it.)
 * `--title` keeps OpenCode from asking the model for a session title first (one model call less);
 * `--variant` is OpenCode's name for a provider's reasoning effort.
 */
export function opencodeArgs({ verb, prompt, model, effort }) {
  return [
    'run',
    '--format',
    'json',
    '--title',
    `peer-bridge ${verb}`,
    '--agent',
    verbAgent(verb),
    ...(model ? ['--model', model] : []),
    ...(effort ? ['--variant', effort] : []),
    '--',
    prompt,
  ];
}
