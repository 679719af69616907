// Editor buffers as targets: a buffer and the file on disk are distinct identities, so what a session
// saw through one route never authorises a write through the other, in both directions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { openWorkbench, type BufferProvider, type BufferSnapshot } from '../../src/fs/index.js';
import { bench, code, ok, type Bench } from './helpers.js';

// The example provider of the editor-integration docs: an in-memory editor whose write is a
// compare-and-set on a version that every change bumps.
class MemoryEditor implements BufferProvider {
  readonly docs = new Map<string, { text: string; version: number }>();
  /** Called inside read(), to let a test play the user typing at the worst moment. */
  onRead: ((path: string) => void) | undefined;

  open(file: string, text: string): void {
    this.docs.set(file, { text, version: 1 });
  }

  type(file: string, text: string): void {
    const doc = this.docs.get(file);
    if (!doc) throw new Error(`${file} is not open`);
    this.docs.set(file, { text, version: doc.version + 1 });
  }

  read(file: string): BufferSnapshot | undefined {
    this.onRead?.(file);
    const doc = this.docs.get(file);
    return doc && { text: doc.text, version: doc.version };
  }

  version(file: string): number | undefined {
    return this.docs.get(file)?.version;
  }

  write(file: string, text: string, expectedVersion: string): number | undefined {
    const doc = this.docs.get(file);
    if (!doc || String(doc.version) !== expectedVersion) return undefined;
    this.docs.set(file, { text, version: doc.version + 1 });
    return doc.version + 1;
  }
}

function setup(disk: string, buffer: string): { t: Bench; editor: MemoryEditor; abs: string } {
  const t = bench();
  const editor = new MemoryEditor();
  t.write('a.ts', disk);
  // The provider sees canonical paths (the temp dir may sit behind a symlink, e.g. /tmp on macOS).
  const wb = t.open({ buffers: editor });
  const abs = path.join(wb.workspace, 'a.ts');
  editor.open(abs, buffer);
  t.wb = wb;
  return { t, editor, abs };
}

