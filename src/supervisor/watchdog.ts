// Children must not outlive the process that started them. A child runs in its own process group
// (so its whole tree can be killed), which also means it survives its parent's death: a server
// killed with SIGKILL would leave an `implement` peer editing files after its call was settled as
// `unknown`. One small watchdog process per host holds a pipe from us; it learns each child as it
// starts and ends, and when the pipe closes without a goodbye it kills the children still listed.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRoot } from '../package/root.js';

let watchdog: ChildProcess | null = null;
let broken = false;

function script(): { file: string; execArgv: string[] } {
  // From source (tests, development) the script is TypeScript next to this file: run it through
  // tsx like the rest. Built, this code sits in a bundle chunk and the script is its own entry point.
  if (import.meta.url.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('./watchdog-main.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  }
  return { file: path.join(packageRoot(), 'dist', 'supervisor', 'watchdog-main.js'), execArgv: [] };
}

function start(): ChildProcess | null {
  if (broken) return null;
  const { file, execArgv } = script();
  const child = spawn(process.execPath, [...execArgv, file], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
    windowsHide: true,
  });
  child.on('error', () => {
    broken = true;
    watchdog = null;
  });
  child.on('exit', () => {
    if (watchdog === child) watchdog = null;
  });
  child.stdin.on('error', () => undefined);
  // Neither the watchdog nor its pipe may keep this process alive.
  child.unref();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  return child;
}

function send(line: string): void {
  watchdog ??= start();
  watchdog?.stdin?.write(`${line}\n`);
}

/**
 * Tells the watchdog about a started child (a process-group leader on POSIX) and the spawn marker
 * its descendants inherit; the returned function says the child is gone.
 */
export function guardChild(pid: number, marker: { name: string; value: string }): () => void {
  send(JSON.stringify({ op: 'add', pid, marker }));
  return () => send(JSON.stringify({ op: 'remove', pid }));
}
