// The snapshot's change source in a real server: `peer-bridge serve` on a git repository large
// enough for it (5,000 index entries and more), two implement calls of the real Codex CLI. The
// second call's peer edits one tracked file with a shell command (same size, so only an event or
// a look at the file can tell) and adds one; its transcript must hold both, and Git's fsmonitor
// trace must show that the end status was told those paths rather than looking at every file.
// Codex makes and removes `.codex` and `.agents` folders in the workspace during a call: scratch
// folders, which the source names instead of answering "everything".
import { mkdirSync, readFileSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { MIN_INDEX_ENTRIES } from '../../src/state/status-monitor.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { gitRepo } from '../helpers/git-repo.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { useRestoredEnv } from '../helpers/restore-env.js';
import { startServer } from '../helpers/serve-client.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-change-monitor-');
const closers = useRestoredEnv();

const FOLDERS = 52;
const PER_FOLDER = 100;

/**
 * A committed repository of FOLDERS × PER_FOLDER small files, past the source's threshold. The
 * files are an hour old, as in a user's repository: none is racily clean in the index.
 */
function largeRepository(ws: string): void {
  const { git } = gitRepo(ws);
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (let d = 0; d < FOLDERS; d++) {
    mkdirSync(path.join(ws, `d${d}`));
    for (let f = 0; f < PER_FOLDER; f++) {
      const file = path.join(ws, `d${d}`, `f${f}.txt`);
      writeFileSync(file, `file ${d}/${f}\n`);
      utimesSync(file, hourAgo, hourAgo);
    }
  }
  git('add', '.');
  git('commit', '-qm', 'base');
}

describe.runIf(process.platform === 'linux')('the change source in a server', () => {
  it("tells a call's end snapshot what its Codex peer changed in a repository of 5,200 files", async () => {
    expect(FOLDERS * PER_FOLDER).toBeGreaterThan(MIN_INDEX_ENTRIES);
    const dir = realpathSync(tempDir());
    const ws = path.join(dir, 'ws');
    mkdirSync(ws);
    largeRepository(ws);
    const trace = path.join(dir, 'fsmonitor-trace.txt');
    const double = await startResponsesDouble([
      { kind: 'answer', answer: answer() },
      { kind: 'tool', command: 'echo "FILE 7/3" > d7/f3.txt && echo new > d9/made.txt' },
      { kind: 'answer', answer: answer({ files_touched: ['d7/f3.txt', 'd9/made.txt'] }) },
    ]);
    closers.push(() => double.close());
    const served = await startServer({
      workspace: ws,
      env: { ...codexEnv(double.origin, dir), GIT_TRACE_FSMONITOR: trace },
    });
    closers.push(() => served.close());
    const call = async (task: string, run_id: string) =>
      (
        (await served.client.callTool({ name: 'bridge_implement', arguments: { task, run_id } }, CallToolResultSchema, {
          timeout: 120_000,
        })) as CallToolResult
      ).structuredContent as { status: string; transcript_path: string };

    // The first call's snapshots start the source (its first status looks at every file).
    expect((await call('Look around.', 'first')).status).toBe('complete');
    writeFileSync(trace, '');
    const second = await call('Edit d7/f3.txt and add d9/made.txt.', 'second');
    expect(second.status).toBe('complete');
    const records = readFileSync(path.join(ws, second.transcript_path), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);
    expect(records.find((r) => r.type === 'bridge.workspace_change')).toMatchObject({
      kind: 'git',
      added: ['d9/made.txt'],
      modified: ['d7/f3.txt'],
      deleted: [],
    });
    // The statuses went through the source's hook, and the end one was told the peer's paths (the
    // scratch folders Codex made and removed during the call did not make it look at every file).
    const told = readFileSync(trace, 'utf8');
    expect(told.match(/fsmonitor process .* returned success/g)?.length, told).toBeGreaterThanOrEqual(2);
    expect(told, told).toContain("fsmonitor_refresh_callback 'd7/f3.txt'");
    expect(told, told).toContain("fsmonitor_refresh_callback 'd9/made.txt'");
    expect(told, told).not.toContain("mark_fsmonitor_clean 'd0/f0.txt'");
  }, 240_000);
});
