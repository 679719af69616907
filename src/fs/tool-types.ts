// Per-tool argument and result types for the typed `wb.call` and its convenience methods, mapped
// from the types generated out of schemas/fs-tools.schema.json (arguments) and
// schemas/fs-results.schema.json (success results); nothing here is retyped by hand. A call whose
// arguments say where it goes (the file on disk, or `target: "buffer"`) gets that route's result.
import type {
  DeleteRangeBufferResult,
  DeleteRangeDiskResult,
  DeleteRangeResult,
  DeleteSymbolBufferResult,
  DeleteSymbolDiskResult,
  DeleteSymbolResult,
  EditFileBufferResult,
  EditFileDiskResult,
  EditFileResult,
  MoveFileResult,
  MultiEditBufferResult,
  MultiEditDiskResult,
  MultiEditResult,
  NotebookEditBufferResult,
  NotebookEditDiskResult,
  NotebookEditResult,
  ReadFileBufferResult,
  ReadFileDiskResult,
  ReadFileResult,
  TodoWriteResult,
  WriteFileBufferResult,
  WriteFileDiskResult,
  WriteFileResult,
} from '../generated/fs-results.js';
import type {
  DeleteRangeArgs,
  DeleteSymbolArgs,
  EditFileArgs,
  MoveFileArgs,
  MultiEditArgs,
  NotebookEditArgs,
  ReadFileArgs,
  TodoWriteArgs,
  WriteFileArgs,
} from '../generated/fs-tools.js';
import type { ToolFailure } from './errors.js';

/** Each tool's arguments, by tool name. */
export interface FsToolArgs {
  read_file: ReadFileArgs;
  write_file: WriteFileArgs;
  edit_file: EditFileArgs;
  multi_edit: MultiEditArgs;
  notebook_edit: NotebookEditArgs;
  delete_range: DeleteRangeArgs;
  delete_symbol: DeleteSymbolArgs;
  move_file: MoveFileArgs;
  todo_write: TodoWriteArgs;
}

/** Each tool's success result, by tool name (for a text tool: the disk or the buffer result). */
export interface FsToolSuccesses {
  read_file: ReadFileResult;
  write_file: WriteFileResult;
  edit_file: EditFileResult;
  multi_edit: MultiEditResult;
  notebook_edit: NotebookEditResult;
  delete_range: DeleteRangeResult;
  delete_symbol: DeleteSymbolResult;
  move_file: MoveFileResult;
  todo_write: TodoWriteResult;
}

/** Each tool's success result for the file on disk (every one but todo_write carries `version`). */
export interface FsToolDiskSuccesses {
  read_file: ReadFileDiskResult;
  write_file: WriteFileDiskResult;
  edit_file: EditFileDiskResult;
  multi_edit: MultiEditDiskResult;
  notebook_edit: NotebookEditDiskResult;
  delete_range: DeleteRangeDiskResult;
  delete_symbol: DeleteSymbolDiskResult;
  move_file: MoveFileResult;
  todo_write: TodoWriteResult;
}

/** The success result of each tool that takes `target: "buffer"`, for the editor's buffer. */
export interface FsToolBufferSuccesses {
  read_file: ReadFileBufferResult;
  write_file: WriteFileBufferResult;
  edit_file: EditFileBufferResult;
  multi_edit: MultiEditBufferResult;
  notebook_edit: NotebookEditBufferResult;
  delete_range: DeleteRangeBufferResult;
  delete_symbol: DeleteSymbolBufferResult;
}

export type FsToolName = keyof FsToolArgs;
/** The tools that take `target` (the file on disk, or the editor's buffer). */
export type FsBufferToolName = keyof FsToolBufferSuccesses;

/** A tool's arguments when they go to the file on disk: no `target`, or `target: "disk"`. */
export type FsDiskArgs<N extends FsToolName> = N extends FsBufferToolName
  ? FsToolArgs[N] & { target?: 'disk' }
  : FsToolArgs[N];
/** A tool's arguments when they go to the editor's buffer: `target: "buffer"`. */
export type FsBufferArgs<N extends FsBufferToolName> = FsToolArgs[N] & { target: 'buffer' };

/** What `wb.call(name, …)` resolves to for a known tool: its success shape, or a failure. */
export type FsToolResult<N extends FsToolName> = FsToolSuccesses[N] | ToolFailure;
/** What a call that goes to the file on disk resolves to. */
export type FsToolDiskResult<N extends FsToolName> = FsToolDiskSuccesses[N] | ToolFailure;
/** What a call with `target: "buffer"` resolves to. */
export type FsToolBufferResult<N extends FsBufferToolName> = FsToolBufferSuccesses[N] | ToolFailure;
