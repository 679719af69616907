// read_file over `serve --surface workbench` with the SDK client over real stdio: every window fits
// the result budget the model clients accept (PEER_BRIDGE_MAX_RESULT_BYTES, 40,000 UTF-8 bytes of
// JSON by default), cut at a line with truncated and next_offset, and following next_offset reads
// the whole file; a raised budget is declared in read_file's tools/list _meta.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { openWorkbench } from '../../src/fs/index.js';
import { baseEnv, cliArgs, repoRoot, type Served } from '../helpers/serve-client.js';
import { useWorkbenchServers } from './workbench-client.js';

const { tempDir, lockDir, workbench } = useWorkbenchServers('pb-wb-budget-');

interface Window {
  content: string;
  start_line: number;
  end_line: number;
  total_lines: number;
  truncated?: boolean;
  next_offset?: number;
  next_column?: number;
  start_column?: number;
  warnings?: string[];
}

// One read_file call: its body, and the UTF-8 bytes of the JSON the client gets (text and
// structuredContent carry the same JSON; Claude Code shows its model the structuredContent's).
async function read(served: Served, args: Record<string, unknown>): Promise<{ body: Window; bytes: number }> {
  const result = (await served.client.callTool({ name: 'read_file', arguments: args })) as CallToolResult;
  expect(result.isError).toBeFalsy();
  const text = (result.content[0] as { text: string }).text;
  expect(JSON.stringify(result.structuredContent)).toBe(text);
  return { body: JSON.parse(text) as Window, bytes: Buffer.byteLength(text) };
}

// Lines of 90 characters with quotes, backslashes and a tab, which JSON escapes (each counts twice).
function numberedLines(count: number): string {
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) lines.push(`${String(i).padStart(6, '0')} "quoted" \\path\\ \t`.padEnd(89, 'x'));
  return `${lines.join('\n')}\n`;
}

// Reads the whole file window by window, following next_offset and next_column; returns the windows.
async function readAll(served: Served, file: string, limit?: number): Promise<{ body: Window; bytes: number }[]> {
  const windows: { body: Window; bytes: number }[] = [];
  let next: { offset: number; column?: number } | undefined = { offset: 1 };
  while (next) {
    const window = await read(served, { path: file, ...next, ...(limit ? { limit } : {}) });
    windows.push(window);
    const { next_offset: offset, next_column: column } = window.body;
    next = offset === undefined ? undefined : { offset, ...(column === undefined ? {} : { column }) };
  }
  return windows;
}

