// A peer runs with write access to the workspace and can break `.peer-bridge/`. Whatever form
// that takes, every later call still gets an envelope (blocked, `state-unusable`, naming the path
// and the fix), a new server on the workspace starts, and bridge_status and doctor say what is
// wrong. Over real MCP stdio, with the real Codex CLI as the peer doing the tampering.
import { lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { diagnose } from '../../src/cli/doctor.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { Turn } from '../doubles/script.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { startServer, type Served } from '../helpers/serve-client.js';

const tempDir = useTempDir('peer-bridge-tamper-');
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

interface Form {
  name: string;
  /** The shell command the peer runs (cwd: the workspace). */
  command: string;
  /** The workspace-relative path reported as unusable. */
  path: string;
  /** What the peer left there. */
  kind: 'folder' | 'symlink' | 'file';
}

// Each form replaces a state path the bridge relies on (with mv, not rm: Codex refuses rm -f
// without approval). The targets outside are real, so a bridge that followed a link would write
// there (checked after each test).
const forms: Form[] = [
  {
    name: 'ledger.jsonl replaced by a folder',
    command: 'mv .peer-bridge/ledger.jsonl .peer-bridge/old && mkdir .peer-bridge/ledger.jsonl',
    path: '.peer-bridge/ledger.jsonl',
    kind: 'folder',
  },
  {
    name: 'ledger.jsonl replaced by a symbolic link',
    command: 'mv .peer-bridge/ledger.jsonl .peer-bridge/old && ln -s ../outside/victim .peer-bridge/ledger.jsonl',
    path: '.peer-bridge/ledger.jsonl',
    kind: 'symlink',
  },
  {
    name: '.peer-bridge replaced by a file',
    command: 'mv .peer-bridge old-state && echo planted > .peer-bridge',
    path: '.peer-bridge',
    kind: 'file',
  },
  {
    name: 'transcripts/ replaced by a symbolic link',
    command: 'mv .peer-bridge/transcripts .peer-bridge/old && ln -s ../outside .peer-bridge/transcripts',
    path: '.peer-bridge/transcripts',
    kind: 'symlink',
  },
];

async function call(served: Served, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await served.client.callTool({ name, arguments: args }, CallToolResultSchema, {
    timeout: 120_000,
  })) as CallToolResult;
}

const envelopeOf = (result: CallToolResult) => result.structuredContent as Record<string, any>;

function expectStateUnusable(result: CallToolResult, form: Form): void {
  const envelope = envelopeOf(result);
  expect(envelope).toMatchObject({ status: 'blocked', incident: null });
  expect(envelope.blockers[0]).toMatch(/^state-unusable: /);
  expect(envelope.blockers[0]).toContain(form.path);
  expect(envelope.blockers[0]).toContain('fix: move it aside');
}

describe.each(forms)('state tampered: $name', (form) => {
  it('gives every later call an envelope, and a new server starts and reports it', async () => {
    const dir = realpathSync(tempDir());
    const workspace = path.join(dir, 'ws');
    const outside = path.join(workspace, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'victim'), 'keep\n');
    const turns: Turn[] = [
      { kind: 'tool', command: form.command },
      { kind: 'answer', answer: answer() },
    ];
    const double = await startResponsesDouble(turns);
    cleanup.push(() => double.close());
    const env = codexEnv(double.origin, dir);
    const served = await startServer({ workspace, env });
    cleanup.push(() => served.close());

    // The call creates the state (its start is on disk before the child runs); the peer breaks it
    // while it runs. The call itself still ends in an envelope: its answer, or state-unusable
    // when its transcript can no longer be written.
    const during = envelopeOf(await call(served, 'bridge_implement', { task: 'break the state' }));
    expect(['complete', 'blocked']).toContain(during.status);
    if (during.status === 'blocked') expect(during.blockers[0]).toMatch(/^state-unusable: /);
    const left = lstatSync(path.join(workspace, form.path));
    expect({ folder: left.isDirectory(), symlink: left.isSymbolicLink(), file: left.isFile() }[form.kind]).toBe(true);

    // Every later call: an envelope, never a protocol error; nothing written through a link.
    for (const tool of ['bridge_advise', 'bridge_review'] as const)
      expectStateUnusable(await call(served, tool, { task: 'again', run_id: `later-${tool}` }), form);
    expect(double.requests.length).toBe(2);
    const status = (await call(served, 'bridge_status', {})).structuredContent as Record<string, any>;
    expect(status.state).toMatchObject({
      directory: '.peer-bridge',
      usable: false,
      problems: [expect.objectContaining({ path: form.path })],
    });

    // A new server on the same workspace starts, answers, and says the same.
    const second = await startServer({ workspace, env });
    cleanup.push(() => second.close());
    expectStateUnusable(await call(second, 'bridge_advise', { task: 'after restart' }), form);
    const secondStatus = (await call(second, 'bridge_status', {})).structuredContent as Record<string, any>;
    expect(secondStatus.state.usable).toBe(false);
    const doctor = (await diagnose(workspace)).filter((check) => check.name === 'state');
    expect(doctor).toMatchObject([
      { level: 'fail', fix: expect.stringContaining(`mv ${form.path} ${form.path}.broken`) },
    ]);
    expect(readFileSync(path.join(outside, 'victim'), 'utf8')).toBe('keep\n');
    expect(readdirSync(outside)).toEqual(['victim']);

    // The fix the cause names works: the next call runs again.
    renameSync(path.join(workspace, form.path), path.join(workspace, `${form.path}.broken`));
    const fixedStatus = (await call(second, 'bridge_status', {})).structuredContent as Record<string, any>;
    expect(fixedStatus.state).toMatchObject({ usable: true, problems: [] });
  });
});

describe('state folder', () => {
  it('is created with its own .gitignore, so run state never lands in a commit', async () => {
    const dir = realpathSync(tempDir());
    const workspace = path.join(dir, 'ws');
    mkdirSync(workspace);
    const served = await startServer({ workspace });
    cleanup.push(() => served.close());
    await call(served, 'bridge_advise', { task: 'x', effort: 'no-such-level' });
    expect(readFileSync(path.join(workspace, '.peer-bridge', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
  });

  it('gets its .gitignore at server start when an older version made it without one', async () => {
    const dir = realpathSync(tempDir());
    const workspace = path.join(dir, 'ws');
    mkdirSync(path.join(workspace, '.peer-bridge'), { recursive: true });
    const served = await startServer({ workspace });
    cleanup.push(() => served.close());
    await call(served, 'bridge_status', {});
    expect(readFileSync(path.join(workspace, '.peer-bridge', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
  });
});
