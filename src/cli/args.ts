// Argument parsing for the subcommands (node:util parseArgs), with usage errors that say what to do.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CodedError } from '../errors.js';

/** Bad command-line usage: printed with a hint, exit code 2. */
export class UsageError extends CodedError<'usage'> {
  constructor(message: string) {
    super('usage', message);
  }
}

export type Options = NonNullable<ParseArgsConfig['options']>;

export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies Options;

/** Parsed option values: strings for string options, booleans for flags, absent when not given. */
export type Values<T extends Options> = {
  [K in keyof T | keyof typeof COMMON_OPTIONS]?: K extends keyof T
    ? T[K]['type'] extends 'boolean'
      ? boolean
      : string
    : boolean;
};

/** parseArgs that turns its errors into UsageErrors. */
export function parse<T extends Options>(
  argv: string[],
  options: T,
  allowPositionals = true,
): { values: Values<T>; positionals: string[] } {
  try {
    const parsed = parseArgs({
      args: argv,
      options: { ...COMMON_OPTIONS, ...options },
      allowPositionals,
      strict: true,
    });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    throw new UsageError(plainer((error as Error).message));
  }
}

// parseArgs names an option with its short alias and a placeholder ("Option '-n, --limit <value>'
// argument missing"); the help shows the long name only.
function plainer(message: string): string {
  const missing = /^Option '(?:-\w, )?(--[\w-]+)(?: <value>)?' argument missing$/.exec(message);
  return missing ? `${missing[1]} needs a value` : message;
}

/** A positive number of seconds, or a usage error naming the option. */
export function seconds(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError(`${option} must be a positive number of seconds, got ${JSON.stringify(value)}`);
  return n;
}
