// Per-tool argument and result types for the typed `wb.call` and its convenience methods, mapped
// from the types generated out of schemas/fs-tools.schema.json (arguments) and
// schemas/fs-results.schema.json (success results); nothing here is retyped by hand.
import type {
  DeleteRangeResult,
  DeleteSymbolResult,
  EditFileResult,
  MoveFileResult,
  MultiEditResult,
  NotebookEditResult,
  ReadFileResult,
  TodoWriteResult,
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

/** Each tool's success result, by tool name. */
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

export type FsToolName = keyof FsToolArgs;

/** What `wb.call(name, …)` resolves to for a known tool: its success shape, or a failure. */
export type FsToolResult<N extends FsToolName> = FsToolSuccesses[N] | ToolFailure;