describe('read_file windows over MCP fit the result budget', () => {
  it('cuts a window at a line under 40,000 bytes, and next_offset reads the whole file', async () => {
    const ws = tempDir('pb-wb-budget-');
    const text = numberedLines(5_000);
    writeFileSync(path.join(ws, 'big.txt'), text);
    const served = await workbench(ws);
    const readTool = (await served.client.listTools()).tools.find((t) => t.name === 'read_file');
    expect(readTool?._meta).toBeUndefined();

    // The default window (2,000 lines, 180,000 characters) and an explicit large limit are both cut.
    const first = await read(served, { path: 'big.txt' });
    expect(first.bytes).toBeLessThanOrEqual(40_000);
    expect(first.bytes).toBeGreaterThan(39_000);
    expect(first.body).toMatchObject({ start_line: 1, truncated: true, total_lines: 5_000 });
    expect(first.body.next_offset).toBe(first.body.end_line + 1);
    expect(first.body.content).toBe(text.split('\n').slice(0, first.body.end_line).join('\n') + '\n');

    const windows = await readAll(served, 'big.txt', 99_999);
    expect(windows.length).toBeGreaterThan(10);
    for (const { bytes } of windows) expect(bytes).toBeLessThanOrEqual(40_000);
    expect(windows.map((w) => w.body.content).join('')).toBe(text);
    expect(windows.at(-1)?.body).toMatchObject({ end_line: 5_000 });
    expect(windows.at(-1)?.body.next_offset).toBeUndefined();

    // The library keeps its own, larger bound: the default 2,000 lines in one window.
    const wb = openWorkbench({ workspace: ws, lockDir });
    expect(await wb.readFile({ path: 'big.txt' })).toMatchObject({ ok: true, end_line: 2_000, next_offset: 2_001 });
  });

  it('reads a line longer than the budget in parts, going on at next_column, never splitting a surrogate pair', async () => {
    const ws = tempDir('pb-wb-budget-');
    // A 100,000-character line of astral characters (200,000 bytes), between short ones.
    const long = '😀'.repeat(50_000);
    writeFileSync(path.join(ws, 'min.js'), `first\n${long}\nlast\n`);
    const served = await workbench(ws);
    const windows = await readAll(served, 'min.js');
    // Line 1, then line 2 in parts; the last part goes on to line 3.
    expect(windows.map((w) => w.body.start_line)).toEqual([1, ...windows.slice(1).map(() => 2)]);
    expect(windows.at(-1)!.body).toMatchObject({ end_line: 3 });
    const parts = windows.slice(1, -1);
    expect(parts.length).toBeGreaterThanOrEqual(5);
    for (const [i, { body, bytes }] of parts.entries()) {
      expect(bytes).toBeLessThanOrEqual(40_000);
      expect(body).toMatchObject({ start_line: 2, end_line: 2, truncated: true, next_offset: 2 });
      if (i > 0) expect(body.start_column).toBe(parts[i - 1]!.body.next_column);
      expect(body.next_column).toBe((body.start_column ?? 1) + body.content.length);
      expect(body.warnings).toEqual([
        expect.stringMatching(/^line 2 is too long for one result .*read on with offset 2 and column \d+$/),
      ]);
    }
    expect(windows.at(-1)!.body.start_column).toBe(parts.at(-1)!.body.next_column);
    expect(windows.map((w) => w.body.content).join('')).toBe(`first\n${long}\nlast\n`);
  });

  it('counts bytes, not characters: a window of CJK text holds a third as many characters', async () => {
    const ws = tempDir('pb-wb-budget-');
    const text = Array.from({ length: 2_000 }, (_, i) => `${i + 1} ${'漢字'.repeat(40)}\n`).join('');
    writeFileSync(path.join(ws, 'cjk.txt'), text);
    const served = await workbench(ws);
    const windows = await readAll(served, 'cjk.txt');
    for (const { bytes, body } of windows) {
      expect(bytes).toBeLessThanOrEqual(40_000);
      if (body.next_offset !== undefined) expect(body.content.length).toBeLessThan(14_000);
    }
    expect(windows.map((w) => w.body.content).join('')).toBe(text);
  });

  it('with PEER_BRIDGE_MAX_RESULT_BYTES raised, windows grow to it and read_file declares it in _meta', async () => {
    const ws = tempDir('pb-wb-budget-');
    const text = numberedLines(3_000);
    writeFileSync(path.join(ws, 'big.txt'), text);
    const served = await workbench(ws, { PEER_BRIDGE_MAX_RESULT_BYTES: '120000' });
    const readTool = (await served.client.listTools()).tools.find((t) => t.name === 'read_file');
    expect(readTool?._meta).toEqual({ 'anthropic/maxResultSizeChars': 120_000 });
    const windows = await readAll(served, 'big.txt');
    expect(windows[0]!.bytes).toBeGreaterThan(100_000);
    for (const { bytes } of windows) expect(bytes).toBeLessThanOrEqual(120_000);
    expect(windows.map((w) => w.body.content).join('')).toBe(text);
  });

  it('refuses a budget it cannot use, and says what to set', async () => {
    const result = await execa(
      process.execPath,
      [...cliArgs, 'serve', '--surface', 'workbench', '--workspace', tempDir('pb-wb-budget-')],
      { cwd: repoRoot, env: baseEnv({ PEER_BRIDGE_MAX_RESULT_BYTES: '500' }), extendEnv: false, reject: false },
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.stderr).toMatch(
      /PEER_BRIDGE_MAX_RESULT_BYTES must be a whole number of bytes from 10000 to \d+, got "500"; unset it/,
    );
  });
});
