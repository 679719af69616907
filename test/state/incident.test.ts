import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { gitWorkspaceDelta } from '../../src/state/git-delta.js';
import { writeIncident, type IncidentInput, type IncidentRecord } from '../../src/state/incident.js';
import { openTranscript } from '../../src/state/transcript.js';
import { list, tempWorkspace } from '../helpers/temp-workspace.js';

function input(workspace: string, overrides: Partial<IncidentInput> = {}): IncidentInput {
  return {
    workspace,
    run_id: 'run-7',
    fault: 'child-exit',
    reason: 'codex exited with code 1 before answering',
    verb: 'implement',
    runner: 'codex',
    direction: 'claude-code->codex',
    depth: 0,
    model: 'gpt-5.5',
    effort: 'high',
    duration_seconds: 3.5,
    transcript_path: '.peer-bridge/transcripts/run-7.jsonl',
    budget_seconds: 600,
    exit_code: 1,
    signal: null,
    stderr_tail: 'panic: boom',
    ...overrides,
  };
}

async function readIncident(workspace: string, rel: string): Promise<IncidentRecord> {
  return JSON.parse(await readFile(path.join(workspace, rel), 'utf8')) as IncidentRecord;
}

async function gitRepo(ws: string): Promise<void> {
  const git = (...args: string[]) => execa('git', args, { cwd: ws });
  await git('init', '-q');
  await git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '--allow-empty', '-m', 'start');
}

