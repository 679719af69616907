// `peer-bridge serve --surface workbench` over real stdio with the SDK client: the fs tools with the
// schemas from the file, observation-checked edits, and one observation store per session.
import { readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { baseEnv, cliArgs, repoRoot, type Served } from '../helpers/serve-client.js';
import { useWorkbenchServers } from './workbench-client.js';

const { tempDir, lockDir, workbench } = useWorkbenchServers('pb-wb-');

async function call(
  served: Served,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult & { body: Record<string, unknown> }> {
  const result = (await served.client.callTool({ name, arguments: args })) as CallToolResult;
  const body = JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
  expect(result.structuredContent).toEqual(body);
  return { ...result, body };
}

describe('peer-bridge serve --surface workbench', () => {
  it('advertises the fs tools with the input schemas from schemas/fs-tools.schema.json', async () => {
    const served = await workbench(tempDir('pb-wb-'));
    const { tools } = await served.client.listTools();
    const defs = JSON.parse(readFileSync(path.join(repoRoot, 'schemas', 'fs-tools.schema.json'), 'utf8')).$defs;
    expect(tools.map((t) => t.name).sort()).toEqual(Object.keys(defs).sort());
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['notebook_edit', 'delete_symbol']));
    for (const tool of tools) expect(tool.inputSchema).toEqual(defs[tool.name]);
    expect(tools.find((t) => t.name === 'read_file')?.annotations?.readOnlyHint).toBe(true);
  });

  it('read → edit → external write → edit is refused as stale, and the external bytes survive', async () => {
    const ws = tempDir('pb-wb-');
    writeFileSync(path.join(ws, 'app.py'), 'x = 1\ny = 2\n');
    const served = await workbench(ws);

    const read = await call(served, 'read_file', { path: 'app.py' });
    expect(read.isError).toBeFalsy();
    expect(read.body).toMatchObject({ ok: true, content: 'x = 1\ny = 2\n', total_lines: 2 });

    const edit = await call(served, 'edit_file', { path: 'app.py', old_string: 'x = 1', new_string: 'x = 10' });
    expect(edit.isError).toBeFalsy();
    expect(edit.body).toMatchObject({ ok: true, replacements: 1 });
    expect(readFileSync(path.join(ws, 'app.py'), 'utf8')).toBe('x = 10\ny = 2\n');

    writeFileSync(path.join(ws, 'app.py'), 'x = 10\ny = 3\n');
    const stale = await call(served, 'edit_file', { path: 'app.py', old_string: 'x = 10', new_string: 'x = 11' });
    expect(stale.isError).toBe(true);
    expect(stale.body).toMatchObject({ ok: false, code: 'FS_STALE_VERSION' });
    expect(readFileSync(path.join(ws, 'app.py'), 'utf8')).toBe('x = 10\ny = 3\n');

    await call(served, 'read_file', { path: 'app.py' });
    const symbol = await call(served, 'delete_symbol', { path: 'app.py', symbol: 'nothing' });
    expect(symbol.body).toMatchObject({ ok: false, code: 'FS_SYMBOL_NOT_FOUND' });
    const again = await call(served, 'edit_file', { path: 'app.py', old_string: 'x = 10', new_string: 'x = 11' });
    expect(again.body).toMatchObject({ ok: true });
    expect(readFileSync(path.join(ws, 'app.py'), 'utf8')).toBe('x = 11\ny = 3\n');
  });

  it('binds paths to the launch workspace and refuses a workspace argument by name', async () => {
    const ws = tempDir('pb-wb-');
    const served = await workbench(ws);
    const outside = await call(served, 'read_file', { path: path.join(os.tmpdir(), 'elsewhere.txt') });
    expect(outside.body).toMatchObject({ ok: false, code: 'FS_OUTSIDE_WORKSPACE' });
    const extra = await call(served, 'write_file', { path: 'a.txt', content: 'x', workspace: '/' });
    expect(extra.isError).toBe(true);
    expect(extra.body).toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
    expect(String(extra.body.message)).toContain('"workspace"');
    await expect(served.client.callTool({ name: 'bridge_advise', arguments: { task: 'x' } })).rejects.toThrow(
      /Unknown tool/,
    );
  });

  it('gives each session its own observations: a read in one server does not let another write', async () => {
    const ws = tempDir('pb-wb-');
    writeFileSync(path.join(ws, 'notes.md'), 'one\n');
    const first = await workbench(ws);
    const second = await workbench(ws);
    await call(first, 'read_file', { path: 'notes.md' });
    const blind = await call(second, 'write_file', { path: 'notes.md', content: 'overwritten\n' });
    expect(blind.body).toMatchObject({ ok: false, code: 'FS_NOT_OBSERVED' });
    const created = await call(second, 'write_file', { path: 'new.md', content: 'fresh\n' });
    expect(created.body).toMatchObject({ ok: true, created: true });
    expect(readFileSync(path.join(ws, 'notes.md'), 'utf8')).toBe('one\n');
  });

  it('refuses an unknown surface and bridge-only options as usage errors (exit 2)', async () => {
    const ws = tempDir('pb-wb-');
    const run = (args: string[]) =>
      execa(process.execPath, [...cliArgs, 'serve', '--workspace', ws, ...args], {
        cwd: repoRoot,
        env: baseEnv(),
        extendEnv: false,
        reject: false,
        stdin: 'ignore',
      });
    const bad = await run(['--surface', 'files']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('--surface must be bridge or workbench');
    const mixed = await run(['--surface', 'workbench', '--runner', 'codex']);
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toContain('--runner');
  });
});

describe('peer-bridge serve --surface workbench stopping', () => {
  it('on SIGTERM answers the call in flight and refuses, with an answer, one that arrives while it drains', async () => {
    const { LockSet, pathKey } = await import('../../src/fs/locks.js');
    const { lock } = await import('../../src/native/index.js');
    const { waitFor } = await import('./wait.js');
    const workspace = realpathSync(tempDir('pb-wb-stop-'));
    const served = await workbench(workspace);
    // Holding the files' cross-process locks keeps the writes in flight for as long as needed.
    const locks = new LockSet(lockDir);
    const heldA = await lock(locks.fileFor(pathKey(path.join(workspace, 'a.txt'))));
    const heldB = await lock(locks.fileFor(pathKey(path.join(workspace, 'b.txt'))));
    const settle = (p: Promise<unknown>) =>
      p.then(
        (value) => ({ value: value as CallToolResult }),
        (error: Error) => ({ error: error.message }),
      );
    const first = settle(served.client.callTool({ name: 'write_file', arguments: { path: 'a.txt', content: 'A' } }));
    // Requests start in arrival order: once a later one is answered, the write has started.
    await call(served, 'read_file', { path: 'c.txt' });
    process.kill(served.pid()!, 'SIGTERM');
    await waitFor(() => served.stderr().includes('stopping (SIGTERM)'), 'the server to start stopping');
    const second = settle(served.client.callTool({ name: 'write_file', arguments: { path: 'b.txt', content: 'B' } }));
    heldA.release();
    const [written, refused] = await Promise.all([first, second]);
    heldB.release();
    expect(written).toMatchObject({ value: { isError: false } });
    expect(readFileSync(path.join(workspace, 'a.txt'), 'utf8')).toBe('A');
    expect(refused).toMatchObject({ error: expect.stringMatching(/stopping/) });
    expect(readdirSync(workspace)).toEqual(['a.txt']);
  });
});
