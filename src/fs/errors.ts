// Tool-level failures carry one stable code; the workbench turns them into `{ ok: false, code, message }`.
import { CodedError } from '../errors.js';

/**
 * Every code a tool call can fail with. `FS_IO_ERROR` covers system errors no other code names
 * (EACCES, EIO…); `FS_LOCK_TIMEOUT` says another process held the file's lock too long (retry);
 * `FS_FILE_TOO_LARGE` says the file or the result is past a limit the message names;
 * `FS_BINARY` says the file holds bytes no text has (NUL), so no text tool reads or edits it.
 */
export type FsErrorCode =
  | 'FS_NOT_OBSERVED'
  | 'FS_STALE_VERSION'
  | 'FS_EXISTS'
  | 'FS_NOT_FOUND'
  | 'FS_OUTSIDE_WORKSPACE'
  | 'FS_NO_MATCH'
  | 'FS_AMBIGUOUS_MATCH'
  | 'FS_ENCODING'
  | 'FS_CROSS_DEVICE'
  | 'FS_IS_DIRECTORY'
  | 'FS_INVALID_ARGUMENT'
  | 'FS_SYMBOL_NOT_FOUND'
  | 'FS_IO_ERROR'
  | 'FS_LOCK_TIMEOUT'
  | 'FS_FILE_TOO_LARGE'
  | 'FS_BINARY';

/** A failed tool call, as `wb.call` returns it. */
export interface ToolFailure {
  ok: false;
  code: FsErrorCode;
  message: string;
}

export class FsError extends CodedError<FsErrorCode> {
  toResult(): ToolFailure {
    return { ok: false, code: this.code, message: this.message };
  }
}

/** The errno code of a system error, or undefined. */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

// System errors that reach a tool boundary unexpectedly still become a result, never a throw.
export function toFailure(error: unknown, shownPath: string): ToolFailure {
  if (error instanceof FsError) return error.toResult();
  const errno = errnoOf(error);
  const text = error instanceof Error ? error.message : String(error);
  switch (errno) {
    case 'ENOENT':
    case 'ENOTDIR':
      return { ok: false, code: 'FS_NOT_FOUND', message: `${shownPath}: not found (${errno})` };
    case 'EISDIR':
      return { ok: false, code: 'FS_IS_DIRECTORY', message: `${shownPath}: is a directory` };
    case 'EXDEV':
      return { ok: false, code: 'FS_CROSS_DEVICE', message: `${shownPath}: crosses filesystems (${text})` };
    default:
      return { ok: false, code: 'FS_IO_ERROR', message: `${shownPath}: ${text}` };
  }
}