describe('incident writer', () => {
  it('writes .peer-bridge/incidents/<timestamp>-<run_id>-<fault>.json with the whole context', async () => {
    const ws = await tempWorkspace();
    const rel = await writeIncident(input(ws));
    expect(rel).toMatch(/^\.peer-bridge\/incidents\/\d{8}T\d{6}\.\d{3}Z-run-7-child-exit\.json$/);
    const record = await readIncident(ws, rel);
    expect(record).toMatchObject({
      fault: 'child-exit',
      reason: 'codex exited with code 1 before answering',
      run_id: 'run-7',
      verb: 'implement',
      model: 'gpt-5.5',
      effort: 'high',
      budget_seconds: 600,
      transcript_path: '.peer-bridge/transcripts/run-7.jsonl',
      exit_code: 1,
      signal: null,
      stderr_tail: 'panic: boom',
      previous_incident: null,
      workspace_delta: null,
      workspace_delta_unavailable: 'the workspace is not a git repository',
    });
    expect(await list(path.join(ws, '.peer-bridge', 'incidents'))).toEqual([path.basename(rel)]);
  });

  it('links each incident to the one before it', async () => {
    const ws = await tempWorkspace();
    const first = await writeIncident(input(ws, { fault: 'timeout' }));
    const second = await writeIncident(input(ws, { fault: 'spawn' }));
    expect((await readIncident(ws, second)).previous_incident).toBe(first);
  });

  it('two incidents of the same run and fault in the same millisecond both survive', async () => {
    const ws = await tempWorkspace();
    const paths = await Promise.all([1, 2, 3].map(() => writeIncident(input(ws))));
    expect(new Set(paths).size).toBe(3);
    expect(await list(path.join(ws, '.peer-bridge', 'incidents'))).toHaveLength(3);
  });

  it('keeps as much of a multi-byte stderr tail as fits in 4 KiB, from a whole character on', async () => {
    // Text shorter than 4097 UTF-16 units but longer than 4 KiB of UTF-8 used to be searched only
    // in its last few units (a negative slice start), keeping a fraction of what fits, sometimes
    // from half a surrogate pair or half a flag.
    const ws = await tempWorkspace();
    const cases = [
      { stderr: `START${'中'.repeat(3000)}END`, tail: `${'中'.repeat(1364)}END` },
      { stderr: `x${'😀'.repeat(2000)}y`, tail: `${'😀'.repeat(1023)}y` },
      { stderr: `x${'🇫🇷'.repeat(600)}y`, tail: `${'🇫🇷'.repeat(511)}y` },
      { stderr: `x${'🇫🇷'.repeat(600)}`, tail: '🇫🇷'.repeat(512) },
    ];
    for (const { stderr, tail } of cases) {
      const record = await readIncident(ws, await writeIncident(input(ws, { stderr_tail: stderr })));
      expect(record.stderr_tail).toBe(tail);
    }
  });

  it('keeps only the last 4 KiB of stderr, cut between characters', async () => {
    const ws = await tempWorkspace();
    const stderr = `START${'é'.repeat(5000)}END`;
    const record = await readIncident(ws, await writeIncident(input(ws, { stderr_tail: stderr })));
    expect(Buffer.byteLength(record.stderr_tail!)).toBeLessThanOrEqual(4096);
    expect(record.stderr_tail!.endsWith('éEND')).toBe(true);
    expect(record.stderr_tail!.startsWith('é')).toBe(true);
  });

  it('records the git workspace delta in a git repository', async () => {
    const ws = await tempWorkspace();
    await gitRepo(ws);
    await writeFile(path.join(ws, 'new file ü.txt'), 'x\n');
    await writeIncident(input(ws, { fault: 'timeout' })); // its own files are not part of the delta
    const record = await readIncident(ws, await writeIncident(input(ws)));
    expect(record.workspace_delta).toMatchObject({ head: expect.stringMatching(/^[0-9a-f]{40}$/), truncated: false });
    expect(record.workspace_delta!.status).toEqual(['?? "new file ü.txt"']);
    expect(record.workspace_delta_unavailable).toBeNull();
  });

  it('shows tracked changes in the diff stat', async () => {
    const ws = await tempWorkspace();
    await gitRepo(ws);
    await writeFile(path.join(ws, 'a.txt'), 'one\n');
    await execa('git', ['add', 'a.txt'], { cwd: ws });
    await execa('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'a'], {
      cwd: ws,
    });
    await writeFile(path.join(ws, 'a.txt'), 'one\ntwo\n');
    const result = await gitWorkspaceDelta(ws);
    expect(result.available && result.delta.status).toEqual([' M a.txt']);
    expect(result.available && result.delta.diff_stat).toContain('a.txt | 1 +');
  });

  it.skipIf(process.platform === 'win32')(
    "runs no command from the repository's config while taking the delta",
    async () => {
      // The child may have written .git/config (or left a filter in .gitattributes): core.fsmonitor,
      // a clean filter, a textconv or an external diff would run as the user, outside any sandbox.
      const ws = await tempWorkspace();
      await gitRepo(ws);
      const git = (...args: string[]) => execa('git', args, { cwd: ws });
      await writeFile(path.join(ws, 'a.txt'), 'one\n');
      await git('add', 'a.txt');
      await git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-q', '-m', 'a');
      // Outside the workspace, in a folder without spaces: git hands these to a shell.
      const bin = await mkdtemp(path.join(os.tmpdir(), 'pb-hook-'));
      const marker = path.join(bin, 'ran.log');
      const hook = path.join(bin, 'hook.sh');
      await writeFile(hook, `#!/bin/sh\necho "$0 $*" >> '${marker}'\ncat\n`, { mode: 0o755 });
      for (const key of [
        'core.fsmonitor',
        'filter.f.clean',
        'filter.f.process',
        'filter.my.dotted.clean',
        'diff.x.textconv',
        'diff.external',
      ])
        await git('config', key, hook);
      await writeFile(path.join(ws, '.gitattributes'), '*.txt diff=x filter=f\n*.md filter=my.dotted\n');
      await writeFile(path.join(ws, 'a.txt'), 'one\ntwo\n');
      await writeFile(path.join(ws, 'b.md'), 'b\n');
      const result = await gitWorkspaceDelta(ws);
      expect(existsSync(marker)).toBe(false);
      expect(result.available && result.delta.status).toContain(' M a.txt');
      expect(result.available && result.delta.diff_stat).toContain('a.txt | 1 +');
    },
  );

  it.skipIf(process.platform === 'win32')(
    'writes nothing through a .peer-bridge folder that a run replaced by a symlink',
    async () => {
      // A write-capable child can swap .peer-bridge (or incidents/, transcripts/) for a link to any
      // folder of the user; the harness writes after the child is gone, so a check then holds.
      for (const linked of ['.peer-bridge', '.peer-bridge/incidents', '.peer-bridge/transcripts']) {
        const ws = await tempWorkspace();
        const outside = await mkdtemp(path.join(os.tmpdir(), 'pb-outside-'));
        await mkdir(path.dirname(path.join(ws, linked)), { recursive: true });
        await symlink(outside, path.join(ws, linked));
        const [incident, transcript] = await Promise.allSettled([
          writeIncident(input(ws)),
          openTranscript({ workspace: ws, runId: 'run-7' }).close(),
        ]);
        const refused = { status: 'rejected', reason: expect.objectContaining({ code: 'STATE_SYMLINK' }) };
        expect(incident).toMatchObject(linked.endsWith('transcripts') ? { status: 'fulfilled' } : refused);
        expect(transcript).toMatchObject(linked.endsWith('incidents') ? { status: 'fulfilled' } : refused);
        expect(await list(outside)).toEqual([]);
      }
    },
  );

  it('works without git on the machine', async () => {
    const ws = await tempWorkspace();
    await gitRepo(ws);
    const result = await gitWorkspaceDelta(ws, { gitBinary: path.join(ws, 'no-such-git') });
    expect(result).toEqual({ available: false, reason: 'git is not installed' });
    const rel = await writeIncident(input(ws), { gitBinary: path.join(ws, 'no-such-git') });
    expect((await readIncident(ws, rel)).workspace_delta_unavailable).toBe('git is not installed');
  });

  it('leaves no temporary files behind', async () => {
    const ws = await tempWorkspace();
    await mkdir(path.join(ws, '.peer-bridge', 'incidents'), { recursive: true });
    await writeIncident(input(ws));
    const names = await list(path.join(ws, '.peer-bridge', 'incidents'));
    expect(names.filter((n) => n.startsWith('.'))).toEqual([]);
  });
});
