// The parser thread: tree-sitter runs here, never on the main thread, so a grammar that aborts
// (wasm out of memory on a huge file) or a parse that takes seconds cannot poison or stall the
// process's other calls. The host (host.ts) replaces this thread after any failure.
import { parentPort } from 'node:worker_threads';
import { FsError } from '../../errors.js';
import { cutSymbol, type SymbolJob } from './cut.js';
import { parserFor } from './grammars.js';

export interface JobMessage {
  id: number;
  job: SymbolJob;
}

export type ReplyMessage =
  | { id: number; ok: true; text: string; extra: Record<string, unknown> }
  /** `code` set: a tool-level answer (symbol missing…); unset: the parser broke. */
  | { id: number; ok: false; code?: string; message: string };

async function run({ id, job }: JobMessage): Promise<ReplyMessage> {
  try {
    const parser = await parserFor(job.language);
    try {
      const { text, extra } = cutSymbol(parser, job);
      return { id, ok: true, text, extra };
    } finally {
      parser.delete();
    }
  } catch (error) {
    // A grammar that fails to load (FS_IO_ERROR) says as much about this thread as a failed parse.
    if (error instanceof FsError && error.code !== 'FS_IO_ERROR')
      return { id, ok: false, code: error.code, message: error.message };
    return { id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (message: JobMessage) => {
  void run(message).then((reply) => parentPort?.postMessage(reply));
});
