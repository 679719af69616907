// The splice behind notebook_edit, against an independent statement of what it must do: on a
// document written by JSON.stringify with some indent, replacing, inserting or removing one cell
// gives exactly what JSON.stringify writes for the edited document.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findTopLevelArray,
  insertItem,
  lineIndent,
  removeItem,
  replaceItem,
} from '../../src/fs/tools/notebook/json-splice.js';

const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom('"', '\\', '\\"', '{[', ']}', '\n'),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), tie('node'), { maxKeys: 3 }),
  ),
})).node;

const doc = fc.record({
  before: fc.dictionary(
    fc.string({ maxLength: 5 }).filter((k) => k !== 'cells'),
    value,
    { maxKeys: 2 },
  ),
  cells: fc.array(value, { maxLength: 5 }),
  after: fc.dictionary(
    fc.string({ maxLength: 5 }).filter((k) => k !== 'cells'),
    value,
    { maxKeys: 2 },
  ),
  indent: fc.constantFrom('', ' ', '  ', '\t'),
});

function render(d: { before: object; cells: unknown[]; after: object }, indent: string): string {
  // `cells` between other keys, so the scan has to step over values of every shape.
  const before = Object.fromEntries(Object.entries(d.before).filter(([k]) => !Object.hasOwn(d.after, k)));
  return JSON.stringify({ ...before, cells: d.cells, ...d.after }, null, indent);
}

function piece(item: unknown, indent: string, itemIndent: string): string {
  return JSON.stringify(item, null, indent).split('\n').join(`\n${itemIndent}`);
}

describe('json-splice', () => {
  it('replace, insert and remove match JSON.stringify of the edited document', () => {
    fc.assert(
      fc.property(doc, value, fc.nat(), fc.constantFrom('replace', 'insert', 'remove'), (d, item, pick, op) => {
        const text = render(d, d.indent);
        const span = findTopLevelArray(text, 'cells');
        expect(span?.items.map((s) => JSON.parse(text.slice(s.start, s.end)))).toEqual(d.cells);
        if (!span) return;
        const n = d.cells.length;
        const closeIndent = d.indent ? lineIndent(text, span.open) : '';
        const itemIndent = d.indent ? closeIndent + d.indent : undefined;
        const cells = [...d.cells];
        let out: string;
        if (op === 'insert') {
          const k = pick % (n + 1);
          cells.splice(k, 0, item);
          out = insertItem(text, span, k, piece(item, d.indent, itemIndent ?? ''), {
            closeIndent,
            eol: '\n',
            ...(itemIndent === undefined ? {} : { itemIndent }),
          });
        } else {
          if (n === 0) return;
          const k = pick % n;
          if (op === 'replace') {
            cells[k] = item;
            out = replaceItem(text, span, k, piece(item, d.indent, itemIndent ?? ''));
          } else {
            cells.splice(k, 1);
            out = removeItem(text, span, k);
          }
        }
        expect(out).toBe(render({ ...d, cells }, d.indent));
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing where there is no top-level array of that name', () => {
    expect(findTopLevelArray('{"a": {"cells": []}}', 'cells')).toBeUndefined();
    expect(findTopLevelArray('{"cells": {}}', 'cells')).toBeUndefined();
    expect(findTopLevelArray('[1, 2]', 'cells')).toBeUndefined();
  });
});
