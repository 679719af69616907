// notebook_edit on real .ipynb files: cell edits that change only the touched cell, under the same
// observation rules as every other mutation.
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';

// Written as nbformat writes it: json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False) + "\n".
const NOTEBOOK = `{
 "cells": [
  {
   "cell_type": "markdown",
   "id": "a1b2c3d4",
   "metadata": {},
   "source": [
    "# Título\\n",
    "Some text"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 3,
   "id": "c0ffee01",
   "metadata": {
    "tags": [
     "x"
    ]
   },
   "outputs": [
    {
     "name": "stdout",
     "output_type": "stream",
     "text": [
      "1.5e-05 ok\\n"
     ]
    }
   ],
   "source": [
    "x = 41\\n",
    "x + 1"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": null,
   "id": "deadbeef",
   "metadata": {},
   "outputs": [],
   "source": []
  }
 ],
 "metadata": {
  "kernelspec": {
   "display_name": "Python 3",
   "language": "python",
   "name": "python3"
  }
 },
 "nbformat": 4,
 "nbformat_minor": 5
}
`;

const CODE_CELL = `  {
   "cell_type": "code",
   "execution_count": 3,
   "id": "c0ffee01",
   "metadata": {
    "tags": [
     "x"
    ]
   },
   "outputs": [
    {
     "name": "stdout",
     "output_type": "stream",
     "text": [
      "1.5e-05 ok\\n"
     ]
    }
   ],
   "source": [
    "x = 41\\n",
    "x + 1"
   ]
  },
`;

interface Cell {
  cell_type: string;
  id?: string;
  source: string | string[];
  outputs?: unknown[];
  execution_count?: number | null;
  metadata: object;
}

function cells(text: string): Cell[] {
  return (JSON.parse(text) as { cells: Cell[] }).cells;
}

async function observed(content: string, name = 'nb.ipynb') {
  const t = bench();
  t.write(name, content);
  ok(await t.wb.call('read_file', { path: name }));
  return t;
}

describe('notebook_edit replace', () => {
  it('replaces a code cell source, clears its outputs and count, and leaves every other byte alone', async () => {
    const t = await observed(NOTEBOOK);
    const result = ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'c0ffee01',
        new_source: 'y = 1\nprint(y)',
        edit_mode: 'replace',
      }),
    );
    expect(result).toMatchObject({
      edit_mode: 'replace',
      cell_id: 'c0ffee01',
      cell_index: 1,
      cell_type: 'code',
      total_cells: 3,
    });
    const replaced = `  {
   "cell_type": "code",
   "execution_count": null,
   "id": "c0ffee01",
   "metadata": {
    "tags": [
     "x"
    ]
   },
   "outputs": [],
   "source": [
    "y = 1\\n",
    "print(y)"
   ]
  },
`;
    expect(t.text('nb.ipynb')).toBe(NOTEBOOK.replace(CODE_CELL, replaced));
  });

  it('replaces a markdown cell and keeps it markdown, without outputs', async () => {
    const t = await observed(NOTEBOOK);
    ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'a1b2c3d4',
        new_source: '## Neu',
        edit_mode: 'replace',
      }),
    );
    const [first] = cells(t.text('nb.ipynb'));
    expect(first).toEqual({ cell_type: 'markdown', id: 'a1b2c3d4', metadata: {}, source: ['## Neu'] });
  });

  it('changes a cell type: code → markdown drops outputs, markdown → code gains them in sorted key order', async () => {
    const t = await observed(NOTEBOOK);
    ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'c0ffee01',
        new_source: 'text',
        cell_type: 'markdown',
        edit_mode: 'replace',
      }),
    );
    ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'a1b2c3d4',
        new_source: 'print(1)\n',
        cell_type: 'code',
        edit_mode: 'replace',
      }),
    );
    const [first, second] = cells(t.text('nb.ipynb'));
    expect(second).toEqual({ cell_type: 'markdown', id: 'c0ffee01', metadata: { tags: ['x'] }, source: ['text'] });
    expect(Object.keys(first as Cell)).toEqual(['cell_type', 'execution_count', 'id', 'metadata', 'outputs', 'source']);
    expect(first).toMatchObject({ execution_count: null, outputs: [], source: ['print(1)\n'] });
  });

  it('keeps a cell whose source is one string as one string', async () => {
    const nb = JSON.stringify(
      {
        cells: [{ cell_type: 'code', execution_count: 1, metadata: {}, outputs: [], source: 'a\nb' }],
        metadata: {},
        nbformat: 4,
        nbformat_minor: 2,
      },
      null,
      2,
    );
    const t = await observed(nb);
    ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'cell-0',
        new_source: 'c\nd',
        edit_mode: 'replace',
      }),
    );
    expect(cells(t.text('nb.ipynb'))[0]?.source).toBe('c\nd');
  });
});

