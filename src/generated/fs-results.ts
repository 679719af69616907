// Generated from schemas/fs-results.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * What read_file returns on success: ReadFileDiskResult for the file on disk, ReadFileBufferResult for the editor's buffer (target: "buffer").
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "read_file".
 */
export type ReadFileResult = ReadFileDiskResult | ReadFileBufferResult;
/**
 * What write_file returns on success: WriteFileDiskResult for the file on disk, WriteFileBufferResult for the editor's buffer (target: "buffer").
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "write_file".
 */
export type WriteFileResult = WriteFileDiskResult | WriteFileBufferResult;
/**
 * What edit_file returns on success: EditFileDiskResult for the file on disk, EditFileBufferResult for the editor's buffer (target: "buffer").
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "edit_file".
 */
export type EditFileResult = EditFileDiskResult | EditFileBufferResult;
/**
 * What multi_edit returns on success: MultiEditDiskResult for the file on disk, MultiEditBufferResult for the editor's buffer (target: "buffer").
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "multi_edit".
 */
export type MultiEditResult = MultiEditDiskResult | MultiEditBufferResult;
/**
 * What notebook_edit returns on success: NotebookEditDiskResult for the file on disk, NotebookEditBufferResult for the editor's buffer (target: "buffer").
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "notebook_edit".
 */
export type NotebookEditResult = NotebookEditDiskResult | NotebookEditBufferResult;
/**
 * What delete_range returns on success: DeleteRangeDiskResult for the file on disk, DeleteRangeBufferResult for the editor's buffer (target: "buffer").
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "delete_range".
 */
export type DeleteRangeResult = DeleteRangeDiskResult | DeleteRangeBufferResult;
/**
 * What delete_symbol returns on success: DeleteSymbolDiskResult for the file on disk, DeleteSymbolBufferResult for the editor's buffer (target: "buffer").
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "delete_symbol".
 */
export type DeleteSymbolResult = DeleteSymbolDiskResult | DeleteSymbolBufferResult;

/**
 * Success results of the peer-bridge file-safety tools (peer-bridge/fs), one per tool under $defs, as wb.call and the workbench MCP server return them. A failure is { ok: false, code, message } for every tool.
 */
export interface FsResults {
  [k: string]: unknown;
}
/**
 * What read_file returns on success for the file on disk (no target, or target: "disk"): always with a version token.
 */
export interface ReadFileDiskResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * The window's text as it is in the file (no line-number decoration).
   */
  content: string;
  /**
   * 1-based first line of the window.
   */
  start_line: number;
  /**
   * 1-based first character (UTF-16 code unit) of the first line that the window shows; present when the call's column was above 1.
   */
  start_column?: number;
  /**
   * Last line of the window (start_line - 1 when the window is empty).
   */
  end_line: number;
  /**
   * Lines in the whole file.
   */
  total_lines: number;
  /**
   * The file's text encoding (e.g. utf-8, utf-16le, utf-16be, or the encoding the call named).
   */
  encoding: string;
  /**
   * The file's line endings.
   */
  eol: 'lf' | 'crlf' | 'mixed' | 'none';
  /**
   * Whether the file starts with a byte order mark.
   */
  bom: boolean;
  /**
   * The window stopped early at a size limit (the library's 4 MiB, or over MCP the result's character budget): next_offset says where to continue.
   */
  truncated?: boolean;
  /**
   * The offset to continue from: the first line after this window, or, with next_column, the line the window stopped inside. Present when more of the file follows the window.
   */
  next_offset?: number;
  /**
   * Where to continue inside the line next_offset names (pass it as column): present when the window stopped inside a line too long for it.
   */
  next_column?: number;
  /**
   * An opaque version token of the file as read. Pass it as expected_version to change the file, in this session or another one.
   */
  version: string;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
}
/**
 * What read_file returns on success for the editor's unsaved buffer (target: "buffer"): text, not bytes, so no version token, encoding or byte order mark.
 */
export interface ReadFileBufferResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * The window's text as it is in the file (no line-number decoration).
   */
  content: string;
  /**
   * 1-based first line of the window.
   */
  start_line: number;
  /**
   * 1-based first character (UTF-16 code unit) of the first line that the window shows; present when the call's column was above 1.
   */
  start_column?: number;
  /**
   * Last line of the window (start_line - 1 when the window is empty).
   */
  end_line: number;
  /**
   * Lines in the whole file.
   */
  total_lines: number;
  /**
   * The file's line endings.
   */
  eol: 'lf' | 'crlf' | 'mixed' | 'none';
  /**
   * The window stopped early at a size limit (the library's 4 MiB, or over MCP the result's character budget): next_offset says where to continue.
   */
  truncated?: boolean;
  /**
   * The offset to continue from: the first line after this window, or, with next_column, the line the window stopped inside. Present when more of the file follows the window.
   */
  next_offset?: number;
  /**
   * Where to continue inside the line next_offset names (pass it as column): present when the window stopped inside a line too long for it.
   */
  next_column?: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
  /**
   * The call went to the editor's unsaved buffer for the path, not the file on disk.
   */
  target: 'buffer';
}
/**
 * What write_file returns on success for the file on disk (no target, or target: "disk"): always with a version token.
 */
