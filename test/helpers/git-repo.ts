// A throw-away git repository for snapshot tests: no system or user config, a fixed author.
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestRepo {
  ws: string;
  git: (...args: string[]) => string;
}

/** `git init` in `dir`; `env` adds to the environment each git command gets. */
export function gitRepo(dir: string, env: Record<string, string> = {}): TestRepo {
  const ws = realpathSync(dir);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], {
      cwd: ws,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: ws, ...env },
    });
  git('init', '-q');
  return { ws, git };
}

/** Folders d0…d<count-1>, each with a committed `tracked.txt`. */
export function commitFolders({ ws, git }: TestRepo, count: number): void {
  for (let i = 0; i < count; i++) {
    mkdirSync(path.join(ws, `d${i}`));
    writeFileSync(path.join(ws, `d${i}`, 'tracked.txt'), `t${i}\n`);
  }
  git('add', '.');
  git('commit', '-qm', 'base');
}
