// Named encodings and binary refusal over real MCP stdio (`peer-bridge serve --surface workbench`):
// what a one-shot client sees for a Latin-1 file, a Shift_JIS edit, and a binary file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer, type Served } from '../helpers/serve-client.js';

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const lockDir = tempDir('pb-wbe-locks-');
const servers: Served[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function call(served: Served, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = (await served.client.callTool({ name, arguments: args })) as CallToolResult;
  const body = JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
  expect(result.isError ?? false).toBe(body.ok === false);
  return body;
}

describe('workbench over MCP: encodings', () => {
  it('refuses Latin-1 until named, edits Shift_JIS byte-exactly, refuses binary', async () => {
    const ws = tempDir('pb-wbe-');
    writeFileSync(path.join(ws, 'l1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    const sjis = (middle: number[]) => Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x20, ...middle, 0x0a]);
    writeFileSync(path.join(ws, 'sj.txt'), sjis([0x41]));
    writeFileSync(path.join(ws, 'bin.dat'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00]));
    const served = await startServer({
      workspace: ws,
      args: ['--surface', 'workbench'],
      env: { PEER_BRIDGE_LOCK_DIR: lockDir },
    });
    servers.push(served);

    const refused = await call(served, 'read_file', { path: 'l1.txt' });
    expect(refused).toMatchObject({ ok: false, code: 'FS_ENCODING', message: expect.stringContaining('`encoding`') });
    expect(await call(served, 'read_file', { path: 'l1.txt', encoding: 'latin1' })).toMatchObject({
      ok: true,
      content: 'café\n',
      encoding: 'latin1',
    });

    expect(await call(served, 'read_file', { path: 'sj.txt', encoding: 'shift_jis' })).toMatchObject({
      ok: true,
      content: '日本語 A\n',
    });
    expect(
      await call(served, 'edit_file', { path: 'sj.txt', old_string: 'A', new_string: 'テ', encoding: 'shift_jis' }),
    ).toMatchObject({ ok: true });
    expect(readFileSync(path.join(ws, 'sj.txt'))).toEqual(sjis([0x83, 0x65]));

    expect(await call(served, 'read_file', { path: 'bin.dat' })).toMatchObject({ ok: false, code: 'FS_BINARY' });
    expect(await call(served, 'read_file', { path: 'l1.txt', target: 'buffer' })).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
    });
  });
});
