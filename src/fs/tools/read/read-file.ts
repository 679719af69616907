// read_file: one line window, and the whole file's version observed from the same handle.
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { NativeStat } from '../../../native/index.js';
import type { ReadFileArgs } from '../../../generated/fs-tools.js';
import { resolveTarget, type ToolContext } from '../../context.js';
import { FsError } from '../../errors.js';
import { asyncIo } from '../../file-io.js';
import { readConsistently } from '../../open-regular.js';
import type { ToolSuccess } from '../../mutate.js';
import { checkRoute } from '../../rewrite-text.js';
import { runAsync, step } from '../../steps.js';
import { badUtf16Error, binaryError, notUtf8Error, type TextEncoding } from '../../text-codec.js';
import { versionOf } from '../../version.js';
import { continuation, type WindowFields } from './line-column.js';
import { nextOffset } from './text-window.js';
import { scanWindow, type WindowScan } from './window-scan.js';
import { readBufferWindow, readNamedWindow } from './read-text.js';

export const DEFAULT_LINE_LIMIT = 2000;
export const MAX_WINDOW_BYTES = 4 * 1024 * 1024;

export async function readFileTool(ctx: ToolContext, args: ReadFileArgs): Promise<ToolSuccess> {
  return continuation((await readWindow(ctx, args)) as ToolSuccess & WindowFields);
}

async function readWindow(ctx: ToolContext, args: ReadFileArgs): Promise<ToolSuccess> {
  const target = resolveTarget(ctx, args.path);
  checkRoute(args);
  const column = args.column ?? 1;
  const start = args.offset ?? 1;
  const limit = args.limit ?? DEFAULT_LINE_LIMIT;
  const whole = { start, limit, maxChars: MAX_WINDOW_BYTES, column };
  if (args.target === 'buffer') return readBufferWindow(ctx, target, whole);
  await ctx.sweep(path.dirname(target.abs));
  // A window from a column is cut from the decoded text: the streamed scan bounds from a line's start.
  if (args.encoding !== undefined || column > 1) return readNamedWindow(ctx, target, whole, args.encoding);
  const request = { start, end: start + limit - 1, maxBytes: MAX_WINDOW_BYTES };
  const scanned = (handle: FileHandle) => step(() => scanWindow(handle, request));
  // Changed while being read by a writer that ignores the lock (or read short): read it again.
  const complete = (scan: WindowScan, after: NativeStat) => scan.bytesRead === after.size;
  const read = await runAsync(readConsistently(asyncIo, target.abs, target.shown, scanned, complete));
  if (!read) {
    ctx.store.absent(target.abs);
    throw new FsError('FS_NOT_FOUND', `${target.shown}: does not exist (recorded as absent: write_file may create it)`);
  }
  const { value: scan, stat } = read;
  // Refused before it is observed: what the caller would see is not what the file holds.
  if (scan.nul) throw binaryError(target.shown);
  if (scan.encoding === 'binary')
    throw scan.announced === 'utf-8' ? notUtf8Error(target.shown) : badUtf16Error(target.shown, scan.announced);
  const version = versionOf(stat, scan.digest);
  ctx.store.present(target.abs, version);
  return {
    ok: true,
    path: target.shown,
    content: decodeWindow(scan.windowBytes, scan.encoding),
    start_line: start,
    end_line: scan.lastLine,
    total_lines: scan.totalLines,
    encoding: scan.encoding,
    eol: scan.eol,
    bom: scan.bom,
    ...(scan.truncated ? { truncated: true } : {}),
    ...nextOffset(scan.lastLine, scan.totalLines),
    version: ctx.tokens.issue(target, version),
  };
}

function decodeWindow(bytes: Buffer, encoding: TextEncoding): string {
  if (encoding === 'utf-16le') return bytes.toString('utf16le');
  if (encoding === 'utf-16be') return Buffer.from(bytes).swap16().toString('utf16le');
  return bytes.toString('utf8');
}
