// A Codex peer waits for a workbench that is slow to start. On its own `codex exec` starts MCP
// servers beside the first turn, and its tool_search finds only the ones up by then (one that took
// 1.5 s was missed): a peer on a busy machine found no workbench and had only apply_patch to edit with. The
// workbench here is a stand-in MCP server that answers `initialize` late, or a command that exits.
import { afterEach, describe, expect, it } from 'vitest';
import { loadRunner } from '../../src/runners/index.js';
import type { PeerWorkbench, RunnerEvent } from '../../src/runners/types.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import type { RecordedRequest } from '../doubles/script.js';
import { codexEnv, collector, request, setEnv, slowWorkbench, tempDir, validCore } from './helpers.js';

// Well past the moment Codex's tool_search answers without waiting, well inside the 30 s it is given.
const START_DELAY_MS = 3000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

const isResponses = (r: RecordedRequest) => r.method === 'POST' && r.url.startsWith('/v1/responses');

// An implement run whose model first searches for tools, then answers; the search's output.
async function implementWithWorkbench(workbench: PeerWorkbench) {
  const double = await startResponsesDouble([
    { kind: 'tool_search', query: 'workbench read and edit files' },
    { kind: 'answer', answer: validCore() },
  ]);
  cleanups.push(() => double.close());
  cleanups.push(setEnv(await codexEnv(double.origin)));
  const workspace = await tempDir('ws');
  const runner = await loadRunner('codex', { workspace });
  const events = collector();
  const result = await runner.run(request('implement', workspace, events.onEvent, { workbench }));
  const searches = double.requests
    .filter(isResponses)
    .flatMap((r) => ((r.body as { input?: unknown[] }).input ?? []) as { type?: string; tools?: { name: string }[] }[])
    .filter((item) => item.type === 'tool_search_output');
  return { result, events: events.events, found: searches.flatMap((s) => s.tools ?? []).map((t) => t.name) };
}

const fatal = (events: RunnerEvent[]) =>
  events.filter((e): e is Extract<RunnerEvent, { type: 'error' }> => e.type === 'error' && e.fatal);

describe('codex runner with a workbench that is slow to start', () => {
  it("waits for it: the model's tool_search finds the workbench", async () => {
    const { result, found } = await implementWithWorkbench(slowWorkbench(START_DELAY_MS));
    expect(result.exitCode).toBe(0);
    expect(found).toContain('mcp__workbench');
  }, 60_000);

  it('fails the call, naming the workbench, when it cannot start', async () => {
    const { result, events } = await implementWithWorkbench({
      ...slowWorkbench(0),
      args: ['-e', 'process.exit(3)'],
    });
    expect(result.exitCode).not.toBe(0);
    expect(
      fatal(events)
        .map((e) => e.message)
        .join('\n'),
    ).toMatch(/required MCP servers failed to initialize: workbench/);
  }, 60_000);
});
