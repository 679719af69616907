// The watchdog process (see watchdog.ts): reads `add`/`remove` lines from its parent on stdin and,
// when stdin ends because the parent died, kills the trees of the children still listed.
import { createInterface } from 'node:readline';
import { killTree } from './kill-tree.js';

interface Guarded {
  pid: number;
  marker: { name: string; value: string };
}

const children = new Map<number, Guarded>();

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  try {
    const message = JSON.parse(line) as { op: string; pid: number; marker?: Guarded['marker'] };
    if (message.op === 'add' && message.marker) children.set(message.pid, { pid: message.pid, marker: message.marker });
    if (message.op === 'remove') children.delete(message.pid);
  } catch {
    // a torn last line from a parent that died mid-write
  }
});
lines.on('close', () => void killAll());

async function killAll(): Promise<void> {
  // On Linux the marker finds exactly the child's processes, so a pid reused after a child we were
  // not told about has exited is never signalled; elsewhere the process group is the handle.
  const group = process.platform !== 'linux';
  await Promise.all([...children.values()].map((child) => killTree(child.pid, { marker: child.marker, group })));
  process.exit(0);
}
