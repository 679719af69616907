// Keeps every function of src/ short enough to read as one step (src/generated/ aside): a longer
// one is split into named steps of its own. Counted as the project's check counts it: from the
// function's first line to its last, with TypeScript's parser, over the .ts files.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { handWrittenFiles, shown } from '../helpers/src-files.js';

const MAX_LINES = 80;

/** Each function in `text` longer than `max` lines, as "line name N lines". */
export function longFunctions(fileName: string, text: string, max = MAX_LINES): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      if (last - first + 1 > max) {
        const named = node.name?.getText(source);
        const name =
          named ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
        found.push(`${first + 1} ${name} ${last - first + 1} lines`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('function length in src/', () => {
  it('finds a function one line too long, by its name or its variable', () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  call(${i});`).join('\n');
    const text = `function fits() {\n${body(80)}\n}\nconst tooLong = () => {\n${body(81)}\n};\n`;
    expect(longFunctions('sample.ts', text)).toEqual(['81 tooLong 81 lines']);
  });

  it(`has no function over ${MAX_LINES} lines outside src/generated/`, () => {
    const files = handWrittenFiles((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      longFunctions(file, readFileSync(file, 'utf8')).map((what) => `${shown(file)}:${what}`),
    );
    expect(found, `functions over ${MAX_LINES} lines:\n${found.join('\n')}`).toEqual([]);
  });
});
