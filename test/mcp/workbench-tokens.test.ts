// Version tokens and todo_write over real stdio: each `peer-bridge serve --surface workbench` here
// is a fresh process (a one-shot client's situation), so only a token can carry what was read.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import type { Served } from '../helpers/serve-client.js';
import { useWorkbenchServers } from './workbench-client.js';

const { tempDir, workbench, closeNow } = useWorkbenchServers('pb-wbt-');

async function call(served: Served, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = (await served.client.callTool({ name, arguments: args })) as CallToolResult;
  const body = JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
  expect(result.structuredContent).toEqual(body);
  expect(Boolean(result.isError)).toBe(body.ok !== true);
  return body;
}

/** One server process, one call, closed: what an Inspector CLI call or a script does. */
async function oneShot(
  workspace: string,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const served = await workbench(workspace);
  try {
    return await call(served, name, args);
  } finally {
    await closeNow(served);
  }
}

describe('workbench over MCP: version tokens and todo_write', () => {
  it('a fresh server process edits with the token another one returned; after a concurrent change the token is stale', async () => {
    const ws = tempDir('pb-wbt-');
    writeFileSync(path.join(ws, 'app.py'), 'x = 1\ny = 2\n');
    const read = await oneShot(ws, 'read_file', { path: 'app.py' });
    expect(read).toMatchObject({ ok: true, version: expect.stringMatching(/^pbv1\./) });

    const unobserved = await oneShot(ws, 'edit_file', { path: 'app.py', old_string: 'x = 1', new_string: 'x = 10' });
    expect(unobserved).toMatchObject({ ok: false, code: 'FS_NOT_OBSERVED' });

    const edit = await oneShot(ws, 'edit_file', {
      path: 'app.py',
      old_string: 'x = 1',
      new_string: 'x = 10',
      expected_version: read.version,
    });
    expect(edit).toMatchObject({ ok: true, replacements: 1, version: expect.any(String) });
    expect(readFileSync(path.join(ws, 'app.py'), 'utf8')).toBe('x = 10\ny = 2\n');

    // The first token is stale now: the file moved on (here through the workbench, then by hand).
    const again = await oneShot(ws, 'edit_file', {
      path: 'app.py',
      old_string: 'y = 2',
      new_string: 'y = 20',
      expected_version: read.version,
    });
    expect(again).toMatchObject({ ok: false, code: 'FS_STALE_VERSION' });
    writeFileSync(path.join(ws, 'app.py'), 'x = 10\ny = 3\n');
    const stale = await oneShot(ws, 'write_file', {
      path: 'app.py',
      content: 'lost\n',
      expected_version: edit.version,
    });
    expect(stale).toMatchObject({ ok: false, code: 'FS_STALE_VERSION' });
    expect(readFileSync(path.join(ws, 'app.py'), 'utf8')).toBe('x = 10\ny = 3\n');
  });

  it('refuses a forged token and a token of another path, changing nothing', async () => {
    const ws = tempDir('pb-wbt-');
    writeFileSync(path.join(ws, 'a.txt'), 'same\n');
    writeFileSync(path.join(ws, 'b.txt'), 'same\n');
    const served = await workbench(ws);
    const { version } = await call(served, 'read_file', { path: 'a.txt' });
    const token = String(version);
    const other = await workbench(ws);

    const forged = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect(
      await call(other, 'write_file', { path: 'a.txt', content: 'lost\n', expected_version: forged }),
    ).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/not issued by peer-bridge/),
    });
    expect(
      await call(other, 'write_file', { path: 'b.txt', content: 'lost\n', expected_version: token }),
    ).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/issued for another path/),
    });
    expect(readFileSync(path.join(ws, 'a.txt'), 'utf8')).toBe('same\n');
    expect(readFileSync(path.join(ws, 'b.txt'), 'utf8')).toBe('same\n');
  });

  it('serves todo_write with its schema; the list lives in the server session', async () => {
    const ws = tempDir('pb-wbt-');
    const served = await workbench(ws);
    const { tools } = await served.client.listTools();
    const todo = tools.find((tool) => tool.name === 'todo_write');
    expect(todo?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(todo?.inputSchema).toMatchObject({ required: ['todos'], additionalProperties: false });

    const todos = [
      { id: 'a', content: 'read', status: 'completed' },
      { id: 'b', content: 'edit', status: 'in_progress', parent_id: 'a' },
    ];
    expect(await call(served, 'todo_write', { todos })).toEqual({
      ok: true,
      todos,
      counts: { pending: 0, in_progress: 1, completed: 1 },
      added: ['a', 'b'],
      dropped: [],
    });
    expect(
      await call(served, 'todo_write', { todos: [{ id: 'a', content: 'something else', status: 'pending' }] }),
    ).toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
    expect(await call(served, 'todo_write', { todos: [{ ...todos[0], due: 'today' }] })).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/unknown field "due"/),
    });
    expect(await call(served, 'todo_write', { todos: [todos[0]] })).toMatchObject({ ok: true, dropped: ['b'] });
  });
});