describe('notebook_edit insert and delete', () => {
  it('inserts at the start when cell_id is absent, with a fresh 8-hex id (nbformat 4.5)', async () => {
    const t = await observed(NOTEBOOK);
    const result = ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        new_source: '# Intro\n',
        cell_type: 'markdown',
        edit_mode: 'insert',
      }),
    );
    const after = cells(t.text('nb.ipynb'));
    expect(after).toHaveLength(4);
    expect(after[0]).toEqual({ cell_type: 'markdown', id: result.cell_id, metadata: {}, source: ['# Intro\n'] });
    expect(result.cell_id).toMatch(/^[0-9a-f]{8}$/);
    expect(after.map((c) => c.id).slice(1)).toEqual(['a1b2c3d4', 'c0ffee01', 'deadbeef']);
  });

  it('inserts a code cell after the named cell', async () => {
    const t = await observed(NOTEBOOK);
    const result = ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'c0ffee01',
        new_source: 'z = 2',
        cell_type: 'code',
        edit_mode: 'insert',
      }),
    );
    const after = cells(t.text('nb.ipynb'));
    expect(result.cell_index).toBe(2);
    expect(after[2]).toEqual({
      cell_type: 'code',
      execution_count: null,
      id: result.cell_id,
      metadata: {},
      outputs: [],
      source: ['z = 2'],
    });
    expect(after[3]?.id).toBe('deadbeef');
  });

  it('gives no id to a cell inserted into an nbformat 4.4 notebook; its cells are addressed as cell-N', async () => {
    const nb = `${JSON.stringify({ cells: [{ cell_type: 'markdown', metadata: {}, source: ['a'] }], metadata: {}, nbformat: 4, nbformat_minor: 4 }, null, 1)}\n`;
    const t = await observed(nb);
    const result = ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'cell-0',
        new_source: 'b',
        cell_type: 'markdown',
        edit_mode: 'insert',
      }),
    );
    expect(result.cell_id).toBe('cell-1');
    expect(cells(t.text('nb.ipynb'))).toEqual([
      { cell_type: 'markdown', metadata: {}, source: ['a'] },
      { cell_type: 'markdown', metadata: {}, source: ['b'] },
    ]);
  });

  it('deletes a cell, leaving the others byte for byte', async () => {
    const t = await observed(NOTEBOOK);
    ok(await t.wb.call('notebook_edit', { path: 'nb.ipynb', cell_id: 'c0ffee01', edit_mode: 'delete' }));
    expect(t.text('nb.ipynb')).toBe(NOTEBOOK.replace(CODE_CELL, ''));
  });
});

describe('notebook_edit keeps the file format', () => {
  it('keeps 2-space indent, CRLF, no final newline and \\u escapes', async () => {
    const nb =
      '{\r\n  "cells": [\r\n    {\r\n      "cell_type": "markdown",\r\n      "metadata": {},\r\n      "source": [\r\n        "caf\\u00e9"\r\n      ]\r\n    }\r\n  ],\r\n  "metadata": {},\r\n  "nbformat": 4,\r\n  "nbformat_minor": 2\r\n}';
    const t = await observed(nb);
    ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'cell-0',
        new_source: 'thé',
        edit_mode: 'replace',
      }),
    );
    expect(t.text('nb.ipynb')).toBe(nb.replace('caf\\u00e9', 'th\\u00e9'));
  });
});

