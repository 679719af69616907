// notebook_edit: replace, insert or delete one cell of an observed Jupyter notebook, through the
// same observation check, locks and publication as every other edit. Only that cell's text changes.
import type { NotebookEditArgs } from '../../../generated/fs-tools.js';
import { resolveTarget, type ToolContext } from '../../context.js';
import { FsError } from '../../errors.js';
import type { ToolSuccess } from '../../mutate.js';
import { rewriteText } from '../../rewrite-text.js';
import { findTopLevelArray, insertItem, lineIndent, removeItem, replaceItem, type ArraySpan } from './json-splice.js';
import {
  newCellId,
  parseNotebook,
  serializeCell,
  toSource,
  usesCellIds,
  type CellType,
  type JsonStyle,
  type Notebook,
  type NotebookCell,
} from './notebook-json.js';

const SHOWN_IDS = 20;

/** Arguments a mode needs beyond the schema's, checked before the file is touched. */
function checkArgs(args: NotebookEditArgs, shown: string): void {
  const need = (field: keyof NotebookEditArgs) => {
    if (args[field] === undefined)
      throw new FsError('FS_INVALID_ARGUMENT', `${shown}: edit_mode "${args.edit_mode}" needs ${field}`);
  };
  if (args.edit_mode === 'replace') {
    need('cell_id');
    need('new_source');
  }
  if (args.edit_mode === 'delete') need('cell_id');
  if (args.edit_mode === 'insert') {
    need('new_source');
    need('cell_type');
  }
}

// A cell is named by its id; notebooks without ids (nbformat < 4.5) are addressed as `cell-N`
// (0-based), the name Claude Code's NotebookEdit uses for them.
function findCell(notebook: Notebook, cellId: string, shown: string): number {
  const found = notebook.cells.flatMap((cell, index) => (cell.id === cellId ? [index] : []));
  if (found.length > 1) {
    throw new FsError(
      'FS_AMBIGUOUS_MATCH',
      `${shown}: cell id "${cellId}" is used by ${found.length} cells (indexes ${found.join(', ')})`,
    );
  }
  if (found.length === 1) return found[0] as number;
  const positional = /^cell-(\d+)$/.exec(cellId);
  if (positional && Number(positional[1]) < notebook.cells.length) return Number(positional[1]);
  const ids = notebook.cells.map((cell, index) => cell.id ?? `cell-${index}`);
  const list = ids.slice(0, SHOWN_IDS).join(', ') + (ids.length > SHOWN_IDS ? ', …' : '');
  throw new FsError('FS_NO_MATCH', `${shown}: no cell with id "${cellId}"; cells: ${list || '(none)'}`);
}

function sourceIsString(notebook: Notebook, cell?: NotebookCell): boolean {
  const sample = cell ?? notebook.cells.find((c) => c.source !== undefined);
  return typeof sample?.source === 'string';
}

// A code cell's outputs and execution count describe its old source: they go when it changes.
function setCellType(cell: NotebookCell, type: CellType): void {
  if (type === 'code') {
    cell.execution_count = null;
    cell.outputs = [];
    delete cell.attachments; // only markdown and raw cells may carry attachments
  } else {
    delete cell.execution_count;
    delete cell.outputs;
  }
  cell.cell_type = type;
}

function newCell(notebook: Notebook, type: CellType, source: string): NotebookCell {
  // Keys in nbformat's (sorted) order.
  const cell: NotebookCell = { cell_type: type };
  if (type === 'code') cell.execution_count = null;
  if (usesCellIds(notebook)) cell.id = newCellId(notebook);
  cell.metadata = {};
  if (type === 'code') cell.outputs = [];
  cell.source = toSource(source, sourceIsString(notebook));
  return cell;
}

function applyEdit(notebook: Notebook, args: NotebookEditArgs, shown: string): { index: number; cell?: NotebookCell } {
  const { cells } = notebook;
  if (args.edit_mode === 'insert') {
    const index = args.cell_id === undefined ? 0 : findCell(notebook, args.cell_id, shown) + 1;
    const cell = newCell(notebook, args.cell_type as CellType, args.new_source as string);
    cells.splice(index, 0, cell);
    return { index, cell };
  }
  const index = findCell(notebook, args.cell_id as string, shown);
  if (args.edit_mode === 'delete') {
    cells.splice(index, 1);
    return { index };
  }
  const old = cells[index] as NotebookCell;
  const sorted = isSorted(Object.keys(old));
  const cell: NotebookCell = { ...old, source: toSource(args.new_source as string, sourceIsString(notebook, old)) };
  const type = args.cell_type ?? (cell.cell_type as CellType);
  if (type !== cell.cell_type || type === 'code') setCellType(cell, type);
  cells[index] = sorted ? sortKeys(cell) : cell;
  return { index, cell: cells[index] };
}

function isSorted(keys: string[]): boolean {
  return keys.every((key, i) => i === 0 || (keys[i - 1] as string) <= key);
}

// nbformat writes keys sorted; a cell that changes type keeps that order.
function sortKeys(cell: NotebookCell): NotebookCell {
  return Object.fromEntries(Object.entries(cell).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as NotebookCell;
}

// Only the edited cell's text changes; the rest of the file stays as written, character for character.
function spliceCells(
  text: string,
  span: ArraySpan,
  edit: { index: number; cell?: NotebookCell },
  mode: NotebookEditArgs['edit_mode'],
  style: JsonStyle,
  eol: string,
): string {
  if (mode === 'delete') return removeItem(text, span, edit.index);
  const closeIndent = lineIndent(text, span.open);
  const first = span.items[0];
  const itemIndent = first ? lineIndent(text, first.start) : style.indent ? closeIndent + style.indent : undefined;
  const item = serializeCell(edit.cell as NotebookCell, style, itemIndent ?? '', eol);
  if (mode === 'replace') return replaceItem(text, span, edit.index, item);
  return insertItem(text, span, edit.index, item, {
    closeIndent,
    eol,
    ...(itemIndent === undefined ? {} : { itemIndent }),
  });
}

export function notebookEditTool(ctx: ToolContext, args: NotebookEditArgs): Promise<ToolSuccess> {
  const target = resolveTarget(ctx, args.path);
  checkArgs(args, target.shown);
  return rewriteText(ctx, target, args, (text, format) => {
    const { notebook, style } = parseNotebook(text, target.shown);
    const span = findTopLevelArray(text, 'cells');
    if (span?.items.length !== notebook.cells.length)
      throw new FsError('FS_ENCODING', `${target.shown}: not a notebook: no top-level "cells" array found`);
    const edit = applyEdit(notebook, args, target.shown);
    const out = spliceCells(text, span, edit, args.edit_mode, style, format.eol === 'crlf' ? '\r\n' : '\n');
    const { index, cell } = edit;
    return {
      text: out,
      extra: {
        edit_mode: args.edit_mode,
        cell_index: index,
        ...(cell ? { cell_id: cell.id ?? `cell-${index}`, cell_type: cell.cell_type } : { cell_id: args.cell_id }),
        total_cells: notebook.cells.length,
      },
    };
  });
}
