// The snapshot's status told what changed by its own change source (snapshot-monitor.ts) through
// Git's fsmonitor hook, version 2: Git runs `core.fsmonitor` through the shell with the protocol
// version and the token its index holds, and reads back a token, NUL, then NUL-separated changed
// paths ("/" for everything). The hook is a fixed command line given with -c, on the snapshot's own
// copy of the index only: it runs nothing from the repository or the workspace, and its answer
// comes in the environment of that one git process, which nothing else can change. The hook
// answers the precomputed paths only when Git's token is the one they were computed from, else "/".
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync } from 'node:fs';
import { readSetting } from '../settings/read.js';
import { ChangeSource, type MonitorAnswer } from './snapshot-monitor.js';

const SINCE = 'PB_FSMONITOR_SINCE';
const CHANGED = 'PB_FSMONITOR_CHANGED';
const ALL = 'PB_FSMONITOR_ALL';
// Git appends ` "$@"` to a command with shell characters: the `#` makes that a comment.
export const HOOK = `if [ "$2" = "$${SINCE}" ]; then printf "$${CHANGED}"; else printf "$${ALL}"; fi #`;

/** A printf format that prints `token`, NUL, and each path followed by NUL. */
export function hookAnswer(token: string, paths: string[]): string {
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/%/g, '%%');
  return [token, ...paths].map((part) => `${escape(part)}\\000`).join('');
}

// Git runs the hook with /bin/sh (its SHELL_PATH): that shell's printf must print exactly what was
// meant (a NUL for \000, a % for %%), or the source is not used. Asked once per process.
let shellChecked: Promise<boolean> | undefined;
function shellPrintsAnswers(): Promise<boolean> {
  const paths = ['a%b\\c', 'é x/1', '0'];
  const want = Buffer.from(`t1\0${paths.join('\0')}\0`);
  shellChecked ??= new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', `${HOOK} "$@"`, HOOK, '2', 't0'], {
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { [SINCE]: 't0', [CHANGED]: hookAnswer('t1', paths), [ALL]: 'wrong' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0 && Buffer.concat(chunks).equals(want)));
  });
  return shellChecked;
}

const sources = new Map<string, ChangeSource>();

/** Stops every change source of this process (tests, benchmarks). */
export function closeChangeSources(): void {
  for (const source of sources.values()) source.close();
  sources.clear();
}

/** The change source of the repository whose top is `root`, started on first use (null: none here). */
export function changeSource(root: string): ChangeSource | null {
  if (process.platform !== 'linux' || readSetting('PEER_BRIDGE_SNAPSHOT_MONITOR') === false) return null;
  let source = sources.get(root);
  if (!source) {
    source = new ChangeSource(root);
    sources.set(root, source);
  }
  return source;
}

export interface StatusHook {
  args: string[];
  env: Record<string, string>;
  /** After the status: whether it ran to its end on the copy. */
  settle(ok: boolean): void;
}

// Below this many index entries a status looks at every file in a few milliseconds, less than the
// hook's own shell and the cookie cost (measured: 1,000 files, +9 ms a call with it).
export const MIN_INDEX_ENTRIES = 5000;

// The number of entries, from the index file's header ("DIRC", version, count; big-endian).
function indexEntries(index: string): number {
  let fd: number | undefined;
  try {
    fd = openSync(index, 'r');
    const header = Buffer.alloc(12);
    return readSync(fd, header, 0, 12, 0) === 12 && header.toString('latin1', 0, 4) === 'DIRC'
      ? header.readUInt32BE(8)
      : 0;
  } catch {
    return 0;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The -c options and environment for one status of `copy` in `root`, or null to run without a hook. */
export async function statusHook(
  root: string,
  copy: string,
  {
    minEntries = MIN_INDEX_ENTRIES,
    index,
    warm,
  }: { minEntries?: number; index?: string; warm?: () => Promise<unknown> },
): Promise<StatusHook | null> {
  if (indexEntries(copy) < minEntries) return null;
  const source = changeSource(root);
  if (source && index && warm) source.watchIndex(index, warm);
  if (!source?.ready || !(await shellPrintsAnswers())) return null;
  const answer: MonitorAnswer | null = await source.answer(copy);
  if (answer === null) return null;
  const all = hookAnswer(answer.token, ['/']);
  return {
    args: ['-c', `core.fsmonitor=${HOOK}`, '-c', 'core.fsmonitorHookVersion=2'],
    env: {
      // A token Git could hold, or (none known) one it never does.
      [SINCE]: answer.since ?? `none-${source.id}`,
      [CHANGED]: answer.paths === null ? all : hookAnswer(answer.token, answer.paths),
      [ALL]: all,
    },
    settle: (ok) => source.settle(copy, answer, ok),
  };
}
