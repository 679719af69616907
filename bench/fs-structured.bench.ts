// The structured edits against the plain ones on the same files, in the same run: delete_symbol
// (tree-sitter parse + publish) against delete_range of as many lines, and notebook_edit (JSON
// parse + splice + publish) against edit_file of the same cell text. Plus delete_symbol's first
// call in a process (web-tree-sitter start and grammar load).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureAsync, report } from './measure.js';
import { openWorkbench, type ToolResult } from '../src/fs/index.js';

function must(result: ToolResult): void {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
}

const FUNCTIONS = 4000;
const fn = (i: number) => `/** Doc ${i}. */\nexport function f${i}(a: number): number {\n  return a + ${i};\n}\n\n`;
const source = Array.from({ length: FUNCTIONS }, (_, i) => fn(i)).join('');
const cellsOf = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `  {\n   "cell_type": "code",\n   "execution_count": null,\n   "id": "c${String(i).padStart(7, '0')}",\n   "metadata": {},\n   "outputs": [],\n   "source": [\n    "x${i} = ${i}\\n",\n    "print(x${i})"\n   ]\n  }`,
  ).join(',\n');
const notebook = `{\n "cells": [\n${cellsOf(2000)}\n ],\n "metadata": {},\n "nbformat": 4,\n "nbformat_minor": 5\n}\n`;

const ws = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-structured-'));
const lockDir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-locks-'));
try {
  writeFileSync(path.join(ws, 'sym.ts'), source);
  writeFileSync(path.join(ws, 'range.ts'), source);
  writeFileSync(path.join(ws, 'nb.ipynb'), notebook);
  writeFileSync(path.join(ws, 'plain.ipynb'), notebook);
  const wb = openWorkbench({ workspace: ws, lockDir });
  for (const file of ['sym.ts', 'range.ts', 'nb.ipynb', 'plain.ipynb'])
    must(await wb.call('read_file', { path: file }));

  const coldStart = process.hrtime.bigint();
  must(await wb.call('delete_symbol', { path: 'sym.ts', symbol: 'f0' }));
  const coldMs = Number(process.hrtime.bigint() - coldStart) / 1e6;

  // Each call consumes a symbol or a cell, so rounds stay few.
  const quick = { rounds: 3, minMs: 300, warmup: 3 };
  let next = 1;
  const symbol = await measureAsync(
    `delete_symbol (${(source.length / 1024).toFixed(0)} KiB .ts)`,
    async () => must(await wb.call('delete_symbol', { path: 'sym.ts', symbol: `f${next++}` })),
    quick,
  );
  const range = await measureAsync(
    `delete_range 5 lines (same file)`,
    async () => must(await wb.call('delete_range', { path: 'range.ts', start_line: 1, end_line: 5 })),
    quick,
  );
  let cell = 0;
  const nbEdit = await measureAsync(
    `notebook_edit replace (${(notebook.length / 1024).toFixed(0)} KiB)`,
    async () => {
      must(
        await wb.call('notebook_edit', {
          path: 'nb.ipynb',
          cell_id: `c${String(cell).padStart(7, '0')}`,
          new_source: `y${cell} = 0`,
          edit_mode: 'replace',
        }),
      );
      cell++;
    },
    quick,
  );
  let plain = 0;
  const edit = await measureAsync(
    `edit_file of one cell's text (same file)`,
    async () => {
      must(
        await wb.call('edit_file', {
          path: 'plain.ipynb',
          old_string: `"x${plain} = ${plain}\\n",\n    "print(x${plain})"`,
          new_string: `"y${plain} = 0"`,
        }),
      );
      plain++;
    },
    quick,
  );

  console.log(
    `node ${process.version}, ${os.platform()} ${os.arch()}; ratio = time per op / the plain edit on the same file`,
  );
  console.log(
    `delete_symbol first call in this process (web-tree-sitter start + TypeScript grammar load + parse): ${coldMs.toFixed(0)} ms`,
  );
  report([range, symbol], range);
  report([edit, nbEdit], edit);
} finally {
  rmSync(ws, { recursive: true, force: true });
  rmSync(lockDir, { recursive: true, force: true });
}
