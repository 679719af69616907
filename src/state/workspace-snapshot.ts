// What the workspace holds at one moment, for telling what a call really changed: in a git
// repository the files that differ from HEAD (tracked changes and untracked files) and HEAD itself;
// elsewhere a bounded walk. Each file by size and content hash; bounded in count and hashed bytes,
// and saying when it was cut short. Never throws: a snapshot that could not be taken says why.
// Given the snapshot before it, a snapshot takes the hashes of files unchanged since (see
// snapshot-reuse.ts) instead of reading them again.
import { createHash } from 'node:crypto';
import { createReadStream, lstatSync, readdirSync, readFileSync, type BigIntStats, type Dirent } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import path from 'node:path';
import { readSetting } from '../settings/read.js';
import { git, ownState, readRepoConfig, type RepoConfig } from './git-delta.js';
import { copyExists, indexCopy } from './snapshot-index.js';
import { statusHook } from './status-monitor.js';
import {
  DEFAULT_RACY_MARGIN_MS,
  fileSystemNow,
  identity,
  reusable,
  type FileIdentity,
  type SeenFiles,
} from './snapshot-reuse.js';
import { STATE_DIR } from '../vocabulary.js';

/** One file as a snapshot saw it; `sha256` null when the hashing budget was spent. */
export interface SnapshotFile {
  size: number;
  mtime_ms: number;
  sha256: string | null;
  /** Git status code (`M`, `A`, `D`, `??`, …) in a repository. */
  git?: string;
}

export interface WorkspaceSnapshot {
  kind: 'git' | 'walk' | 'unavailable';
  at: string;
  /** HEAD commit in a repository (null without commits or outside git). */
  head: string | null;
  /** Workspace-relative POSIX paths; `null` for a file git lists that no longer exists (deleted). */
  files: Record<string, SnapshotFile | null>;
  /** True when files or hashes were left out because of the bounds. */
  truncated: boolean;
  /** Why the snapshot is empty, for `unavailable`. */
  reason?: string;
}

export interface SnapshotLimits {
  /** Most files recorded (default 2000). */
  maxFiles?: number;
  /** Most bytes hashed in all (default 64 MiB); past it files keep size and time only. */
  maxHashBytes?: number;
  gitBinary?: string;
  /** How much older than the start a file must be for its hash to be reused (default 2000). */
  racyMarginMs?: number;
  /** Fewest index entries for which the change source tells status what changed (default 5000). */
  monitorFrom?: number;
}

const DEFAULT_MAX_FILES = 2000;
const DEFAULT_MAX_HASH_BYTES = 64 * 1024 * 1024;
// A walk never looks into these: our own state, and a repository's internals.
const SKIPPED = new Set([STATE_DIR, '.git']);

