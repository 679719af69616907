// Generated from schemas/fs-tools.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * Argument shapes of the peer-bridge file-safety tools (peer-bridge/fs), one per tool under $defs. Paths are workspace-relative, or absolute inside the workspace. Each shape is self-contained (no $ref), so it can be served as a tool inputSchema as it is.
 */
export interface FsTools {
  [k: string]: unknown;
}
/**
 * Read a window of lines; observes the file's current version (or records its absence). When more follows the window, the result's next_offset (and next_column, inside a long line) say where to read on.
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "read_file".
 */
export interface ReadFileArgs {
  /**
   * The file to read.
   */
  path: string;
  /**
   * The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). Decoded strictly: bytes that are not valid in it are refused.
   */
  encoding?: string;
  /**
   * disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.
   */
  target?: 'disk' | 'buffer';
  /**
   * 1-based first line of the window (default 1).
   */
  offset?: number;
  /**
   * 1-based first character (UTF-16 code unit) of the window's first line (default 1): with offset, where a result's next_offset and next_column say to go on inside a line too long for one window.
   */
  column?: number;
  /**
   * Most lines in the window (default 2000); a window may end sooner at a size limit (then truncated is true).
   */
  limit?: number;
}
/**
 * Replace an observed file's whole content, or create a file that does not exist (never overwrites an unobserved file).
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "write_file".
 */
export interface WriteFileArgs {
  /**
   * The file to write.
   */
  path: string;
  /**
   * The encoding to write the content in, e.g. latin1, windows-1252, shift_jis, gbk, utf-8; needed to replace a file that is neither UTF-8 nor UTF-16 with a byte order mark. Default: the replaced file's own encoding, UTF-8 for a new file. Content it cannot represent is refused with FS_ENCODING.
   */
  encoding?: string;
  /**
   * disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.
   */
  target?: 'disk' | 'buffer';
  /**
   * The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.
   */
  expected_version?: string;
  /**
   * The complete new text of the file.
   */
  content: string;
}
/**
 * Replace an exact text in an observed file.
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "edit_file".
 */
export interface EditFileArgs {
  /**
   * The file to edit.
   */
  path: string;
  /**
   * The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.
   */
  encoding?: string;
  /**
   * disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.
   */
  target?: 'disk' | 'buffer';
  /**
   * The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.
   */
  expected_version?: string;
  /**
   * The exact text to replace; must occur once unless replace_all.
   */
  old_string: string;
  /**
   * The replacement text.
   */
  new_string: string;
  /**
   * Replace every occurrence (default false).
   */
  replace_all?: boolean;
}
/**
 * Apply several exact replacements to one observed file, in order; all or nothing.
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "multi_edit".
 */
export interface MultiEditArgs {
  /**
   * The file to edit.
   */
  path: string;
  /**
   * The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.
   */
  encoding?: string;
  /**
   * disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.
   */
  target?: 'disk' | 'buffer';
  /**
   * The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.
   */
  expected_version?: string;
  /**
   * Replacements applied one after another to the result of the previous one.
   *
   * @minItems 1
   */
  edits: [MultiEditItem, ...MultiEditItem[]];
}
export interface MultiEditItem {
  /**
   * The exact text to replace.
   */
  old_string: string;
  /**
   * The replacement text.
   */
  new_string: string;
  /**
   * Replace every occurrence (default false).
   */
  replace_all?: boolean;
}
/**
 * Replace, insert or delete one cell of an observed Jupyter notebook (.ipynb). Replacing a code cell's source clears its outputs and execution_count. The file's JSON layout (indentation, key order, final newline) is kept.
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "notebook_edit".
 */
export interface NotebookEditArgs {
  /**
   * The notebook to edit.
   */
  path: string;
  /**
   * The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.
   */
  encoding?: string;
  /**
   * disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.
   */
  target?: 'disk' | 'buffer';
  /**
   * The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.
   */
  expected_version?: string;
  /**
   * The cell's id (cells without ids: cell-N, 0-based). Required for replace and delete; for insert, the new cell goes after this cell, or first when absent.
   */
  cell_id?: string;
  /**
   * The cell's new source text (replace, insert).
   */
  new_source?: string;
  /**
   * The cell's type: required for insert; for replace, changes the type when given.
   */
  cell_type?: 'code' | 'markdown';
  /**
   * What to do with the cell.
   */
  edit_mode: 'replace' | 'insert' | 'delete';
}
/**
 * Delete whole lines start_line..end_line (1-based, inclusive) of an observed file.
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "delete_range".
 */
export interface DeleteRangeArgs {
  /**
   * The file to edit.
   */
  path: string;
  /**
   * The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.
   */
  encoding?: string;
  /**
   * disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.
   */
  target?: 'disk' | 'buffer';
  /**
   * The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.
   */
  expected_version?: string;
  /**
   * First line to delete (1-based).
   */
  start_line: number;
  /**
   * Last line to delete (inclusive).
   */
  end_line: number;
}
/**
 * Delete one definition (function, class, method, interface, type, enum; with its decorators or attributes and the comments directly above it) from an observed TypeScript, JavaScript, Python, Go, Rust or Java file.
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "delete_symbol".
 */
export interface DeleteSymbolArgs {
  /**
   * The source file to edit.
   */
  path: string;
  /**
   * The file's encoding when it is neither UTF-8 nor UTF-16 with a byte order mark, e.g. latin1, windows-1252, shift_jis, gbk (such a file is refused with FS_ENCODING until its encoding is named). The file is written back in it byte for byte; new text it cannot represent is refused with FS_ENCODING.
   */
  encoding?: string;
  /**
   * disk (default): the file on disk; buffer: the editor's unsaved buffer for this path, when the workbench has one. Each has its own observations: reading one never permits changing the other.
   */
  target?: 'disk' | 'buffer';
  /**
   * The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.
   */
  expected_version?: string;
  /**
   * A top-level name (e.g. parse), or Outer.name for a member (e.g. Parser.reset; Go methods as Type.Method; Rust methods of any impl block of the type).
   */
  symbol: string;
}
/**
 * Move an observed file to a path that does not exist (never replaces).
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "move_file".
 */
export interface MoveFileArgs {
  /**
   * The file to move.
   */
  path: string;
  /**
   * The version token (`version`) that read_file or an earlier change of this file returned, in any session or process. The change goes ahead only if the file is still at that version (the token then counts as having read it); otherwise FS_STALE_VERSION. A token of another file or workspace, or one not issued by peer-bridge, is refused.
   */
  expected_version?: string;
  /**
   * Where it goes; must not exist.
   */
  new_path: string;
}
/**
 * Replace this session's todo list with the whole list given. Ids are stable: an id names one item for the whole session (to reword an item, give it a new id); a dropped id can only come back as the same item. Every parent_id names an item of the list, without cycles. Status changes only when you set it (nothing is completed or reopened for you).
 *
 * This interface was referenced by `FsTools`'s JSON-Schema
 * via the `definition` "todo_write".
 */
export interface TodoWriteArgs {
  /**
   * The complete list, in order.
   *
   * @maxItems 500
   */
  todos: TodoItem[];
}
export interface TodoItem {
  /**
   * The item's id, unique in the list and stable across calls.
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
