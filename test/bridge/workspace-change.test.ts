// What a peer really changed: the real Codex CLI runs a scripted shell command in a real git
// workspace; the transcript and the incident carry the change between the call's start and end.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Turn } from '../doubles/script.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { answer, codexEnv } from '../helpers/peers.js';

const tempDir = useTempDir('peer-bridge-change-');
const closers: (() => Promise<void>)[] = [];
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(async () => {
  process.env = saved;
  for (const close of closers.splice(0)) await close();
});

async function setup(turns: Turn[]) {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ws, stdio: 'ignore' });
  git('init', '-q');
  writeFileSync(path.join(ws, 'kept.txt'), 'kept\n');
  writeFileSync(path.join(ws, 'edited.txt'), 'before\n');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'base');
  writeFileSync(path.join(ws, 'dirty.txt'), 'dirty before the call\n');
  const double = await startResponsesDouble(turns);
  closers.push(double.close);
  Object.assign(process.env, codexEnv(double.origin, dir), { HOME: dir });
  return ws;
}

const transcript = (ws: string, relative: string) =>
  readFileSync(path.join(ws, relative), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string } & Record<string, unknown>);

describe('what the peer really changed', () => {
  it('the transcript holds the change and where files_touched disagrees with it', async () => {
    const ws = await setup([
      { kind: 'tool', command: 'echo after > edited.txt && echo new > made.txt' },
      { kind: 'answer', answer: answer({ files_touched: ['edited.txt', 'claimed.txt'] }) },
    ]);
    const envelope = await runBridge({ verb: 'implement', task: 'Edit edited.txt.', workspace: ws, runner: 'codex' });
    expect(envelope.status).toBe('complete');
    // The public envelope keeps the model's claim; the facts are in the transcript.
    expect(envelope.files_touched).toEqual(['edited.txt', 'claimed.txt']);
    const records = transcript(ws, envelope.transcript_path);
    expect(records.find((r) => r.type === 'bridge.workspace_change')).toMatchObject({
      kind: 'git',
      added: ['made.txt'],
      modified: ['edited.txt'],
      deleted: [],
    });
    expect(records.find((r) => r.type === 'bridge.files_touched_mismatch')).toMatchObject({
      claimed_unchanged: ['claimed.txt'],
      unclaimed: ['made.txt'],
    });
    expect(existsSync(path.join(ws, '.peer-bridge', 'snapshots', `${envelope.run_id}.json`))).toBe(false);
  }, 60_000);

  it('the incident holds the change, not only the end state', async () => {
    const ws = await setup([
      { kind: 'tool', command: 'echo after > edited.txt' },
      { kind: 'text', text: 'done, no JSON here' },
    ]);
    const envelope = await runBridge({ verb: 'implement', task: 'Edit edited.txt.', workspace: ws, runner: 'codex' });
    expect(envelope.incident).not.toBeNull();
    const incident = JSON.parse(readFileSync(path.join(ws, envelope.incident!), 'utf8'));
    expect(incident.workspace_change).toMatchObject({ added: [], modified: ['edited.txt'], deleted: [] });
    // The end state still shows the file that was dirty before the call; the change does not.
    expect(incident.workspace_delta.status.join('\n')).toContain('dirty.txt');
  }, 60_000);
});
