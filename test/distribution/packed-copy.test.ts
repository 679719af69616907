// dist/ is self-contained: the packed package, unpacked into a temp folder with no node_modules in
// it or above it (as Claude Code copies a plugin: the package's own folder only), runs with plain
// node. Over MCP stdio, the workbench surface deletes a symbol in each language delete_symbol
// parses (the tree-sitter runtime and grammars from dist/grammars/) and reads a Shift_JIS file
// (iconv-lite from dist/vendor/); the bridge surface's bridge_status loads the copy's prebuilt
// addon; the library export peer-bridge/fs does the same from a plain ES module.
// Needs dist/ and prebuilds/ (npm run build:ts, npm run prebuild); `npm test` builds both.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grammarFile,
  RUNTIME_WASM,
  shippedName,
  SYMBOL_LANGUAGES,
  type SymbolLanguage,
} from '../../src/fs/tools/symbol/wasm-files.js';
import { packTarball, unpackTarball } from '../e2e/packed-install.js';

const run = promisify(execFile);

// One file per language: the symbol to delete, the text before and the text after.
const SOURCES: Record<SymbolLanguage, { file: string; symbol: string; before: string; after: string }> = {
  typescript: {
    file: 'a.ts',
    symbol: 'drop',
    before: 'export function keep(): void {}\n\nexport function drop(): number {\n  return 1;\n}\n',
    after: 'export function keep(): void {}\n',
  },
  tsx: {
    file: 'a.tsx',
    symbol: 'Drop',
    before: 'export const Keep = () => <div />;\n\nfunction Drop() {\n  return <span />;\n}\n',
    after: 'export const Keep = () => <div />;\n',
  },
  javascript: {
    file: 'a.js',
    symbol: 'K.drop',
    before: 'class K {\n  keep() {}\n\n  drop() {\n    return 1;\n  }\n}\n',
    after: 'class K {\n  keep() {}\n}\n',
  },
  python: {
    file: 'a.py',
    symbol: 'drop',
    before: 'def keep():\n    pass\n\n\ndef drop():\n    return 1\n',
    after: 'def keep():\n    pass\n',
  },
  go: {
    file: 'a.go',
    symbol: 'drop',
    before: 'package main\n\nfunc keep() {}\n\nfunc drop() int {\n\treturn 1\n}\n',
    after: 'package main\n\nfunc keep() {}\n',
  },
  rust: {
    file: 'a.rs',
    symbol: 'drop_me',
    before: 'fn keep() {}\n\nfn drop_me() -> i32 {\n    1\n}\n',
    after: 'fn keep() {}\n',
  },
  java: {
    file: 'A.java',
    symbol: 'A.drop',
    before: 'class A {\n  void keep() {}\n\n  int drop() {\n    return 1;\n  }\n}\n',
    after: 'class A {\n  void keep() {}\n}\n',
  },
};