describe('buffer targets', () => {
  it('buffer results match schemas/fs-results.schema.json, and a disk version token never authorises a buffer write', async () => {
    const schema = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '..', '..', 'schemas', 'fs-results.schema.json'), 'utf8'),
    );
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addSchema(schema);
    const check = (tool: string, result: unknown) => {
      const validate = ajv.getSchema(`${schema.$id}#/$defs/${tool}`)!;
      expect(validate(result) ? [] : validate.errors, tool).toEqual([]);
    };
    const { t, editor, abs } = setup('disk\n', 'one\ntwo\n');
    const disk = ok(await t.wb.call('read_file', { path: 'a.ts' }));
    expect(disk.version).toEqual(expect.any(String));
    const refused = await t.wb.call('edit_file', {
      path: 'a.ts',
      old_string: 'one',
      new_string: 'x',
      target: 'buffer',
      expected_version: disk.version,
    });
    expect(refused).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringContaining('expected_version'),
    });
    expect(editor.docs.get(abs)?.text).toBe('one\ntwo\n');
    check('read_file', ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer' })));
    check(
      'edit_file',
      ok(await t.wb.call('edit_file', { path: 'a.ts', old_string: 'one', new_string: 'uno', target: 'buffer' })),
    );
    check(
      'write_file',
      ok(await t.wb.call('write_file', { path: 'a.ts', content: 'three\nfour\n', target: 'buffer' })),
    );
    check(
      'delete_range',
      ok(await t.wb.call('delete_range', { path: 'a.ts', start_line: 1, end_line: 1, target: 'buffer' })),
    );
    expect(editor.docs.get(abs)?.text).toBe('four\n');
  });

  it('read_file with target "buffer" reads the unsaved text, not the disk', async () => {
    const { t } = setup('disk\n', 'one\nunsaved\nthree');
    const read = ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer', offset: 2, limit: 1 }));
    expect(read).toMatchObject({
      target: 'buffer',
      content: 'unsaved\n',
      start_line: 2,
      end_line: 2,
      total_lines: 3,
      eol: 'lf',
    });
    expect(ok(await t.wb.call('read_file', { path: 'a.ts' })).content).toBe('disk\n');
  });

  it('a disk observation never authorises a buffer write', async () => {
    // Same text on both routes: identity, not content, decides.
    const { t, editor, abs } = setup('same\n', 'same\n');
    ok(await t.wb.call('read_file', { path: 'a.ts' }));
    for (const [tool, args] of [
      ['edit_file', { path: 'a.ts', old_string: 'same', new_string: 'x', target: 'buffer' }],
      ['write_file', { path: 'a.ts', content: 'x\n', target: 'buffer' }],
      ['delete_range', { path: 'a.ts', start_line: 1, end_line: 1, target: 'buffer' }],
    ] as const) {
      const result = await t.wb.call(tool, args);
      expect(result, tool).toMatchObject({
        ok: false,
        code: 'FS_NOT_OBSERVED',
        message: expect.stringContaining('target "buffer"'),
      });
    }
    expect(editor.docs.get(abs)).toEqual({ text: 'same\n', version: 1 });
    // The disk route itself still works with its own observation.
    ok(await t.wb.call('edit_file', { path: 'a.ts', old_string: 'same', new_string: 'disk edit' }));
    expect(t.text('a.ts')).toBe('disk edit\n');
  });

  it('a buffer observation never authorises a disk write', async () => {
    const { t, editor, abs } = setup('same\n', 'same\n');
    ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer' }));
    for (const [tool, args] of [
      ['edit_file', { path: 'a.ts', old_string: 'same', new_string: 'x' }],
      ['write_file', { path: 'a.ts', content: 'x\n' }],
      ['delete_range', { path: 'a.ts', start_line: 1, end_line: 1 }],
      ['move_file', { path: 'a.ts', new_path: 'b.ts' }],
    ] as const) {
      expect(code(await t.wb.call(tool, args)), tool).toBe('FS_NOT_OBSERVED');
    }
    expect(t.text('a.ts')).toBe('same\n');
    ok(await t.wb.call('edit_file', { path: 'a.ts', old_string: 'same', new_string: 'buffer edit', target: 'buffer' }));
    expect(editor.docs.get(abs)?.text).toBe('buffer edit\n');
    expect(t.text('a.ts')).toBe('same\n');
  });

  it('edits a buffer in turn (each write is the next observation) and never touches the disk', async () => {
    const { t, editor, abs } = setup('disk\n', 'a\r\nb\r\nc\r\n');
    ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer' }));
    expect(
      ok(await t.wb.call('edit_file', { path: 'a.ts', old_string: 'b\n', new_string: 'B\nB2\n', target: 'buffer' })),
    ).toMatchObject({ target: 'buffer', replacements: 1 });
    ok(
      await t.wb.call('multi_edit', {
        path: 'a.ts',
        target: 'buffer',
        edits: [
          { old_string: 'a', new_string: 'A' },
          { old_string: 'c', new_string: 'C' },
        ],
      }),
    );
    ok(await t.wb.call('delete_range', { path: 'a.ts', start_line: 3, end_line: 3, target: 'buffer' }));
    expect(editor.docs.get(abs)?.text).toBe('A\r\nB\r\nC\r\n');
    const written = ok(await t.wb.call('write_file', { path: 'a.ts', content: 'new\nbody\n', target: 'buffer' }));
    expect(written).not.toHaveProperty('encoding');
    expect(editor.docs.get(abs)?.text).toBe('new\r\nbody\r\n');
    expect(t.text('a.ts')).toBe('disk\n');
  });

  it('a buffer changed by the user since the read is stale, also when it changes during the edit', async () => {
    const { t, editor, abs } = setup('disk\n', 'text\n');
    ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer' }));
    editor.type(abs, 'typed\n');
    expect(
      code(await t.wb.call('edit_file', { path: 'a.ts', old_string: 'typed', new_string: 'x', target: 'buffer' })),
    ).toBe('FS_STALE_VERSION');
    expect(editor.docs.get(abs)?.text).toBe('typed\n');
    ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer' }));
    // The user types between the workbench's read and its write: the editor's compare-and-set refuses.
    // The keystroke lands right after the workbench's read returns, before its write.
    editor.onRead = (file) => {
      editor.onRead = undefined;
      queueMicrotask(() => editor.type(file, 'raced\n'));
    };
    const raced = await t.wb.call('edit_file', {
      path: 'a.ts',
      old_string: 'typed',
      new_string: 'x',
      target: 'buffer',
    });
    expect(raced).toMatchObject({
      ok: false,
      code: 'FS_STALE_VERSION',
      message: expect.stringContaining('nothing was written'),
    });
    expect(editor.docs.get(abs)?.text).toBe('raced\n');
    // A closed buffer is stale too.
    ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer' }));
    editor.docs.delete(abs);
    expect(
      code(await t.wb.call('edit_file', { path: 'a.ts', old_string: 'raced', new_string: 'x', target: 'buffer' })),
    ).toBe('FS_STALE_VERSION');
  });

  it('a fork carries buffer observations; later ones stay in their session', async () => {
    const { t, editor, abs } = setup('disk\n', 'one\n');
    ok(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer' }));
    const other = t.wb.fork();
    ok(await other.call('edit_file', { path: 'a.ts', old_string: 'one', new_string: 'two', target: 'buffer' }));
    expect(editor.docs.get(abs)?.text).toBe('two\n');
    expect(
      code(await t.wb.call('edit_file', { path: 'a.ts', old_string: 'two', new_string: 'three', target: 'buffer' })),
    ).toBe('FS_STALE_VERSION');
  });

  it('says what is wrong: no provider, no buffer open, an encoding for a buffer, a broken provider', async () => {
    const { t } = setup('disk\n', 'text\n');
    const plain = bench();
    plain.write('a.ts', 'x\n');
    expect(await plain.wb.call('read_file', { path: 'a.ts', target: 'buffer' })).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringContaining('buffers'),
    });
    t.write('closed.ts', 'c\n');
    expect(code(await t.wb.call('read_file', { path: 'closed.ts', target: 'buffer' }))).toBe('FS_NOT_FOUND');
    expect(code(await t.wb.call('read_file', { path: 'a.ts', target: 'buffer', encoding: 'latin1' }))).toBe(
      'FS_INVALID_ARGUMENT',
    );
    expect(() =>
      openWorkbench({ workspace: t.ws, buffers: { read: () => undefined } as unknown as BufferProvider }),
    ).toThrow(/buffers/);
    const broken = openWorkbench({
      workspace: t.ws,
      lockDir: t.lockDir,
      buffers: { read: () => ({ text: 'x' }) as never, version: () => 1, write: () => 2 },
    });
    expect(code(await broken.call('read_file', { path: 'a.ts', target: 'buffer' }))).toBe('FS_IO_ERROR');
    expect(readFileSync(t.file('a.ts'), 'utf8')).toBe('disk\n');
  });
});