// Small files are read and hashed in place (a thread-pool round trip per file cost more than the
// hashing: 2,000 files took ≈ 200 ms on a loaded machine), a slice at a time with a turn of the
// event loop between slices (see addAll); large ones are streamed.
const SMALL_FILE = 256 * 1024;
async function sha256(file: string, size: number): Promise<string> {
  if (size <= SMALL_FILE) return createHash('sha256').update(readFileSync(file)).digest('hex');
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

// What this module knows of each snapshot it took: the files it hashed, for the next to reuse.
const seen = new WeakMap<WorkspaceSnapshot, SeenFiles>();

/** How many hashes `snapshot` took from the snapshot before it (0 for one it did not take). */
export function reusedHashes(snapshot: WorkspaceSnapshot): number {
  return seen.get(snapshot)?.reused ?? 0;
}

interface Earlier {
  seen: SeenFiles;
  marginMs: number;
}

class Recorder {
  readonly files: Record<string, SnapshotFile | null> = {};
  readonly identities = new Map<string, FileIdentity>();
  truncated = false;
  reused = 0;
  private count = 0;
  private hashBudget: number;
  /** Bytes read and hashed so far (a reused hash reads nothing). */
  hashed = 0;
  constructor(
    private readonly workspace: string,
    private readonly maxFiles: number,
    maxHashBytes: number,
    private readonly earlier: Earlier | null,
  ) {
    this.hashBudget = maxHashBytes;
  }

  // The earlier snapshot's hash when the racily-clean rule allows it, else the file's, read now.
  private async digest(relative: string, absolute: string, stat: BigIntStats): Promise<string | null> {
    const then = this.earlier?.seen.files.get(relative);
    let digest: string | null;
    if (then && reusable(then, stat, this.earlier!.seen.clockNs, this.earlier!.marginMs)) {
      this.reused += 1;
      digest = then.sha256;
    } else {
      this.hashed += Number(stat.size);
      digest = await sha256(absolute, Number(stat.size)).catch(() => null);
    }
    if (digest !== null) this.identities.set(relative, identity(stat, digest));
    return digest;
  }

  get full(): boolean {
    return this.count >= this.maxFiles;
  }

  /** Records one path; false once the count bound is reached. */
  async add(relative: string, gitCode?: string): Promise<boolean> {
    if (this.full) {
      this.truncated = true;
      return false;
    }
    this.count += 1;
    const absolute = path.join(this.workspace, relative);
    let stat = null;
    try {
      stat = lstatSync(absolute, { bigint: true });
    } catch {
      // gone since it was listed
    }
    if (!stat || (!stat.isFile() && !stat.isSymbolicLink())) {
      if (!stat) this.files[relative] = null;
      return true;
    }
    const size = Number(stat.size);
    let digest: string | null = null;
    // A reused hash spends the budget as a read one would: the bounds, and so what is recorded,
    // do not depend on what was reused.
    if (stat.isFile() && size <= this.hashBudget) {
      this.hashBudget -= size;
      digest = await this.digest(relative, absolute, stat);
    } else if (stat.isFile()) {
      this.truncated = true;
    }
    this.files[relative] = {
      size,
      mtime_ms: Number(stat.mtimeMs),
      sha256: digest,
      ...(gitCode ? { git: gitCode } : {}),
    };
    return true;
  }
}

// `git status --porcelain=v2 -z --branch`: "# branch.oid <sha>|(initial)\0" among the headers, then
// "1 XY … path\0", "2 XY … path\0orig\0" (renames, copies), "u XY … path\0", "? path\0". The
// code is given as v1 spells it ('.' for unchanged, '??' for untracked), which the change reads.
export function parseStatus(raw: string): { head: string | null; entries: { code: string; path: string }[] } {
  const entries: { code: string; path: string }[] = [];
  let head: string | null = null;
  const parts = raw.split('\0');
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    const kind = entry[0];
    if (kind === '#') {
      const oid = /^# branch\.oid ([0-9a-f]+)$/.exec(entry);
      if (oid) head = oid[1]!;
    } else if (kind === '?') {
      entries.push({ code: '??', path: entry.slice(2) });
    } else if (kind === '1' || kind === '2' || kind === 'u') {
      // Fields before the path: 1 → 8, 2 → 9 (with the score), u → 10.
      const fields = kind === '1' ? 8 : kind === '2' ? 9 : 10;
      let at = 0;
      for (let f = 0; f < fields && at !== -1; f++) at = entry.indexOf(' ', at) + 1 || -1;
      if (at === -1) continue;
      const code = entry.slice(2, 4).replace(/\./g, ' ');
      entries.push({ code: code.trim() || code, path: entry.slice(at) });
      if (kind === '2') i += 1;
    }
  }
  return { head, entries };
}

// A slice of files at a time, in order, so the records keep the order of `entries` and the bounds
// stay exact; between slices the event loop turns, so a server's other calls are never held long.
const SLICE_FILES = 64;
const SLICE_BYTES = 4 * 1024 * 1024;
async function addAll(recorder: Recorder, entries: { path: string; code?: string }[]): Promise<boolean> {
  let files = 0;
  let bytes = 0;
  for (const entry of entries) {
    const before = recorder.hashed;
    if (!(await recorder.add(entry.path, entry.code))) return false;
    bytes += recorder.hashed - before;
    if (++files >= SLICE_FILES || bytes >= SLICE_BYTES) {
      files = 0;
      bytes = 0;
      await nextTurn();
    }
  }
  return true;
}

