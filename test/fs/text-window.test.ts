// Windows over whole decoded text (named encodings, buffers): lines, counts, and truncation that
// keeps whole lines, or cuts a lone overlong first line without splitting a surrogate pair.
import { describe, expect, it } from 'vitest';
import { textWindow } from '../../src/fs/tools/read/text-window.js';

describe('textWindow', () => {
  it('counts lines with and without a final break, and answers empty past the end', () => {
    expect(textWindow('a\nb\nc', 2, 5, 100)).toEqual({
      startColumn: 1,
      content: 'b\nc',
      lastLine: 3,
      totalLines: 3,
      truncated: false,
    });
    expect(textWindow('a\nb\n', 3, 1, 100)).toEqual({
      startColumn: 1,
      content: '',
      lastLine: 2,
      totalLines: 2,
      truncated: false,
    });
    expect(textWindow('', 1, 1, 100)).toEqual({
      startColumn: 1,
      content: '',
      lastLine: 0,
      totalLines: 0,
      truncated: false,
    });
  });

  it('ends at the last whole line under the limit', () => {
    expect(textWindow('aaaa\nbbbb\ncccc\n', 1, 3, 12)).toEqual({
      startColumn: 1,
      content: 'aaaa\nbbbb\n',
      lastLine: 2,
      totalLines: 3,
      truncated: true,
    });
  });

  it('cuts an overlong first line, never inside a surrogate pair', () => {
    expect(textWindow('ab😀cd\nx\n', 1, 2, 3)).toEqual({
      startColumn: 1,
      content: 'ab',
      lastLine: 1,
      totalLines: 2,
      truncated: true,
    });
    expect(textWindow('ab😀cd\nx\n', 1, 2, 4)).toEqual({
      startColumn: 1,
      content: 'ab😀',
      lastLine: 1,
      totalLines: 2,
      truncated: true,
    });
  });

  it('starts from a column of the first line and bounds the window from there', () => {
    expect(textWindow('abcdef\nxy\n', 1, 2, 4, 3)).toEqual({
      startColumn: 3,
      content: 'cdef',
      lastLine: 1,
      totalLines: 2,
      truncated: true,
    });
    // Never between the halves of a surrogate pair, never past the line break (nor its CR).
    expect(textWindow('a😀b\n', 1, 1, 100, 3).startColumn).toBe(2);
    expect(textWindow('ab\r\nc\n', 1, 2, 100, 9)).toMatchObject({ startColumn: 3, content: '\r\nc\n' });
  });
});
