// Windows over whole decoded text (named encodings, buffers): lines, counts, and truncation that
// keeps whole lines, or cuts a lone overlong first line without splitting a surrogate pair.
import { describe, expect, it } from 'vitest';
import { textWindow } from '../../src/fs/tools/read/text-window.js';

describe('textWindow', () => {
  it('counts lines with and without a final break, and answers empty past the end', () => {
    expect(textWindow('a\nb\nc', 2, 5, 100)).toEqual({ content: 'b\nc', lastLine: 3, totalLines: 3, truncated: false });
    expect(textWindow('a\nb\n', 3, 1, 100)).toEqual({ content: '', lastLine: 2, totalLines: 2, truncated: false });
    expect(textWindow('', 1, 1, 100)).toEqual({ content: '', lastLine: 0, totalLines: 0, truncated: false });
  });

  it('ends at the last whole line under the limit', () => {
    expect(textWindow('aaaa\nbbbb\ncccc\n', 1, 3, 12)).toEqual({
      content: 'aaaa\nbbbb\n',
      lastLine: 2,
      totalLines: 3,
      truncated: true,
    });
  });

  it('cuts an overlong first line, never inside a surrogate pair', () => {
    expect(textWindow('ab😀cd\nx\n', 1, 2, 3)).toEqual({ content: 'ab', lastLine: 1, totalLines: 2, truncated: true });
    expect(textWindow('ab😀cd\nx\n', 1, 2, 4)).toEqual({
      content: 'ab😀',
      lastLine: 1,
      totalLines: 2,
      truncated: true,
    });
  });
});
