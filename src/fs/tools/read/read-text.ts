// read_file's two routes that decode the text whole before windowing it: a file in an encoding the
// caller names (only a whole decode can prove every byte is valid in it), and an editor buffer
// (which is text already). The streamed UTF-8/UTF-16 route is read-file.ts.
import { readBuffer } from '../../buffers.js';
import type { ToolContext } from '../../context.js';
import { FsError } from '../../errors.js';
import { readWhole } from '../../file-handle.js';
import { MAX_TEXT_BYTES, statQuiet, type ToolSuccess } from '../../mutate.js';
import { decodeText, detectEol } from '../../text-codec.js';
import { nextOffset, textWindow } from './text-window.js';
import type { ResolvedPath } from '../../workspace-paths.js';

/** The window read_file asks for, its defaults applied (the streamed route's byte limit counts characters here). */
export interface WholeWindow {
  start: number;
  limit: number;
  maxChars: number;
  /** 1-based column of the first line where the window starts. */
  column: number;
}

function windowOf(text: string, request: WholeWindow) {
  const window = textWindow(text, request.start, request.limit, request.maxChars, request.column);
  return {
    content: window.content,
    start_line: request.start,
    ...(window.startColumn > 1 ? { start_column: window.startColumn } : {}),
    end_line: window.lastLine,
    total_lines: window.totalLines,
    ...(window.truncated ? { truncated: true } : {}),
    ...nextOffset(window.lastLine, window.totalLines),
  };
}

/**
 * A window of a file decoded whole, in the named encoding or (none named) as UTF-8/UTF-16 (a window
 * from a column: the streamed route counts its bound from the line's start); observes the file
 * only when every byte is valid in it.
 */
export async function readNamedWindow(
  ctx: ToolContext,
  target: ResolvedPath,
  request: WholeWindow,
  encoding: string | undefined,
): Promise<ToolSuccess> {
  const stat = await statQuiet(target.abs);
  if (stat?.kind === 'file' && stat.size > MAX_TEXT_BYTES) {
    throw new FsError(
      'FS_FILE_TOO_LARGE',
      `${target.shown}: is ${stat.size} bytes, more than a text decoded whole can hold (${MAX_TEXT_BYTES})`,
    );
  }
  const whole = await readWhole(target.abs, target.shown);
  if (!whole) {
    ctx.store.absent(target.abs);
    throw new FsError('FS_NOT_FOUND', `${target.shown}: does not exist (recorded as absent: write_file may create it)`);
  }
  const { text, format } = decodeText(whole.bytes, target.shown, encoding);
  ctx.store.present(target.abs, whole.version);
  return {
    ok: true,
    path: target.shown,
    ...windowOf(text, request),
    encoding: format.encoding,
    eol: format.eol,
    bom: format.bom,
    version: ctx.tokens.issue(target, whole.version),
  };
}

/** A window of the editor's buffer for the path; observes the buffer, never the disk file. */
export async function readBufferWindow(
  ctx: ToolContext,
  target: ResolvedPath,
  request: WholeWindow,
): Promise<ToolSuccess> {
  const { text } = await readBuffer(ctx, target);
  return { ok: true, path: target.shown, target: 'buffer', ...windowOf(text, request), eol: detectEol(text) };
}
