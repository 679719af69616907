// Keeps every function of src/ short enough to read as one step (src/generated/ aside): a longer
// one is split into named steps of its own. Counted as the project's check counts it: from the
// function's first line to its last, with TypeScript's parser, over the .ts files and the page's
// browser script, whose one top-level `(function () { … })()` is its file's scope, not a step.
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { handWrittenFiles, shown } from '../helpers/src-files.js';

const MAX_LINES = 80;

// `(function () { … })();` as a file's statement: a browser script's scope (what a module is to a
// .ts file), counted by its functions, not as one.
function isFileScope(node: ts.Node): boolean {
  const paren = node.parent;
  const call = paren?.parent;
  return (
    ts.isFunctionExpression(node) &&
    ts.isParenthesizedExpression(paren) &&
    ts.isCallExpression(call) &&
    call.expression === paren &&
    ts.isExpressionStatement(call.parent) &&
    ts.isSourceFile(call.parent.parent)
  );
}

/** Each function in `text` longer than `max` lines, as "line name N lines". */
export function longFunctions(fileName: string, text: string, max = MAX_LINES): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body && !isFileScope(node)) {
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

  it("counts a browser script's functions, not the wrapper that scopes them", () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  call(${i});`).join('\n');
    const text = `(function () {\n function inner() {\n${body(81)}\n}\n${body(80)}\n})();\n`;
    expect(longFunctions('script.js', text)).toEqual(['2 inner 81 lines']);
    expect(longFunctions('script.js', `void (function () {\n${body(82)}\n})();\n`)).toEqual(['1 (anonymous) 82 lines']);
  });

  it(`has no function over ${MAX_LINES} lines outside src/generated/`, () => {
    const files = handWrittenFiles((name) => /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'));
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      longFunctions(file, readFileSync(file, 'utf8')).map((what) => `${shown(file)}:${what}`),
    );
    expect(found, `functions over ${MAX_LINES} lines:\n${found.join('\n')}`).toEqual([]);
  });
});