async function walk(workspace: string, recorder: Recorder): Promise<void> {
  const queue = [''];
  while (queue.length > 0 && !recorder.full) {
    const dir = queue.shift()!;
    // Synchronous, one folder at a time (addAll turns the event loop between slices): a thread-pool
    // round trip per folder cost more than the read itself on a loaded machine.
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(path.join(workspace, dir), { withFileTypes: true });
    } catch {
      // gone, or not readable: nothing of it is recorded
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    const files: string[] = [];
    for (const entry of entries) {
      const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!(dir === '' && SKIPPED.has(entry.name))) queue.push(relative);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        files.push(relative);
      }
    }
    if (
      !(await addAll(
        recorder,
        files.map((relative) => ({ path: relative })),
      ))
    )
      return;
  }
  if (queue.length > 0) recorder.truncated = true;
}

/**
 * Whether git could find a work tree for `workspace`: GIT_DIR or GIT_WORK_TREE is set (git's
 * children get this environment), or a `.git` folder or file is in the workspace or a folder above
 * it (git looks there, from the physical path). With neither, git's answer is known to be no, and
 * the snapshot (taken twice per call) starts no git process. Anything but a clear "missing" counts
 * as maybe. O(depth) lstat calls, run at once.
 */
async function mayBeInRepository(workspace: string): Promise<boolean> {
  if (readSetting('GIT_DIR') || readSetting('GIT_WORK_TREE')) return true;
  const physical = await realpath(workspace).catch(() => workspace);
  const dirs: string[] = [];
  for (let dir = physical; ; dir = path.dirname(dir)) {
    dirs.push(dir);
    if (path.dirname(dir) === dir) break;
  }
  const found = await Promise.all(
    dirs.map((dir) =>
      lstat(path.join(dir, '.git')).then(
        () => true,
        (error: NodeJS.ErrnoException) => error.code !== 'ENOENT' && error.code !== 'ENOTDIR',
      ),
    ),
  );
  return found.includes(true);
}

const STATUS = [
  'status',
  '--porcelain=v2',
  '-z',
  '--branch',
  '--no-ahead-behind',
  '--untracked-files=all',
  '--ignore-submodules=all',
];

/**
 * `git status` of the workspace, or null when git cannot give it. When the workspace is the
 * repository's top, it reads (and may write) the snapshot's own copy of the index, with Git's
 * untracked cache unless the user turned it off: the cache serves only a status of the whole tree,
 * without a pathspec, so our own state is left out afterwards; on Linux, from 5,000 entries, the
 * change source (status-monitor.ts) tells it which paths changed since its last status of that copy.
 * Else, and whenever the copy fails, it reads the user's index without writing it.
 */
async function gitStatus(
  workspace: string,
  binary: string,
  config: RepoConfig,
  where: { prefix: string; index: string; monitorFrom?: number },
): Promise<string | null> {
  const { prefix, index } = where;
  const userIndex = path.resolve(workspace, index);
  const copy = prefix === '' && index !== '' ? await indexCopy(workspace, userIndex) : null;
  if (copy !== null) {
    const cache = config.untrackedCacheOff
      ? []
      : ['-c', 'core.untrackedCache=true', '-c', 'status.showUntrackedFiles=all'];
    const own = ['-c', 'core.quotePath=false', '-c', 'core.splitIndex=false', ...cache];
    // What changed since the last status of this copy, when this process watches the work tree.
    // When the user's index changes, the change source brings the next copy up to date at once
    // (a first status of a copy looks at every file), not in the next call.
    const warm = () => repositoryStatus(workspace, binary, where.monitorFrom);
    const hook = await statusHook(workspace, copy, { minEntries: where.monitorFrom, index: userIndex, warm });
    const status = await git(workspace, [...config.safe, ...own, ...(hook?.args ?? []), ...STATUS], binary, {
      GIT_INDEX_FILE: copy,
      GIT_OPTIONAL_LOCKS: '1',
      ...hook?.env,
    });
    // A copy removed under git would have been read as an empty index: then ask again.
    const ok = status.exitCode === 0 && copyExists(copy);
    hook?.settle(ok);
    if (ok) return status.stdout;
  }
  const status = await git(workspace, [...config.safe, '-c', 'core.quotePath=false', ...STATUS, ...ownState], binary);
  return status.exitCode === 0 ? status.stdout : null;
}

