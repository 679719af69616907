// The typed library API: `wb.call(name, args)` and the shorthands take each tool's argument type
// and resolve to its result type (checked by `npm run typecheck`, which covers this file: every
// `@ts-expect-error` below fails the typecheck if the line it marks compiles). At run time, the
// results every tool really returns match schemas/fs-results.schema.json, the source of those types.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type {
  EditFileDiskResult,
  FsToolResult,
  ReadFileArgs,
  ReadFileBufferResult,
  ReadFileDiskResult,
  ReadFileResult,
  ToolFailure,
  ToolResult,
  Workbench,
} from '../../src/fs/index.js';
import type { MoveFileResult, TodoWriteResult } from '../../src/generated/fs-results.js';
import { bench, ok } from './helpers.js';

const schema = JSON.parse(
  readFileSync(
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas', 'fs-results.schema.json'),
    'utf8',
  ),
) as { $id: string; $defs: Record<string, object> };

// Compile-time checks only: this function is never called.
export async function typeChecks(wb: Workbench): Promise<void> {
  // A call to the file on disk gets the disk result, which always carries version.
  expectTypeOf(await wb.call('read_file', { path: 'a' })).toEqualTypeOf<ReadFileDiskResult | ToolFailure>();
  expectTypeOf(await wb.call('read_file', { path: 'a', target: 'disk' })).toEqualTypeOf<
    ReadFileDiskResult | ToolFailure
  >();
  expectTypeOf(
    await wb.call('edit_file', { path: 'a', old_string: 'x', new_string: 'y', expected_version: 'v' }),
  ).toEqualTypeOf<EditFileDiskResult | ToolFailure>();
  // target: "buffer" gets the buffer result, which carries none; a target known only at run time, either.
  expectTypeOf(await wb.readFile({ path: 'a', target: 'buffer' })).toEqualTypeOf<ReadFileBufferResult | ToolFailure>();
  const route = { path: 'a', target: 'disk' } as ReadFileArgs;
  expectTypeOf(await wb.readFile(route)).toEqualTypeOf<ReadFileResult | ToolFailure>();
  expectTypeOf<ReadFileResult>().toEqualTypeOf<ReadFileDiskResult | ReadFileBufferResult>();
  const written = await wb.writeFile({ path: 'a', content: 'x' });
  if (written.ok) expectTypeOf(written.version).toBeString();
  const bufferEdit = await wb.editFile({ path: 'a', old_string: 'x', new_string: 'y', target: 'buffer' });
  if (bufferEdit.ok) {
    expectTypeOf(bufferEdit.target).toEqualTypeOf<'buffer'>();
    // @ts-expect-error a buffer result carries no version token
    void bufferEdit.version;
  }
  expectTypeOf(await wb.moveFile({ path: 'a', new_path: 'b' })).toEqualTypeOf<FsToolResult<'move_file'>>();
  expectTypeOf(await wb.todoWrite({ todos: [{ id: '1', content: 'c', status: 'pending' }] })).toEqualTypeOf<
    TodoWriteResult | ToolFailure
  >();

  const read = await wb.readFile({ path: 'a', offset: 2 });
  if (read.ok) {
    expectTypeOf(read.content).toBeString();
    expectTypeOf(read.version).toBeString();
    expectTypeOf(read.encoding).toBeString();
    expectTypeOf(read.truncated).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(read.next_offset).toEqualTypeOf<number | undefined>();
  } else {
    expectTypeOf(read.code).toEqualTypeOf<ToolFailure['code']>();
  }
  const moved = await wb.call('move_file', { path: 'a', new_path: 'b' });
  if (moved.ok) expectTypeOf(moved).toEqualTypeOf<MoveFileResult>();

  // A tool chosen at run time gets the union of every result.
  const name: string = 'read_file';
  expectTypeOf(await wb.call(name, {})).toEqualTypeOf<ToolResult>();

  // @ts-expect-error edit_file needs old_string and new_string
  await wb.call('edit_file', { path: 'a' });
  // @ts-expect-error a field of another tool
  await wb.call('read_file', { path: 'a', content: 'x' });
  // @ts-expect-error offset is a number
  await wb.readFile({ path: 'a', offset: '2' });
  // @ts-expect-error expected_version is not an argument of read_file
  await wb.readFile({ path: 'a', expected_version: 'v' });
  // @ts-expect-error move_file has no buffer route
  await wb.call('move_file', { path: 'a', new_path: 'b', target: 'buffer' });
  // @ts-expect-error status is one of pending | in_progress | completed
  await wb.todoWrite({ todos: [{ id: '1', content: 'c', status: 'done' }] });
  // @ts-expect-error todo items have no extra fields
  await wb.todoWrite({ todos: [{ id: '1', content: 'c', status: 'pending', priority: 1 }] });
  // @ts-expect-error edit_mode is required
  await wb.notebookEdit({ path: 'n.ipynb', cell_id: 'c' });
  const result = await wb.editFile({ path: 'a', old_string: 'x', new_string: 'y' });
  // @ts-expect-error a failure has no replacements until narrowed by ok
  void result.replacements;
  if (result.ok) {
    // @ts-expect-error edit_file results have no content
    void result.content;
  }
}

describe('typed results', () => {
  it('every tool’s success result matches its shape in schemas/fs-results.schema.json', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addSchema(schema);
    const check = (tool: string, result: ToolResult) => {
      const validate = ajv.getSchema(`${schema.$id}#/$defs/${tool}`);
      if (!validate) throw new Error(`no result schema for ${tool}`);
      expect(validate(ok(result)) ? [] : validate.errors, tool).toEqual([]);
    };
    expect(Object.keys(schema.$defs).sort()).toEqual([...bench().wb.tools].sort());

    const t = bench();
    const { wb } = t;
    check('write_file', await wb.writeFile({ path: 'm.py', content: 'def a():\n    pass\n\ndef b():\n    pass\n' }));
    check('read_file', await wb.readFile({ path: 'm.py', limit: 1 }));
    check(
      'write_file',
      await wb.writeFile({ path: 'm.py', content: 'def a():\n    pass\n\ndef b():\n    pass\n\n# x\n' }),
    );
    check('edit_file', await wb.editFile({ path: 'm.py', old_string: '# x', new_string: '# y' }));
    check('multi_edit', await wb.multiEdit({ path: 'm.py', edits: [{ old_string: '# y', new_string: '# z' }] }));
    check('delete_range', await wb.deleteRange({ path: 'm.py', start_line: 7, end_line: 7 }));
    check('delete_symbol', await wb.deleteSymbol({ path: 'm.py', symbol: 'a' }));
    check('move_file', await wb.moveFile({ path: 'm.py', new_path: 'n.py' }));
    const notebook = {
      cells: [{ id: 'c1', cell_type: 'code', metadata: {}, source: ['1'], outputs: [], execution_count: null }],
      metadata: {},
      nbformat: 4,
      nbformat_minor: 5,
    };
    check('write_file', await wb.writeFile({ path: 'nb.ipynb', content: `${JSON.stringify(notebook, null, 1)}\n` }));
    check(
      'notebook_edit',
      await wb.notebookEdit({ path: 'nb.ipynb', cell_id: 'c1', new_source: '2', edit_mode: 'replace' }),
    );
    check(
      'todo_write',
      await wb.todoWrite({
        todos: [
          { id: '1', content: 'c', status: 'pending' },
          { id: '2', content: 'd', status: 'completed', parent_id: '1' },
        ],
      }),
    );
  });
});
