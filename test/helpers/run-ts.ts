import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Starts `node --import tsx file args…`: a real second process running project code. */
export function spawnTs(file: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
}

/** Resolves with the first stdout line of `child` that satisfies `match`; rejects if it exits first. */
export function waitForLine(child: ChildProcess, match: (line: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onExit = (code: number | null) => reject(new Error(`child exited (${code}) before the expected line`));
    child.once('exit', onExit);
    lines.on('line', (line) => {
      if (!match(line)) return;
      child.off('exit', onExit);
      lines.close();
      resolve(line);
    });
  });
}

export function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