/**
 * Where the repository and its index are, and the config's filters to switch off, asked at once;
 * then one status that also names HEAD: two git processes in a row, three in all. Null when git
 * sees no work tree here or cannot give the status.
 */
async function repositoryStatus(
  workspace: string,
  binary: string,
  monitorFrom?: number,
): Promise<{ raw: string; prefix: string } | null> {
  const [inside, config] = await Promise.all([
    git(workspace, ['rev-parse', '--is-inside-work-tree', '--show-prefix', '--git-path', 'index'], binary).catch(
      () => null,
    ),
    readRepoConfig(workspace, binary).catch(() => null),
  ]);
  const [insideTree, prefixLine = '', indexLine = ''] = inside?.exitCode === 0 ? inside.stdout.split('\n') : [];
  if (!config || insideTree?.trim() !== 'true') return null;
  const prefix = prefixLine.trim();
  const raw = await gitStatus(workspace, binary, config, { prefix, index: indexLine.trim(), monitorFrom });
  return raw === null ? null : { raw, prefix };
}

const ownStatePath = (relative: string) => relative === STATE_DIR || relative.startsWith(`${STATE_DIR}/`);

/** Takes a snapshot of `workspace` (absolute); `earlier`, the one before it, lends its hashes. */
export async function takeSnapshot(
  workspace: string,
  limits: SnapshotLimits = {},
  earlier?: WorkspaceSnapshot,
): Promise<WorkspaceSnapshot> {
  const at = new Date().toISOString();
  const earlierSeen = earlier ? seen.get(earlier) : undefined;
  const recorder = new Recorder(
    workspace,
    limits.maxFiles ?? DEFAULT_MAX_FILES,
    limits.maxHashBytes ?? DEFAULT_MAX_HASH_BYTES,
    earlierSeen ? { seen: earlierSeen, marginMs: limits.racyMarginMs ?? DEFAULT_RACY_MARGIN_MS } : null,
  );
  const binary = limits.gitBinary ?? 'git';
  try {
    // The file system's time before any file is looked at (what a later snapshot's reuse is
    // measured against), beside finding out whether git could see a repository here.
    const [clockNs, maybeGit] = await Promise.all([fileSystemNow(workspace), mayBeInRepository(workspace)]);
    const remember = (snapshot: WorkspaceSnapshot) => {
      seen.set(snapshot, { files: recorder.identities, clockNs, reused: recorder.reused });
      return snapshot;
    };
    const found = maybeGit ? await repositoryStatus(workspace, binary, limits.monitorFrom) : null;
    if (found) {
      // Paths from status are relative to the repository's top, which may be above the workspace.
      const { prefix } = found;
      const parsed = parseStatus(found.raw);
      const entries = parsed.entries
        .map((entry) => ({
          path: prefix && entry.path.startsWith(prefix) ? entry.path.slice(prefix.length) : entry.path,
          code: entry.code,
        }))
        .filter((entry) => !ownStatePath(entry.path));
      await addAll(recorder, entries);
      return remember({ kind: 'git', at, head: parsed.head, files: recorder.files, truncated: recorder.truncated });
    }
    await walk(workspace, recorder);
    return remember({ kind: 'walk', at, head: null, files: recorder.files, truncated: recorder.truncated });
  } catch (error) {
    return { kind: 'unavailable', at, head: null, files: {}, truncated: true, reason: (error as Error).message };
  }
}
