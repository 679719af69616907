// One TOML file of Codex's configuration, read with a TOML 1.0 parser: its tables, or why it has
// none (missing, unreadable, or not TOML, with the line and column).
import { readFileSync } from 'node:fs';
import { parse, TomlError } from 'smol-toml';

/** A parsed TOML table (inline tables and dotted keys are tables like any other). */
export type TomlTable = { [key: string]: unknown };

export interface TomlProblem {
  /** The parser's message, first line. */
  message: string;
  /** 1-based; null when the file could not be read at all. */
  line: number | null;
  column: number | null;
}

export interface TomlFile {
  path: string;
  state: 'missing' | 'parsed' | 'invalid' | 'unreadable';
  /** The file's tables when it parsed. */
  value: TomlTable | null;
  problem: TomlProblem | null;
  /** It starts with a UTF-8 byte-order mark (Codex 0.171 and this parser skip it). */
  bom: boolean;
  /** It has CRLF line ends (valid TOML; Codex reads them). */
  crlf: boolean;
}

const isTable = (value: unknown): value is TomlTable =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

export { isTable };

/** Reads and parses `file`; never throws. */
export function readTomlFile(file: string): TomlFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A folder where the file should be is unreadable, not missing: Codex fails on it too.
    if (code === 'ENOENT' || code === 'ENOTDIR')
      return { path: file, state: 'missing', value: null, problem: null, bom: false, crlf: false };
    const problem = { message: (error as Error).message, line: null, column: null };
    return { path: file, state: 'unreadable', value: null, problem, bom: false, crlf: false };
  }
  const bom = text.startsWith('\uFEFF');
  const crlf = text.includes('\r\n');
  try {
    const value = parse(text) as TomlTable;
    return { path: file, state: 'parsed', value, problem: null, bom, crlf };
  } catch (error) {
    const problem =
      error instanceof TomlError
        ? { message: firstLine(error.message), line: error.line, column: error.column }
        : { message: firstLine((error as Error).message), line: null, column: null };
    return { path: file, state: 'invalid', value: null, problem, bom, crlf };
  }
}

// smol-toml's message is a headline and a code excerpt; the headline without its prefix is the problem.
function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/^Invalid TOML document:\s*/, '');
}

/** `path:line:column: message`, as Codex prints its own parse errors. */
export function describeProblem(file: string, problem: TomlProblem): string {
  return problem.line === null
    ? `${file}: ${problem.message}`
    : `${file}:${problem.line}:${problem.column ?? 1}: ${problem.message}`;
}
