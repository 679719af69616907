// A snapshot of the machine's processes, for finding a child's whole tree: parent links, and on
// Linux the spawn marker in each process's environment (which finds descendants that left the
// process group or were re-parented after their parent exited).
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Zombies are already dead; they only wait for their parent to reap them. */
  zombie: boolean;
}

async function linuxTable(): Promise<ProcessEntry[]> {
  const out: ProcessEntry[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => null);
    if (!stat) continue;
    // Fields after the parenthesised command name: state ppid …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({ pid: Number(name), ppid: Number(fields[1]), zombie: fields[0] === 'Z' });
  }
  return out;
}

function psTable(): Promise<ProcessEntry[]> {
  return new Promise((resolve) => {
    execFile('ps', ['-A', '-o', 'pid=,ppid=,stat='], { maxBuffer: 8 << 20 }, (error, stdout) => {
      if (error) return resolve([]);
      const rows = String(stdout)
        .trim()
        .split('\n')
        .map((row) => row.trim().split(/\s+/));
      const zombie = (stat: string | undefined) => (stat ?? '').startsWith('Z');
      resolve(rows.map(([pid, ppid, stat]) => ({ pid: Number(pid), ppid: Number(ppid), zombie: zombie(stat) })));
    }).stdin?.end();
  });
}

/** All processes visible to us (Linux: /proc; elsewhere `ps`). */
export function processTable(): Promise<ProcessEntry[]> {
  return process.platform === 'linux' ? linuxTable() : psTable();
}

/** Pids of every live descendant of `root` in `table`. */
export function descendants(table: readonly ProcessEntry[], root: number): number[] {
  const children = new Map<number, ProcessEntry[]>();
  for (const p of table) {
    const list = children.get(p.ppid) ?? [];
    list.push(p);
    children.set(p.ppid, list);
  }
  const found: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop()!) ?? []) {
      if (!child.zombie) found.push(child.pid);
      stack.push(child.pid);
    }
  }
  return found;
}

/** Linux only: pids whose environment holds `name=value` (empty elsewhere). */
export async function pidsWithMarker(name: string, value: string): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const needle = Buffer.from(`\0${name}=${value}\0`);
  const found: number[] = [];
  for (const entry of await linuxTable()) {
    if (entry.zombie || entry.pid === process.pid) continue;
    const environ = await readFile(`/proc/${entry.pid}/environ`).catch(() => null);
    if (environ && Buffer.concat([Buffer.from([0]), environ]).includes(needle)) found.push(entry.pid);
  }
  return found;
}

/** True while `pid` exists and is not a zombie. */
export async function isAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (process.platform !== 'linux') return true;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat !== null && stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}
