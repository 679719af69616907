import { spawn, type ChildProcess } from 'node:child_process';
import { firstLine } from './lines.js';

/** Starts `node --import tsx file args…`: a real second process running project code. */
export function spawnTs(file: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Resolves with the first stdout line of `child` that satisfies `match`; rejects if it exits first. */
export function waitForLine(child: ChildProcess, match: (line: string) => boolean): Promise<string> {
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code) => resolve(`child exited (${code}) before the expected line`)),
  );
  return firstLine(child.stdout!, match, exited);
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
