// Where `peer-bridge run` gets its task: the words after the verb, a file (--task-file FILE) or
// stdin (`-`), so a long specification needs no shell quoting and no room on the command line.
// A file or stdin is read whole within a bound and decoded as text; the task's size is then
// checked by runBridge as for any other task.
import { open } from 'node:fs/promises';
import { isatty } from 'node:tty';
import { BridgeError } from '../bridge/errors.js';
import { promptLimit } from '../bridge/prompt.js';
import { UsageError } from './args.js';
import { decodeTaskText } from './task-text.js';

/**
 * The most a task file or stdin may hold. Far above what a prompt can carry (one command-line
 * argument, 128 KiB on Linux), so runBridge's own size check speaks for every real task; the
 * bound only keeps an endless stream (`yes | peer-bridge run advise -`) from filling memory.
 */
export const MAX_TASK_INPUT_BYTES = 16 * 1024 * 1024;

/** `-` as the only task word, or as the --task-file value, reads the task from stdin. */
export const STDIN = '-';

export interface TaskInput {
  /** The task words after the verb. */
  words: string[];
  /** The --task-file value, when given. */
  file: string | undefined;
}

/** The task of a run, from its words, its file or stdin; a usage error says what to give instead. */
export async function readTask(verb: string, input: TaskInput): Promise<string> {
  const { words, file } = input;
  if (file !== undefined && words.length > 0)
    throw new UsageError(
      'give the task either as words or with --task-file, not both ' +
        `(got --task-file and ${JSON.stringify(words.join(' '))})`,
    );
  if (file === '') throw new UsageError('--task-file needs a file name, or - to read the task from stdin');
  const fromStdin = file === STDIN || (words.length === 1 && words[0] === STDIN);
  if (file === undefined && !fromStdin) {
    const task = words.join(' ').trim();
    if (task === '')
      throw new UsageError(
        `peer-bridge run ${verb} needs a task, e.g. peer-bridge run ${verb} "what to do", ` +
          `or --task-file FILE, or - to read it from stdin`,
      );
    return task;
  }
  const source = fromStdin ? 'the task read from stdin' : `the task file ${JSON.stringify(file)}`;
  const bytes = fromStdin ? await readStdin() : await readTaskFile(file!);
  if (bytes === null) throw tooLong(source);
  const task = decodeTaskText(bytes, source).trim();
  if (task === '')
    throw new UsageError(`${source} is empty; ${fromStdin ? 'pipe the task into it' : 'write the task into it'}`);
  return task;
}

async function readTaskFile(file: string): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw unreadable(file, error);
  }
  try {
    if ((await handle.stat()).isDirectory())
      throw new UsageError(`--task-file ${JSON.stringify(file)} is a directory; name the file that holds the task`);
    return await readBounded(handle.createReadStream({ autoClose: false }));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw unreadable(file, error);
  } finally {
    await handle.close();
  }
}

function unreadable(file: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'there is no such file'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'it is a directory; name the file that holds the task'
          : (error as Error).message;
  return new UsageError(`cannot read --task-file ${JSON.stringify(file)}: ${why}`);
}

async function readStdin(): Promise<Buffer | null> {
  // Someone at a terminal may not know the command now waits for them.
  if (isatty(0))
    process.stderr.write(
      'peer-bridge: reading the task from the terminal; end it with Ctrl-D (Windows: Ctrl-Z, Enter)\n',
    );
  const stdin = process.stdin;
  try {
    return await readBounded(stdin);
  } finally {
    // Whatever is left unread (past the bound) must not keep the process alive.
    stdin.destroy();
  }
}

// The whole stream, or null once it holds more than MAX_TASK_INPUT_BYTES.
async function readBounded(stream: AsyncIterable<Buffer>): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_TASK_INPUT_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

// Past the bound: the words of runBridge's size check, which a task this long would fail anyway.
function tooLong(source: string): BridgeError {
  const { limit, unit } = promptLimit();
  const bound = `${MAX_TASK_INPUT_BYTES / 1024 / 1024} MiB`;
  return new BridgeError(
    'invalid_arguments',
    `task is too long to hand to the peer: ${source} holds more than ${bound}, and its prompt is one ` +
      `command-line argument of at most ${limit} ${unit}; keep the task shorter and put the rest in a file ` +
      'in the workspace that the task names',
    { field: 'task' },
  );
}
