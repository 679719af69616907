// What a run left behind in a git workspace: `git status --porcelain` and `git diff --stat`,
// bounded, for the incident file. A workspace that is not a repository, or a machine without git,
// simply has no delta.
import { hostEnv } from '../settings/env.js';
import { startProcess } from '../supervisor/start-process.js';
import { STATE_DIR } from '../vocabulary.js';

export interface GitWorkspaceDelta {
  /** `git rev-parse HEAD`, or null in a repository without commits. */
  head: string | null;
  /** `git status --porcelain` lines (at most 200). */
  status: string[];
  /** `git diff --stat` against HEAD (at most 8 KiB). */
  diff_stat: string;
  /** True when status or diff_stat were shortened. */
  truncated: boolean;
}

export type GitDeltaResult = { available: true; delta: GitWorkspaceDelta } | { available: false; reason: string };

const maxStatusLines = 200;
// peer-bridge's own transcripts and incidents are not part of what a run changed.
export const ownState = ['--', '.', `:(exclude)${STATE_DIR}`];
const maxDiffStat = 8 * 1024;

/** One git command's outcome, never a rejection: `exitCode` undefined when it could not run to its end. */
export interface GitResult {
  exitCode: number | undefined;
  /** Its standard output without the final newline (at most maxOutput bytes). */
  stdout: string;
  failed: boolean;
  /** Why it could not start (e.g. ENOENT), or ETIMEDOUT / ENOBUFS. */
  code?: string;
}

const gitTimeoutMs = 10_000;
const maxOutput = 4 * 1024 * 1024;

// node's spawn (through start-process.ts, which keeps concurrent starts off the event loop), not
// execa: every call snapshots the workspace before and after the peer, and loading execa cost a
// one-process CLI call ≈ 50 ms of module loading for these few lines.
// `env` adds to the environment (the snapshot points GIT_INDEX_FILE at its own copy of the index).
export async function git(
  workspace: string,
  args: string[],
  binary: string,
  env: Record<string, string> = {},
): Promise<GitResult> {
  const child = await startProcess(binary, args, {
    cwd: workspace,
    stdio: ['ignore', 'pipe', 'ignore'],
    windowsHide: true,
    // Read-only look: do not take the index lock a user's own git command may be waiting for.
    env: { ...hostEnv(), GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...env },
  });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let code: string | undefined;
    let settled = false;
    const finish = (result: GitResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const stop = (why: string) => {
      code ??= why;
      child.kill();
    };
    const timer = setTimeout(() => stop('ETIMEDOUT'), gitTimeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (size + chunk.length > maxOutput) return stop('ENOBUFS');
      size += chunk.length;
      chunks.push(chunk);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      finish({ exitCode: undefined, stdout: '', failed: true, code: error.code ?? 'EIO' }),
    );
    child.on('close', (exitCode: number | null) => {
      const stdout = Buffer.concat(chunks)
        .toString('utf8')
        .replace(/\r?\n$/, '');
      if (code !== undefined || exitCode === null)
        finish({ exitCode: undefined, stdout, failed: true, code: code ?? 'EINTR' });
      else finish({ exitCode, stdout, failed: exitCode !== 0 });
    });
  });
}

// The run's child may have written the repository's config (or a .gitattributes naming a filter
// defined there): status and diff would then run its commands as the user, outside any sandbox.
// Command-line -c wins over every config file, so switch each such hook off (submodules, with
// configs of their own, are not looked into). `core.fsmonitor` naming a hook is one; set to
// true it names Git's own file system monitor, which runs no command of the config's, and is kept:
// then status asks the monitor what changed instead of looking at every file. The same read says
// whether the user turned Git's untracked cache off, which the snapshot then leaves off.
export interface RepoConfig {
  /** `-c` options switching off every command the config could run. */
  safe: string[];
  untrackedCacheOff: boolean;
}

const TRUE = ['true', 'yes', 'on', '1', ''];
const FALSE = ['false', 'no', 'off', '0'];

export async function readRepoConfig(workspace: string, binary: string): Promise<RepoConfig> {
  const pattern = '^filter\\.|^core\\.untrackedcache$|^core\\.fsmonitor$';
  const found = await git(workspace, ['config', '-z', '--get-regexp', pattern], binary);
  const entries = (found.exitCode === 0 ? found.stdout.split('\0') : []).map((entry) => {
    const at = entry.indexOf('\n');
    return at === -1 ? { key: entry.trim(), value: '' } : { key: entry.slice(0, at), value: entry.slice(at + 1) };
  });
  // The last value wins, as in git; a key with no value is a boolean true.
  const last = (key: string) =>
    entries
      .filter((entry) => entry.key === key)
      .at(-1)
      ?.value.trim()
      .toLowerCase();
  const names = new Set(
    entries
      .map(({ key }) => /^filter\.(.+)\.[^.]+$/.exec(key)?.[1])
      .filter((name): name is string => name !== undefined && !name.includes('=')),
  );
  const builtInMonitor = TRUE.includes(last('core.fsmonitor') ?? 'unset');
  const safe = [
    ...(builtInMonitor ? [] : ['-c', 'core.fsmonitor=false']),
    ...[...names].flatMap((name) =>
      ['clean=', 'smudge=', 'process=', 'required=false'].flatMap((setting) => ['-c', `filter.${name}.${setting}`]),
    ),
  ];
  return { safe, untrackedCacheOff: FALSE.includes(last('core.untrackedcache') ?? 'unset') };
}

export async function noRepoCommands(workspace: string, binary: string): Promise<string[]> {
  return (await readRepoConfig(workspace, binary)).safe;
}

/** The git delta of `workspace`, or why there is none. Never throws. */
export async function gitWorkspaceDelta(
  workspace: string,
  { gitBinary = 'git' }: { gitBinary?: string } = {},
): Promise<GitDeltaResult> {
  try {
    const inside = await git(workspace, ['rev-parse', '--is-inside-work-tree'], gitBinary);
    if (inside.code === 'ENOENT') {
      return { available: false, reason: 'git is not installed' };
    }
    if (inside.exitCode !== 0 || inside.stdout.trim() !== 'true') {
      return { available: false, reason: 'the workspace is not a git repository' };
    }
    const safe = [...(await noRepoCommands(workspace, gitBinary)), '-c', 'core.quotePath=false'];
    const [head, status, diff] = await Promise.all([
      git(workspace, ['rev-parse', '--verify', '--quiet', 'HEAD'], gitBinary),
      git(
        workspace,
        [...safe, 'status', '--porcelain=v1', '--untracked-files=all', '--ignore-submodules=all', ...ownState],
        gitBinary,
      ),
      git(
        workspace,
        [...safe, 'diff', '--stat', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', 'HEAD', ...ownState],
        gitBinary,
      ),
    ]);
    const lines = status.exitCode === 0 && status.stdout !== '' ? status.stdout.split('\n') : [];
    const diffStat = diff.exitCode === 0 ? diff.stdout : '';
    return {
      available: true,
      delta: {
        head: head.exitCode === 0 ? head.stdout.trim() : null,
        status: lines.slice(0, maxStatusLines),
        diff_stat: diffStat.slice(0, maxDiffStat),
        truncated: lines.length > maxStatusLines || diffStat.length > maxDiffStat,
      },
    };
  } catch (error) {
    return { available: false, reason: `git could not be run: ${(error as Error).message}` };
  }
}
