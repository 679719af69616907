// End to end with the real Claude Code CLI as the MCP client of `serve --surface workbench`: its
// scripted model reads a 100,000-line file through read_file, asking for every line at once and
// following next_offset (and next_column, through a 200,000-character line) window by window. Claude Code hands its model a file path instead of any
// result over 50,000 characters unless the tool declares more in its _meta; so every result the
// model receives must be the file's own lines, both with the default budget and with a raised one.
import { spawn } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeBin, claudeEnv } from '../helpers/peers.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { baseEnv, cliArgs } from '../helpers/serve-client.js';
import { lastToolResult, startToolCallingModel } from './mcp-calling-model.js';

const tempDir = useTempDir('peer-bridge-e2e-read-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const TOOL = 'mcp__workbench__read_file';
const LINES = 100_000;

interface Window {
  content: string;
  start_line: number;
  end_line: number;
  next_offset?: number;
  next_column?: number;
}

function run(args: string[], options: { cwd: string; env: Record<string, string> }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(claudeBin, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Claude Code reads `big.txt` through the workbench with `serverEnv`; returns every tool result
// its model received, in order.
async function readThroughClaude(serverEnv: Record<string, string>): Promise<{ results: string[]; text: string }> {
  const dir = realpathSync(tempDir());
  const workspace = path.join(dir, 'project');
  mkdirSync(workspace);
  const lines = Array.from({ length: LINES }, (_, i) => `line ${String(i + 1).padStart(6, '0')} "x"`);
  // One line (minified code, say) longer than any window: read in parts with next_column.
  lines[LINES / 2] = `long ${'z'.repeat(200_000)}`;
  const text = `${lines.join('\n')}\n`;
  writeFileSync(path.join(workspace, 'big.txt'), text);
  // The model asks for the whole file, then goes on from each window's next_offset until there is none.
  // A result that is not a window (a saved-to-file note) ends the reading; the checks report it.
  const model = await startToolCallingModel(TOOL, { path: 'big.txt', limit: LINES }, (result) => {
    const window = result.startsWith('{') ? (JSON.parse(result) as Window) : undefined;
    if (window?.next_offset === undefined) return null;
    const column = window.next_column === undefined ? {} : { column: window.next_column };
    return { path: 'big.txt', offset: window.next_offset, ...column, limit: LINES };
  });
  closers.push(() => model.close());
  const mcpConfig = {
    mcpServers: {
      workbench: {
        type: 'stdio',
        command: process.execPath,
        args: [...cliArgs, 'serve', '--surface', 'workbench', '--workspace', workspace],
        env: baseEnv({ PEER_BRIDGE_LOCK_DIR: path.join(dir, 'locks'), ...serverEnv }),
        alwaysLoad: true,
      },
    },
  };
  const result = await run(
    [
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--no-session-persistence',
      '--strict-mcp-config',
      '--mcp-config',
      JSON.stringify(mcpConfig),
      '--allowedTools',
      TOOL,
      '--',
      'Read big.txt whole.',
    ],
    { cwd: workspace, env: baseEnv({ ...claudeEnv(model.origin, dir), MCP_TIMEOUT: '120000' }) },
  );
  expect(result.code, result.stderr).toBe(0);
  // Each request carries the conversation so far: its last tool result is the newest one.
  const results = model.requests.map((r) => lastToolResult(r.body)).filter((t): t is string => t !== null);
  return { results, text };
}

// Every result is a window of the file's own lines (never a saved-to-file note), and together
// they are the whole file.
function expectWholeFile(results: string[], text: string, budget: number): void {
  const windows = results.map((result) => {
    expect(Buffer.byteLength(result)).toBeLessThanOrEqual(budget);
    expect(result).not.toMatch(/saved|persisted-output|exceeds maximum/i);
    return JSON.parse(result) as Window;
  });
  expect(windows.length).toBeGreaterThan(1);
  expect(windows[0]!.start_line).toBe(1);
  for (const [i, window] of windows.entries()) {
    if (i > 0) expect(window.start_line).toBe(windows[i - 1]!.next_offset);
  }
  // The long line took several windows, each going on where the last one stopped.
  expect(windows.filter((w) => w.next_column !== undefined).length).toBeGreaterThanOrEqual(
    Math.floor(200_000 / budget),
  );
  expect(windows.at(-1)).toMatchObject({ end_line: LINES });
  expect(windows.map((w) => w.content).join('')).toBe(text);
}

describe('Claude Code reads a large file through the workbench in windows', () => {
  it('with the default budget: every window is under 50,000 characters and arrives as the lines', async () => {
    const { results, text } = await readThroughClaude({});
    expectWholeFile(results, text, 40_000);
    // Cut by the budget, not by the limit: the model asked for every line each time.
    expect(results.length).toBeGreaterThan(text.length / 40_000);
  }, 300_000);

  it('with PEER_BRIDGE_MAX_RESULT_BYTES at 150,000: windows over 50,000 characters arrive whole', async () => {
    const { results, text } = await readThroughClaude({ PEER_BRIDGE_MAX_RESULT_BYTES: '150000' });
    expectWholeFile(results, text, 150_000);
    // Claude Code kept results past its default 50,000 inline because read_file declared its bound.
    expect(Math.max(...results.map((r) => r.length))).toBeGreaterThan(140_000);
  }, 300_000);
});
