// What retention may look at: the files of transcripts/ and incidents/ whose whole name is one the
// bridge writes there, with their size and age. A process remembers the size and time of files
// that never change once published (transcripts, incidents), so a scan after a call reads the two
// folders' names and stats only what is new: O(files) names, O(new files) system calls.
import { lstat, readdir } from 'node:fs/promises';
import { isRunId, STATE_DIR } from '../vocabulary.js';
import { incidentsDir, resolveInWorkspace, transcriptsDir } from './paths.js';

/** transcript: a call's whole transcript; partial: its head while it runs; temp: a crashed atomic write. */
export type StateFileKind = 'transcript' | 'partial' | 'incident' | 'temp';

export interface StateFile {
  /** Workspace-relative path. */
  path: string;
  kind: StateFileKind;
  /** The part of the name a run id starts: a run id, then `-<n>` or `-<fault>` may follow. */
  stem: string;
  size: number;
  mtimeMs: number;
}

const INCIDENT = /^\d{8}T\d{6}\.\d{3}Z-(.+)\.json$/;
// atomic-write.ts: `.<name>.<pid>.<12 hex>.tmp`.
const TEMP = /^\.(.+)\.\d+\.[0-9a-f]{12}\.tmp$/;

/** What a name in one of the two folders is, or null when the bridge does not write such a name. */
export function classify(
  folder: 'transcripts' | 'incidents',
  name: string,
): { kind: StateFileKind; stem: string } | null {
  const temp = TEMP.exec(name);
  if (temp) return { kind: 'temp', stem: temp[1] as string };
  if (folder === 'incidents') {
    const incident = INCIDENT.exec(name);
    return incident ? { kind: 'incident', stem: incident[1] as string } : null;
  }
  if (name.endsWith('.partial.jsonl')) {
    const stem = name.slice(0, -'.partial.jsonl'.length);
    if (isRunId(stem)) return { kind: 'partial', stem };
  }
  if (name.endsWith('.jsonl')) {
    const stem = name.slice(0, -'.jsonl'.length);
    if (isRunId(stem)) return { kind: 'transcript', stem };
  }
  return null;
}

type Facts = { size: number; mtimeMs: number };
// Per folder (and its inode, so a folder made again starts afresh): name → size and time, for files
// that do not change once they have their name. Only a hint: retention stats a file again before
// it removes it.
const remembered = new Map<string, { ino: number; files: Map<string, Facts> }>();

async function realFolder(absolute: string): Promise<number | null> {
  const stat = await lstat(absolute).catch(() => null);
  return stat !== null && stat.isDirectory() ? stat.ino : null;
}

async function scanFolder(workspace: string, relative: string, folder: 'transcripts' | 'incidents') {
  const absolute = resolveInWorkspace(workspace, relative);
  const out: StateFile[] = [];
  // A folder a peer swapped for a link is never walked: removing names in it would remove elsewhere.
  const ino = await realFolder(absolute);
  if (ino === null) return out;
  const names = await readdir(absolute).catch(() => [] as string[]);
  const before = remembered.get(absolute);
  const known = before?.ino === ino ? before.files : new Map<string, Facts>();
  const seen = new Map<string, Facts>();
  const unknown: { name: string; what: { kind: StateFileKind; stem: string } }[] = [];
  for (const name of names) {
    const what = classify(folder, name);
    if (!what) continue;
    const facts = what.kind === 'transcript' || what.kind === 'incident' ? known.get(name) : undefined;
    if (!facts) unknown.push({ name, what });
    else {
      seen.set(name, facts);
      out.push({ path: `${relative}/${name}`, ...what, ...facts });
    }
  }
  // A first scan stats every file: STAT_LANES at a time, so the thread pool stays busy.
  await inLanes(unknown, async ({ name, what }) => {
    const stat = await lstat(`${absolute}/${name}`).catch(() => null);
    // Only regular files: a folder or a link under one of our names is not ours to remove.
    if (!stat?.isFile()) return;
    const facts = { size: stat.size, mtimeMs: stat.mtimeMs };
    seen.set(name, facts);
    out.push({ path: `${relative}/${name}`, ...what, ...facts });
  });
  remembered.set(absolute, { ino, files: seen });
  return out;
}

const STAT_LANES = 16;

async function inLanes<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(STAT_LANES, items.length) }, lane));
}

/** The retention-relevant files of a workspace's state; none when a folder is missing or not a real folder. */
export async function scanStateFiles(workspace: string): Promise<StateFile[]> {
  if ((await realFolder(resolveInWorkspace(workspace, STATE_DIR))) === null) return [];
  const [transcripts, incidents] = await Promise.all([
    scanFolder(workspace, transcriptsDir, 'transcripts'),
    scanFolder(workspace, incidentsDir, 'incidents'),
  ]);
  return [...transcripts, ...incidents];
}

/** Forgets a removed file, so a later file of the same name is looked at afresh. */
export function forgetStateFile(workspace: string, relative: string): void {
  const slash = relative.lastIndexOf('/');
  remembered.get(resolveInWorkspace(workspace, relative.slice(0, slash)))?.files.delete(relative.slice(slash + 1));
}
