// A host killed with SIGKILL cannot kill its children; the watchdog does it for them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../mcp/wait.js';
import { alive, root, tempDir } from '../runners/helpers.js';

describe.skipIf(process.platform !== 'linux')('the watchdog', () => {
  it('kills the child tree of a host that was killed with SIGKILL', async () => {
    const orphanParent = path.join(root, 'test', 'supervisor', 'fixtures', 'orphan-parent.ts');
    const host = spawn(process.execPath, ['--import', 'tsx', orphanParent, await tempDir('ws')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pids: Record<string, number> = {};
    const lines = createInterface({ input: host.stdout });
    await new Promise<void>((resolve, reject) => {
      host.once('exit', () => reject(new Error('the host exited before its child started')));
      lines.on('line', (line) => {
        const [name, pid] = line.split(' ');
        pids[name!] = Number(pid);
        if (pids.child && pids.grandchild) resolve();
      });
    });
    expect([pids.child, pids.grandchild].every((pid) => alive(pid!))).toBe(true);
    host.kill('SIGKILL');
    const treeGone = () => !alive(pids.child!) && !alive(pids.grandchild!);
    await waitFor(treeGone, 'the orphaned child tree to be killed', 15_000);
  });
});
