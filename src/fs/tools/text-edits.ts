// Exact-text replacement shared by edit_file and multi_edit. Text an edit brings in follows the
// file's line endings, so a CRLF file stays CRLF, also in inserted lines.
import { constants } from 'node:buffer';
import { FsError } from '../errors.js';
import { conformEol, type Eol } from '../text-codec.js';

export interface TextEdit {
  old_string: string;
  new_string: string;
  replace_all?: boolean;
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

// Another match overlapping the one at `at`: it can only start inside that match (a later one
// would be in `occurrences`), so only the window up to one needle past it is searched, not the
// rest of the file. Its position, or -1.
function overlapAfter(text: string, needle: string, at: number): number {
  const window = text.slice(at + 1, at + 2 * needle.length - 1);
  const found = window.indexOf(needle);
  return found === -1 ? -1 : at + 1 + found;
}

// The text with each found occurrence replaced: the pieces between them, joined once.
function replaceAt(text: string, found: number[], oldLength: number, newText: string): string {
  const pieces: string[] = [];
  let from = 0;
  for (const at of found) {
    pieces.push(text.slice(from, at), newText);
    from = at + oldLength;
  }
  pieces.push(text.slice(from));
  return pieces.join('');
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** Applies edits in order; any failure fails them all. Returns the new text and replacement count. */
export function applyEdits(
  text: string,
  edits: TextEdit[],
  eol: Eol,
  shown: string,
): { text: string; replacements: number } {
  let replacements = 0;
  edits.forEach((edit, index) => {
    const label = edits.length > 1 ? `${shown}: edit ${index + 1} of ${edits.length}` : shown;
    const oldText = conformEol(edit.old_string, eol);
    const newText = conformEol(edit.new_string, eol);
    if (oldText.length === 0) throw new FsError('FS_INVALID_ARGUMENT', `${label}: old_string is empty`);
    if (oldText === newText)
      throw new FsError('FS_INVALID_ARGUMENT', `${label}: old_string and new_string are the same`);
    const found = occurrences(text, oldText);
    if (found.length === 0) throw new FsError('FS_NO_MATCH', `${label}: old_string not found`);
    // Unique means no second match at all, overlapping ones included: in "end\nend\nend" the
    // text "end\nend" is at two places, though the search past the first finds no other.
    const overlap = found.length === 1 && !edit.replace_all ? overlapAfter(text, oldText, found[0] as number) : -1;
    if ((found.length > 1 || overlap !== -1) && !edit.replace_all) {
      const places = overlap === -1 ? found : [found[0] as number, overlap];
      const lines = places.slice(0, 10).map((at) => lineOf(text, at));
      throw new FsError(
        'FS_AMBIGUOUS_MATCH',
        `${label}: old_string occurs ${places.length} times${overlap === -1 ? '' : ', overlapping'} ` +
          `(lines ${lines.join(', ')}${places.length > 10 ? ', …' : ''}); add context or set replace_all`,
      );
    }
    const length = text.length + found.length * (newText.length - oldText.length);
    if (length > constants.MAX_STRING_LENGTH) {
      throw new FsError(
        'FS_FILE_TOO_LARGE',
        `${label}: the result would be ${length} characters, ` +
          `more than the longest text an edit can hold (${constants.MAX_STRING_LENGTH}); nothing was changed; ` +
          'use fewer replacements or a shorter new_string',
      );
    }
    text = replaceAt(text, found, oldText.length, newText);
    replacements += found.length;
  });
  return { text, replacements };
}
