// Keeps src/ readable side by side and in a review: no line over 120 columns in any file people
// write (src/generated/ aside). Prettier breaks code at 120 but leaves long strings, comments and
// template text alone; those are broken by hand (string pieces, message constants, template parts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handWrittenFiles, shown } from '../helpers/src-files.js';

const MAX_COLUMNS = 120;

/** The 1-based numbers of the lines of `text` longer than `max` columns (one column a code point). */
export function longLines(text: string, max = MAX_COLUMNS): number[] {
  return text.split(/\r?\n/).flatMap((line, index) => ([...line].length > max ? [index + 1] : []));
}

describe('line length in src/', () => {
  it('counts columns by code point and finds a line one column too long', () => {
    const fits = 'x'.repeat(119) + '→';
    expect(longLines(`${fits}\n${fits}y\nshort`)).toEqual([2]);
  });

  it(`has no line over ${MAX_COLUMNS} columns outside src/generated/`, () => {
    const files = handWrittenFiles();
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      longLines(readFileSync(file, 'utf8')).map((line) => `${shown(file)}:${line}`),
    );
    expect(found, `lines over ${MAX_COLUMNS} columns:\n${found.join('\n')}`).toEqual([]);
  });
});
