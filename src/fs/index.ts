/**
 * peer-bridge/fs: observation-checked file tools that never silently lose an update.
 *
 * `openWorkbench({ workspace })` opens one session; `await wb.call(tool, args)` runs `read_file`,
 * `write_file`, `edit_file`, `multi_edit`, `notebook_edit`, `delete_range`, `delete_symbol` or
 * `move_file` with snake_case arguments
 * (or `todo_write`, the session's todo list) and resolves to `{ ok: true, … }` or
 * `{ ok: false, code, message }`; with a literal tool name both are typed per tool, as are the
 * shorthands (`wb.readFile(…)`, `wb.editFile(…)`, …). `read_file` and every change return a
 * `version` token that `expected_version` accepts in any session. Files in encodings other than
 * UTF-8/UTF-16 need an `encoding` argument; `openWorkbench({ workspace, buffers })` adds an
 * editor's unsaved buffers as a second route (`target: "buffer"`) with its own observations.
 */
export { openWorkbench, toolNames, Workbench, type ToolResult, type WorkbenchOptions } from './workbench.js';
export { FsError, type FsErrorCode, type ToolFailure } from './errors.js';
export { lockDirInfo, readLockDirOwner, type LockDirInfo, type LockDirOwner } from './lock-dir.js';
export type { FsOps, PublishHooks, PublishStep } from './fs-ops.js';
export type { ToolSuccess } from './mutate.js';
export type { BufferProvider, BufferSnapshot } from './buffer-provider.js';
export type { Eol, TextEncoding } from './text-codec.js';
export { fsToolsSchema } from './tool-schemas.js';
export type {
  FsBufferArgs,
  FsBufferToolName,
  FsDiskArgs,
  FsToolArgs,
  FsToolBufferResult,
  FsToolBufferSuccesses,
  FsToolDiskResult,
  FsToolDiskSuccesses,
  FsToolName,
  FsToolResult,
  FsToolSuccesses,
} from './tool-types.js';
export type {
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
  TodoEntry,
  TodoWriteResult,
  WriteFileBufferResult,
  WriteFileDiskResult,
  WriteFileResult,
} from '../generated/fs-results.js';
export type {
  DeleteRangeArgs,
  DeleteSymbolArgs,
  EditFileArgs,
  MoveFileArgs,
  MultiEditArgs,
  MultiEditItem,
  NotebookEditArgs,
  ReadFileArgs,
  TodoItem,
  TodoWriteArgs,
  WriteFileArgs,
} from '../generated/fs-tools.js';