export interface WriteFileDiskResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Whether the file was created (it did not exist).
   */
  created: boolean;
  /**
   * Bytes written.
   */
  bytes: number;
  /**
   * The encoding kept from the replaced file.
   */
  encoding?: string;
  /**
   * Whether the file keeps a byte order mark.
   */
  bom?: boolean;
  /**
   * Line endings of the written text.
   */
  eol?: 'lf' | 'crlf' | 'mixed' | 'none';
  /**
   * An opaque version token of the file as it is after this call. Pass it as expected_version to change the file later, in this session or another one.
   */
  version: string;
  /**
   * Other hard links of the file that kept the previous content (the path got a new file).
   */
  hard_links_split?: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
}
/**
 * What write_file returns on success for the editor's unsaved buffer (target: "buffer"): text, not bytes, so no version token, encoding or byte order mark.
 */
export interface WriteFileBufferResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Whether the file was created (it did not exist).
   */
  created: boolean;
  /**
   * Bytes written.
   */
  bytes: number;
  /**
   * Line endings of the written text.
   */
  eol?: 'lf' | 'crlf' | 'mixed' | 'none';
  /**
   * Things the caller should check.
   */
  warnings?: string[];
  /**
   * The call went to the editor's unsaved buffer for the path, not the file on disk.
   */
  target: 'buffer';
}
/**
 * What edit_file returns on success for the file on disk (no target, or target: "disk"): always with a version token.
 */
export interface EditFileDiskResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Occurrences replaced.
   */
  replacements: number;
  /**
   * An opaque version token of the file as it is after this call. Pass it as expected_version to change the file later, in this session or another one.
   */
  version: string;
  /**
   * Other hard links of the file that kept the previous content (the path got a new file).
   */
  hard_links_split?: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
}
/**
 * What edit_file returns on success for the editor's unsaved buffer (target: "buffer"): text, not bytes, so no version token, encoding or byte order mark.
 */
export interface EditFileBufferResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Occurrences replaced.
   */
  replacements: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
  /**
   * The call went to the editor's unsaved buffer for the path, not the file on disk.
   */
  target: 'buffer';
}
/**
 * What multi_edit returns on success for the file on disk (no target, or target: "disk"): always with a version token.
 */
export interface MultiEditDiskResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Occurrences replaced by all edits together.
   */
  replacements: number;
  /**
   * An opaque version token of the file as it is after this call. Pass it as expected_version to change the file later, in this session or another one.
   */
  version: string;
  /**
   * Other hard links of the file that kept the previous content (the path got a new file).
   */
  hard_links_split?: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
}
/**
 * What multi_edit returns on success for the editor's unsaved buffer (target: "buffer"): text, not bytes, so no version token, encoding or byte order mark.
 */
export interface MultiEditBufferResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Occurrences replaced by all edits together.
   */
  replacements: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
  /**
   * The call went to the editor's unsaved buffer for the path, not the file on disk.
   */
  target: 'buffer';
}
/**
 * What notebook_edit returns on success for the file on disk (no target, or target: "disk"): always with a version token.
 */
export interface NotebookEditDiskResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * What was done.
   */
  edit_mode: 'replace' | 'insert' | 'delete';
  /**
   * 0-based index of the cell (for delete: where it was).
   */
  cell_index: number;
  /**
   * The cell's id (cell-N for cells without ids).
   */
  cell_id?: string;
  /**
   * The cell's type after the edit (code, markdown, or what the notebook has, e.g. raw).
   */
  cell_type?: string;
  /**
   * Cells in the notebook after the edit.
   */
  total_cells: number;
  /**
   * An opaque version token of the file as it is after this call. Pass it as expected_version to change the file later, in this session or another one.
   */
  version: string;
  /**
   * Other hard links of the file that kept the previous content (the path got a new file).
   */
  hard_links_split?: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
}
/**
 * What notebook_edit returns on success for the editor's unsaved buffer (target: "buffer"): text, not bytes, so no version token, encoding or byte order mark.
 */
