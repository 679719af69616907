// The `peer-bridge/diagnostics` request: answered by both surfaces of the real `serve` (over stdio,
// the MCP SDK client) only when PEER_BRIDGE_DIAGNOSTICS=on, never listed as a tool, refused with
// the fix when the setting is bad; and the loop monitor behind it sees a stall it is shown.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ErrorCode, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DIAGNOSTICS_METHOD, loopMonitor, type Diagnostics } from '../../src/mcp/diagnostics.js';
import { startServer, type Served } from '../helpers/serve-client.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-diagnostics-');
const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function serve(surface: 'bridge' | 'workbench', value?: string): Promise<Served> {
  const served = await startServer({
    workspace: tempDir(),
    args: surface === 'workbench' ? ['--surface', 'workbench'] : [],
    env: value === undefined ? {} : { PEER_BRIDGE_DIAGNOSTICS: value },
  });
  open.push(served);
  return served;
}

const ask = (served: Served) =>
  served.client.request({ method: DIAGNOSTICS_METHOD }, ResultSchema) as unknown as Promise<Diagnostics>;

describe('peer-bridge/diagnostics', () => {
  it.each(['bridge', 'workbench'] as const)(
    'the %s surface answers it when the setting is on',
    async (surface) => {
      const served = await serve(surface, 'on');
      const sent = performance.now();
      const first = await ask(served);
      expect(first.pid).toBe(served.pid());
      expect(first.rss_bytes).toBeGreaterThan(1024 * 1024);
      expect(first.heap_used_bytes).toBeGreaterThan(0);
      expect(first.kept_lock_files).toBeGreaterThanOrEqual(0);
      expect(first.event_loop.max_stall_ms).toBeGreaterThanOrEqual(first.event_loop.p99_stall_ms);
      expect(first.event_loop.utilization).toBeGreaterThan(0);
      expect(first.event_loop.utilization).toBeLessThanOrEqual(1);
      // Each answer covers the time since the one before (which the client saw all of), not since the start.
      const second = await ask(served);
      expect(second.covers_ms).toBeGreaterThan(0);
      expect(second.covers_ms).toBeLessThanOrEqual(performance.now() - sent);
      const { tools } = await served.client.listTools();
      expect(tools.map((t) => t.name).join(' ')).not.toMatch(/diagnos/);
    },
    60_000,
  );

  it.each(['bridge', 'workbench'] as const)(
    'the %s surface does not know it by default',
    async (surface) => {
      const served = await serve(surface);
      await expect(ask(served)).rejects.toMatchObject({ code: ErrorCode.MethodNotFound });
      // Other unknown methods stay unknown whether the setting is on or off.
      const on = await serve(surface, 'on');
      await expect(on.client.request({ method: 'peer-bridge/nothing' }, ResultSchema)).rejects.toMatchObject({
        code: ErrorCode.MethodNotFound,
      });
    },
    60_000,
  );

  it('a bad value is refused with the variable, the value and what is allowed; the tools still work', async () => {
    const served = await serve('workbench', 'yes');
    await expect(ask(served)).rejects.toMatchObject({
      code: ErrorCode.InvalidRequest,
      message: expect.stringMatching(/PEER_BRIDGE_DIAGNOSTICS must be .*on.*off.*got "yes"/),
    });
    expect(served.stderr()).toMatch(/PEER_BRIDGE_DIAGNOSTICS/);
    writeFileSync(path.join(tempDir(), 'kept.txt'), 'kept\n');
    const result = await served.client.callTool({ name: 'read_file', arguments: { path: 'kept.txt' } });
    expect(result.structuredContent).toMatchObject({ ok: true, content: 'kept\n' });
  }, 60_000);
});

describe('the loop monitor', () => {
  it('reports a stall of the event loop at least as long as the loop was blocked', async () => {
    const report = loopMonitor();
    report();
    const blockedMs = 120;
    const start = performance.now();
    while (performance.now() - start < blockedMs);
    // The monitor's timer was due during the block: it fires before any timer set after it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const seen = report();
    expect(seen.event_loop.max_stall_ms).toBeGreaterThanOrEqual(blockedMs - 10);
    expect(seen.event_loop.samples).toBeGreaterThan(0);
    expect(seen.event_loop.utilization).toBeGreaterThan(0);
    // Less the wait for a CPU, what is left is this thread's own: never more than the stall.
    if (process.platform === 'linux') {
      expect(seen.event_loop.max_own_stall_ms).toBeGreaterThan(0);
      expect(seen.event_loop.max_own_stall_ms).toBeLessThanOrEqual(seen.event_loop.max_stall_ms);
    }
  });
});