describe('notebook_edit leaves untouched text as written', () => {
  it('keeps the spelling of numbers outside the edited cell (1e-05, big integers)', async () => {
    const nb = NOTEBOOK.replace('"tags": [', '"scale": 1e-05,\n    "seed": 12345678901234567890,\n    "tags": [');
    const t = await observed(nb);
    ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'deadbeef',
        new_source: 'pass',
        edit_mode: 'replace',
      }),
    );
    expect(t.text('nb.ipynb')).toBe(
      nb.replace('"outputs": [],\n   "source": []', '"outputs": [],\n   "source": [\n    "pass"\n   ]'),
    );
  });

  it('appends after the last cell, empties the list, then inserts into the empty list in nbformat layout', async () => {
    const t = await observed(NOTEBOOK);
    const appended = ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'deadbeef',
        new_source: 'end',
        cell_type: 'markdown',
        edit_mode: 'insert',
      }),
    );
    expect(cells(t.text('nb.ipynb')).map((c) => c.id)).toEqual(['a1b2c3d4', 'c0ffee01', 'deadbeef', appended.cell_id]);
    for (const id of ['a1b2c3d4', 'c0ffee01', 'deadbeef', appended.cell_id]) {
      ok(await t.wb.call('notebook_edit', { path: 'nb.ipynb', cell_id: id, edit_mode: 'delete' }));
    }
    expect(t.text('nb.ipynb')).toMatch(/^\{\n "cells": \[\],\n "metadata"/);
    const only = ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        new_source: 'a\nb',
        cell_type: 'markdown',
        edit_mode: 'insert',
      }),
    );
    expect(t.text('nb.ipynb')).toMatch(
      new RegExp(
        `^\\{\\n "cells": \\[\\n  \\{\\n   "cell_type": "markdown",\\n   "id": "${only.cell_id}",\\n   "metadata": \\{\\},\\n   "source": \\[\\n    "a\\\\n",\\n    "b"\\n   \\]\\n  \\}\\n \\],\\n "metadata"`,
      ),
    );
  });

  it('keeps compact JSON compact', async () => {
    const nb =
      '{"cells":[{"cell_type":"markdown","metadata":{},"source":["a"]}],"metadata":{},"nbformat":4,"nbformat_minor":4}';
    const t = await observed(nb);
    ok(
      await t.wb.call('notebook_edit', {
        path: 'nb.ipynb',
        new_source: 'b',
        cell_type: 'markdown',
        edit_mode: 'insert',
      }),
    );
    expect(t.text('nb.ipynb')).toBe(
      '{"cells":[{"cell_type":"markdown","metadata":{},"source":["b"]},{"cell_type":"markdown","metadata":{},"source":["a"]}],"metadata":{},"nbformat":4,"nbformat_minor":4}',
    );
  });
});

describe('notebook_edit refusals leave the file as it was', () => {
  it('needs an observation: FS_NOT_OBSERVED before any read', async () => {
    const t = bench();
    t.write('nb.ipynb', NOTEBOOK);
    expect(code(await t.wb.call('notebook_edit', { path: 'nb.ipynb', cell_id: 'c0ffee01', edit_mode: 'delete' }))).toBe(
      'FS_NOT_OBSERVED',
    );
    expect(t.text('nb.ipynb')).toBe(NOTEBOOK);
  });

  it('FS_STALE_VERSION after an external write (the external bytes survive)', async () => {
    const t = await observed(NOTEBOOK);
    const external = NOTEBOOK.replace('"x = 41\\n"', '"x = 40\\n"');
    t.write('nb.ipynb', external);
    expect(
      code(
        await t.wb.call('notebook_edit', {
          path: 'nb.ipynb',
          cell_id: 'c0ffee01',
          new_source: 'lost',
          edit_mode: 'replace',
        }),
      ),
    ).toBe('FS_STALE_VERSION');
    expect(t.text('nb.ipynb')).toBe(external);
  });

  it('two sessions editing from one version: one wins, the other is FS_STALE_VERSION', async () => {
    const t = await observed(NOTEBOOK);
    const other = t.open();
    ok(await other.call('read_file', { path: 'nb.ipynb' }));
    const results = await Promise.all([
      t.wb.call('notebook_edit', { path: 'nb.ipynb', cell_id: 'c0ffee01', new_source: 'first', edit_mode: 'replace' }),
      other.call('notebook_edit', {
        path: 'nb.ipynb',
        cell_id: 'a1b2c3d4',
        new_source: 'second',
        edit_mode: 'replace',
      }),
    ]);
    expect(results.map(code).sort()).toEqual(['FS_STALE_VERSION', 'ok']);
    const winner = results[0]?.ok ? ['first', 'c0ffee01'] : ['second', 'a1b2c3d4'];
    const after = cells(t.text('nb.ipynb'));
    expect(after.find((c) => c.id === winner[1])?.source).toEqual([winner[0]]);
    expect(after.filter((c) => c.source.includes('first') || c.source.includes('second'))).toHaveLength(1);
  });

  it('an unknown cell id is FS_NO_MATCH and names the cells there are', async () => {
    const t = await observed(NOTEBOOK);
    const result = await t.wb.call('notebook_edit', {
      path: 'nb.ipynb',
      cell_id: 'nope',
      new_source: 'x',
      edit_mode: 'replace',
    });
    expect(result).toMatchObject({ ok: false, code: 'FS_NO_MATCH' });
    expect(result.ok ? '' : result.message).toContain('a1b2c3d4, c0ffee01, deadbeef');
    expect(t.text('nb.ipynb')).toBe(NOTEBOOK);
  });

  it('invalid JSON and JSON without cells are FS_ENCODING', async () => {
    const t = await observed('{"cells": [');
    const broken = await t.wb.call('notebook_edit', {
      path: 'nb.ipynb',
      new_source: 'x',
      cell_type: 'code',
      edit_mode: 'insert',
    });
    expect(broken).toMatchObject({ ok: false, code: 'FS_ENCODING' });
    expect(broken.ok ? '' : broken.message).toMatch(/not a notebook: invalid JSON/);
    t.write('other.ipynb', '{"worksheets": []}\n');
    ok(await t.wb.call('read_file', { path: 'other.ipynb' }));
    const v3 = await t.wb.call('notebook_edit', {
      path: 'other.ipynb',
      new_source: 'x',
      cell_type: 'code',
      edit_mode: 'insert',
    });
    expect(v3).toMatchObject({ ok: false, code: 'FS_ENCODING' });
    expect(v3.ok ? '' : v3.message).toContain('nbformat 3');
    expect(t.text('nb.ipynb')).toBe('{"cells": [');
    expect(t.text('other.ipynb')).toBe('{"worksheets": []}\n');
  });

  it('missing mode arguments and bad enums are FS_INVALID_ARGUMENT', async () => {
    const t = await observed(NOTEBOOK);
    const cases = [
      { path: 'nb.ipynb', new_source: 'x', edit_mode: 'replace' },
      { path: 'nb.ipynb', cell_id: 'c0ffee01', edit_mode: 'replace' },
      { path: 'nb.ipynb', new_source: 'x', edit_mode: 'insert' },
      { path: 'nb.ipynb', edit_mode: 'delete' },
      { path: 'nb.ipynb', cell_id: 'c0ffee01', edit_mode: 'move' },
      { path: 'nb.ipynb', new_source: 'x', cell_type: 'raw', edit_mode: 'insert' },
    ];
    for (const args of cases)
      expect(code(await t.wb.call('notebook_edit', args as never)), JSON.stringify(args)).toBe('FS_INVALID_ARGUMENT');
    expect(t.text('nb.ipynb')).toBe(NOTEBOOK);
  });
});