export interface NotebookEditBufferResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * What was done.
   */
  edit_mode: 'replace' | 'insert' | 'delete';
  /**
   * 0-based index of the cell (for delete: where it was).
   */
  cell_index: number;
  /**
   * The cell's id (cell-N for cells without ids).
   */
  cell_id?: string;
  /**
   * The cell's type after the edit (code, markdown, or what the notebook has, e.g. raw).
   */
  cell_type?: string;
  /**
   * Cells in the notebook after the edit.
   */
  total_cells: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
  /**
   * The call went to the editor's unsaved buffer for the path, not the file on disk.
   */
  target: 'buffer';
}
/**
 * What delete_range returns on success for the file on disk (no target, or target: "disk"): always with a version token.
 */
export interface DeleteRangeDiskResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Lines deleted.
   */
  deleted_lines: number;
  /**
   * Lines in the file after the call.
   */
  total_lines: number;
  /**
   * An opaque version token of the file as it is after this call. Pass it as expected_version to change the file later, in this session or another one.
   */
  version: string;
  /**
   * Other hard links of the file that kept the previous content (the path got a new file).
   */
  hard_links_split?: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
}
/**
 * What delete_range returns on success for the editor's unsaved buffer (target: "buffer"): text, not bytes, so no version token, encoding or byte order mark.
 */
export interface DeleteRangeBufferResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Lines deleted.
   */
  deleted_lines: number;
  /**
   * Lines in the file after the call.
   */
  total_lines: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
  /**
   * The call went to the editor's unsaved buffer for the path, not the file on disk.
   */
  target: 'buffer';
}
/**
 * What delete_symbol returns on success for the file on disk (no target, or target: "disk"): always with a version token.
 */
export interface DeleteSymbolDiskResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * The symbol as given.
   */
  symbol: string;
  /**
   * The syntax node type of the definition (e.g. function_declaration).
   */
  kind: string;
  /**
   * First deleted line (1-based, in the file before the call).
   */
  start_line: number;
  /**
   * Last deleted line (in the file before the call).
   */
  end_line: number;
  /**
   * Lines deleted.
   */
  deleted_lines: number;
  /**
   * Lines in the file after the call.
   */
  total_lines: number;
  /**
   * An opaque version token of the file as it is after this call. Pass it as expected_version to change the file later, in this session or another one.
   */
  version: string;
  /**
   * Other hard links of the file that kept the previous content (the path got a new file).
   */
  hard_links_split?: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
}
/**
 * What delete_symbol returns on success for the editor's unsaved buffer (target: "buffer"): text, not bytes, so no version token, encoding or byte order mark.
 */
export interface DeleteSymbolBufferResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * The symbol as given.
   */
  symbol: string;
  /**
   * The syntax node type of the definition (e.g. function_declaration).
   */
  kind: string;
  /**
   * First deleted line (1-based, in the file before the call).
   */
  start_line: number;
  /**
   * Last deleted line (in the file before the call).
   */
  end_line: number;
  /**
   * Lines deleted.
   */
  deleted_lines: number;
  /**
   * Lines in the file after the call.
   */
  total_lines: number;
  /**
   * Things the caller should check.
   */
  warnings?: string[];
  /**
   * The call went to the editor's unsaved buffer for the path, not the file on disk.
   */
  target: 'buffer';
}
/**
 * What move_file returns on success; path is the new path.
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "move_file".
 */
export interface MoveFileResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The file, workspace-relative with / separators.
   */
  path: string;
  /**
   * Where the file was.
   */
  from: string;
  /**
   * An opaque version token of the file as it is after this call. Pass it as expected_version to change the file later, in this session or another one.
   */
  version: string;
}
/**
 * What todo_write returns on success: the stored list.
 *
 * This interface was referenced by `FsResults`'s JSON-Schema
 * via the `definition` "todo_write".
 */
export interface TodoWriteResult {
  /**
   * The call succeeded.
   */
  ok: true;
  /**
   * The session's list as stored now.
   */
  todos: TodoEntry[];
  /**
   * Items per status.
   */
  counts: {
    /**
     * Items pending.
     */
    pending: number;
    /**
     * Items in_progress.
     */
    in_progress: number;
    /**
     * Items completed.
     */
    completed: number;
  };
  /**
   * Ids new in this session.
   */
  added: string[];
  /**
   * Ids of the previous list that this one left out.
   */
  dropped: string[];
}
export interface TodoEntry {
  /**
   * The item's id.
   */
  id: string;
  /**
   * What is to be done.
   */
  content: string;
  /**
   * Where the item stands.
   */
  status: 'pending' | 'in_progress' | 'completed';
  /**
   * The id of the item this one is part of.
   */
  parent_id?: string;
}