let work: string;
let pkg: string;
beforeAll(async () => {
  work = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'pb-packed-copy-')));
  pkg = await unpackTarball(await packTarball(work), work);
}, 300_000);
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The copy's server, started with plain node in `cwd` (outside the repository), with the SDK client on its stdio. */
async function serve(args: string[], cwd: string): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.join(pkg, 'dist', 'cli', 'main.cjs'), 'serve', ...args],
    // Only PATH and HOME: no NODE_PATH or loader of the test runner reaches the copy.
    env: { PATH: path.dirname(process.execPath), HOME: work },
    cwd,
    stderr: 'pipe',
  });
  const client = new Client({ name: 'packed-copy', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return (result.structuredContent ?? JSON.parse((result.content[0] as { text: string }).text)) as Record<
    string,
    unknown
  >;
}

describe('the packed package, copied without node_modules', () => {
  it('has no node_modules in the copy or in any folder above it, and carries its .wasm and vendored files', () => {
    for (let dir = pkg; dir !== path.dirname(dir); dir = path.dirname(dir))
      expect(existsSync(path.join(dir, 'node_modules')), `${dir}/node_modules`).toBe(false);
    for (const file of [RUNTIME_WASM, ...SYMBOL_LANGUAGES.map(grammarFile)])
      expect(existsSync(path.join(pkg, 'dist', 'grammars', shippedName(file))), file).toBe(true);
    expect(existsSync(path.join(pkg, 'dist', 'vendor', 'iconv-lite.cjs'))).toBe(true);
  });

  it('deletes a symbol in each of the seven languages over MCP on the workbench surface', async () => {
    const ws = path.join(work, 'ws-symbols');
    mkdirSync(ws);
    for (const { file, before } of Object.values(SOURCES)) writeFileSync(path.join(ws, file), before);
    const client = await serve(['--surface', 'workbench', '--workspace', ws], work);
    try {
      for (const [language, { file, symbol, after }] of Object.entries(SOURCES)) {
        expect(await call(client, 'read_file', { path: file }), language).toMatchObject({ ok: true });
        const deleted = await call(client, 'delete_symbol', { path: file, symbol });
        expect(deleted, language).toMatchObject({ ok: true, symbol });
        expect(readFileSync(path.join(ws, file), 'utf8'), language).toBe(after);
      }
    } finally {
      await client.close();
    }
  }, 120_000);

  it('reads and edits a Shift_JIS file over MCP (iconv-lite from dist/vendor/)', async () => {
    const ws = path.join(work, 'ws-encoding');
    mkdirSync(ws);
    // "テスト" in Shift_JIS.
    writeFileSync(path.join(ws, 'sj.txt'), Buffer.from([0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x0a]));
    const client = await serve(['--surface', 'workbench', '--workspace', ws], work);
    try {
      expect(await call(client, 'read_file', { path: 'sj.txt', encoding: 'shift_jis' })).toMatchObject({
        ok: true,
        content: 'テスト\n',
      });
      const edit = { path: 'sj.txt', old_string: 'ト', new_string: 'A', encoding: 'shift_jis' };
      expect(await call(client, 'edit_file', edit)).toMatchObject({ ok: true });
      expect(readFileSync(path.join(ws, 'sj.txt'))).toEqual(Buffer.from([0x83, 0x65, 0x83, 0x58, 0x41, 0x0a]));
    } finally {
      await client.close();
    }
  }, 120_000);

  it('answers bridge_status on the bridge surface with the copy own prebuilt addon', async () => {
    const ws = path.join(work, 'ws-bridge');
    mkdirSync(ws);
    const client = await serve(['--workspace', ws, '--runner', 'codex'], work);
    try {
      const status = await call(client, 'bridge_status', {});
      expect(status).toMatchObject({ default_runner: 'codex' });
      const native = status.native as { binary: string };
      expect(path.relative(pkg, native.binary)).toBe(
        path.join('prebuilds', `${process.platform}-${process.arch}`, 'peer-bridge.node'),
      );
    } finally {
      await client.close();
    }
  }, 120_000);

  it('serves peer-bridge/fs as a library: delete_symbol from a plain ES module importing the copy', async () => {
    const ws = path.join(work, 'ws-library');
    mkdirSync(ws);
    writeFileSync(path.join(ws, 'a.py'), SOURCES.python.before);
    const script =
      `const { openWorkbench } = await import(${JSON.stringify(path.join(pkg, 'dist', 'fs', 'index.js'))});` +
      `const wb = await openWorkbench({ workspace: ${JSON.stringify(ws)} });` +
      "await wb.call('read_file', { path: 'a.py' });" +
      "console.log(JSON.stringify(await wb.call('delete_symbol', { path: 'a.py', symbol: 'drop' })));" +
      'await wb.close?.();';
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: work,
      env: { PATH: path.dirname(process.execPath), HOME: work },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop()!)).toMatchObject({ ok: true, symbol: 'drop' });
    expect(readFileSync(path.join(ws, 'a.py'), 'utf8')).toBe(SOURCES.python.after);
  }, 120_000);
});

describe('a copy that lost a grammar', () => {
  it('answers FS_IO_ERROR naming the missing file and how to fix it, and the other languages still work', async () => {
    rmSync(path.join(pkg, 'dist', 'grammars', shippedName(grammarFile('go'))));
    const ws = path.join(work, 'ws-lost-grammar');
    mkdirSync(ws);
    writeFileSync(path.join(ws, SOURCES.go.file), SOURCES.go.before);
    writeFileSync(path.join(ws, SOURCES.rust.file), SOURCES.rust.before);
    const client = await serve(['--surface', 'workbench', '--workspace', ws], work);
    try {
      expect(await call(client, 'read_file', { path: SOURCES.go.file })).toMatchObject({ ok: true });
      const failed = await call(client, 'delete_symbol', { path: SOURCES.go.file, symbol: SOURCES.go.symbol });
      expect(failed).toMatchObject({ ok: false, code: 'FS_IO_ERROR' });
      expect(failed.message).toMatch(/tree-sitter-go\.wasm\.br is missing from .*reinstall peer-bridge/);
      expect(readFileSync(path.join(ws, SOURCES.go.file), 'utf8')).toBe(SOURCES.go.before);
      expect(await call(client, 'read_file', { path: SOURCES.rust.file })).toMatchObject({ ok: true });
      const rust = { path: SOURCES.rust.file, symbol: SOURCES.rust.symbol };
      expect(await call(client, 'delete_symbol', rust)).toMatchObject({ ok: true });
    } finally {
      await client.close();
    }
  }, 120_000);
});
