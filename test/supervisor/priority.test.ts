// Peers run below the harness (PEER_BRIDGE_PEER_NICE, default 10): with the reaper, from before
// the child starts (its nice value and its session's autogroup); without it, right after the start.
// Real processes report what the kernel says about them.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PEER_NICE, peerNice } from '../../src/supervisor/priority.js';
import { reaperPath } from '../../src/supervisor/reaper.js';
import { spawnChild } from '../../src/supervisor/spawn.js';
import { spawnOptions, tempDir } from '../runners/helpers.js';

const autogroups =
  existsSync('/proc/self/autogroup') && readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1';

// The child's nice value, its autogroup's, and whether the reaper's variable reached it. `waitWhile`:
// a nice value the child waits to see changed first (the lowering that follows the start).
function report(waitWhile?: number): string {
  const nice = `$(cut -d' ' -f19 /proc/$$/stat)`;
  const wait =
    waitWhile === undefined
      ? ''
      : `i=0; while [ "${nice}" = "${waitWhile}" ] && [ $i -lt 6000 ]; do sleep 0.005; i=$((i+1)); done; `;
  return `${wait}echo "nice ${nice}"; echo "group $(cat /proc/self/autogroup 2>/dev/null)"; echo "leaked $(env | grep -c PEER_BRIDGE_REAPER_NICE)"`;
}

async function run(script: string): Promise<Record<string, string>> {
  const lines: Record<string, string> = {};
  const result = await spawnChild(
    '/bin/sh',
    ['-c', script],
    spawnOptions(await tempDir('ws'), {
      onLine: (line) => {
        const space = line.indexOf(' ');
        lines[line.slice(0, space)] = line.slice(space + 1);
      },
    }),
  );
  expect(result.exitCode, result.stderrTail).toBe(0);
  return lines;
}

const saved = { ...process.env };
afterEach(() => {
  for (const name of ['PEER_BRIDGE_PEER_NICE', 'PEER_BRIDGE_REAPER']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('peerNice', () => {
  it('is 10 by default, takes 0 to 19, and refuses anything else naming the variable and the value', () => {
    expect(peerNice({})).toBe(DEFAULT_PEER_NICE);
    expect(peerNice({ PEER_BRIDGE_PEER_NICE: '0' })).toBe(0);
    expect(peerNice({ PEER_BRIDGE_PEER_NICE: ' 19 ' })).toBe(19);
    for (const bad of ['20', '-1', '2.5', 'low']) {
      expect(() => peerNice({ PEER_BRIDGE_PEER_NICE: bad })).toThrow(
        `PEER_BRIDGE_PEER_NICE must be a whole number from 0 to 19, got ${JSON.stringify(bad)}`,
      );
    }
  });
});

describe.skipIf(process.platform !== 'linux')('a peer started by spawnChild', () => {
  const ours = os.getPriority(0);
  const lowered = Math.min(19, ours + DEFAULT_PEER_NICE);

  it.skipIf(reaperPath() === null)('runs 10 lower from its start under the reaper, its autogroup too', async () => {
    const seen = await run(report());
    expect(seen.nice).toBe(String(lowered));
    if (autogroups) expect(seen.group).toMatch(/ nice 10$/);
    expect(seen.leaked).toBe('0');
  });

  it('runs level with the harness with PEER_BRIDGE_PEER_NICE=0', async () => {
    process.env.PEER_BRIDGE_PEER_NICE = '0';
    const seen = await run(report());
    expect(seen.nice).toBe(String(ours));
    if (autogroups) expect(seen.group).toMatch(/ nice 0$/);
  });

  it.skipIf(lowered === ours)('is lowered right after its start without the reaper', async () => {
    process.env.PEER_BRIDGE_REAPER = 'off';
    process.env.PEER_BRIDGE_PEER_NICE = '7';
    const seen = await run(report(ours));
    expect(seen.nice).toBe(String(Math.min(19, ours + 7)));
    if (autogroups) expect(seen.group).toMatch(/ nice 7$/);
  });
});
