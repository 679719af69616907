// Reading a Jupyter notebook and writing cells in the file's own style: its indentation (nbformat
// writes 1 space), key order and ASCII escaping.
import { randomBytes } from 'node:crypto';
import { FsError } from '../../errors.js';
import { duplicateTopLevelKeys } from './json-splice.js';

export type CellType = 'code' | 'markdown';

export interface NotebookCell {
  cell_type: string;
  id?: string;
  source?: string | string[];
  [key: string]: unknown;
}

export interface Notebook {
  cells: NotebookCell[];
  nbformat?: number;
  nbformat_minor?: number;
  [key: string]: unknown;
}

/** How the file was written, so that new text matches what is around it. */
export interface JsonStyle {
  indent: string;
  /** Non-ASCII characters were written as \u escapes (Python's ensure_ascii=True). */
  asciiOnly: boolean;
}

/**
 * Parses notebook text; anything that is not a notebook → FS_ENCODING (the file's format, not the
 * arguments, is wrong).
 */
export function parseNotebook(text: string, shown: string): { notebook: Notebook; style: JsonStyle } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new FsError(
      'FS_ENCODING',
      `${shown}: not a notebook: invalid JSON (${(error as Error).message}); refusing to edit it`,
      { cause: error },
    );
  }
  const cells = (data as { cells?: unknown } | null)?.cells;
  if (Array.isArray((data as { worksheets?: unknown } | null)?.worksheets)) {
    throw new FsError(
      'FS_ENCODING',
      `${shown}: an nbformat 3 notebook (worksheets), which notebook_edit does not edit; ` +
        'convert it with `jupyter nbconvert --to notebook` first',
    );
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || !Array.isArray(cells)) {
    throw new FsError('FS_ENCODING', `${shown}: not a notebook: the JSON has no "cells" array; refusing to edit it`);
  }
  // JSON.parse keeps the last of two equal keys; an edit of the text would change the other one,
  // which no reader ever sees, and report success.
  const duplicates = duplicateTopLevelKeys(text);
  if (duplicates.length > 0) {
    throw new FsError(
      'FS_ENCODING',
      `${shown}: not a valid notebook: ` +
        `the top-level key(s) ${duplicates.map((k) => JSON.stringify(k)).join(', ')} appear more than once; ` +
        'readers keep only the last, so an edit could change the copy nobody sees; remove the duplicate first',
    );
  }
  cells.forEach((cell: unknown, index) => {
    if (typeof cell !== 'object' || cell === null || typeof (cell as NotebookCell).cell_type !== 'string') {
      throw new FsError('FS_ENCODING', `${shown}: not a notebook: cell ${index} has no cell_type; refusing to edit it`);
    }
  });
  return { notebook: data as Notebook, style: styleOf(text) };
}

function styleOf(text: string): JsonStyle {
  const indent = /^\{\r?\n([ \t]+)"/.exec(text.trimStart())?.[1] ?? '';
  const asciiOnly = /\\u[0-9a-fA-F]{4}/.test(text) && !/[^\u0000-\u007f]/.test(text);
  return { indent, asciiOnly };
}

/** One cell as JSON text in the file's style, its lines indented to sit at `itemIndent`. */
export function serializeCell(cell: NotebookCell, style: JsonStyle, itemIndent: string, eol: string): string {
  let text: string;
  try {
    text = JSON.stringify(cell, null, style.indent);
  } catch (error) {
    // JSON.stringify recurses: a cell nested thousands of levels deep overflows the stack.
    if (error instanceof RangeError)
      throw new FsError(
        'FS_ENCODING',
        `the cell is nested too deeply to write back (${error.message}); edit this notebook with a command`,
        { cause: error },
      );
    throw error;
  }
  if (style.asciiOnly)
    text = text.replace(/[^\u0000-\u007f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return text.split('\n').join(eol + itemIndent);
}

/** Source text as nbformat stores it: a list of lines, each keeping its "\n" (or a string, if the cell used one). */
export function toSource(text: string, asString: boolean): string | string[] {
  if (asString) return text;
  return text.length === 0 ? [] : text.split(/(?<=\n)/);
}

/** Cell ids exist from nbformat 4.5 on. */
export function usesCellIds(notebook: Notebook): boolean {
  const major = notebook.nbformat ?? 0;
  return major > 4 || (major === 4 && (notebook.nbformat_minor ?? 0) >= 5);
}

/** A fresh id in nbformat's style (8 hex digits), unique in this notebook. */
export function newCellId(notebook: Notebook): string {
  const taken = new Set(notebook.cells.map((cell) => cell.id));
  for (;;) {
    const id = randomBytes(4).toString('hex');
    if (!taken.has(id)) return id;
  }
}