describe('notebook_edit on notebooks that are valid JSON but unsafe to edit', () => {
  const cell = (id: string, extra = '') =>
    `{"cell_type": "code", "execution_count": null, "id": "${id}", "metadata": {${extra}}, "outputs": [], "source": ["x = 1"]}`;

  it('refuses duplicate top-level "cells" keys with FS_ENCODING and leaves the file alone', async () => {
    const t = bench();
    // JSON.parse keeps the second array; a text edit would have changed the first one.
    const text = `{"cells": [${cell('aaaaaaaa')}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5, "cells": [${cell('bbbbbbbb')}]}\n`;
    t.write('dup.ipynb', text);
    ok(await t.wb.call('read_file', { path: 'dup.ipynb' }));
    for (const id of ['aaaaaaaa', 'bbbbbbbb']) {
      const result = await t.wb.call('notebook_edit', { path: 'dup.ipynb', cell_id: id, edit_mode: 'delete' });
      expect(result).toMatchObject({
        ok: false,
        code: 'FS_ENCODING',
        message: expect.stringMatching(/"cells" appear more than once/),
      });
    }
    expect(t.text('dup.ipynb')).toBe(text);
  });

  it('edits around a deeply nested cell, and refuses to rewrite that cell with FS_ENCODING (no stack overflow)', async () => {
    const t = bench();
    const depth = 200_000;
    const deep = `"deep": ${'['.repeat(depth)}${']'.repeat(depth)}`;
    const text = `{"cells": [${cell('aaaaaaaa', deep)}, ${cell('bbbbbbbb')}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n`;
    t.write('deep.ipynb', text);
    ok(await t.wb.call('read_file', { path: 'deep.ipynb', limit: 1 }));
    const rewrite = await t.wb.call('notebook_edit', {
      path: 'deep.ipynb',
      cell_id: 'aaaaaaaa',
      new_source: 'y = 2',
      edit_mode: 'replace',
    });
    expect(rewrite).toMatchObject({
      ok: false,
      code: 'FS_ENCODING',
      message: expect.stringMatching(/nested too deeply/),
    });
    expect(t.text('deep.ipynb')).toBe(text);
    ok(await t.wb.call('notebook_edit', { path: 'deep.ipynb', cell_id: 'bbbbbbbb', edit_mode: 'delete' }));
    expect(t.text('deep.ipynb')).toBe(
      `{"cells": [${cell('aaaaaaaa', deep)}], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n`,
    );
  });
});
