// Starting fs-worker.ts children and talking to them line by line.
import { execa, type ResultPromise } from 'execa';
import path from 'node:path';
import { firstLine } from '../helpers/lines.js';
import { fileURLToPath } from 'node:url';
import { fixtures } from './helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type Worker = ResultPromise<{ cwd: string; reject: false; stdin: 'pipe'; stdout: 'pipe'; stderr: 'pipe' }>;

export function startWorker(job: Record<string, unknown>): Worker {
  return execa(process.execPath, ['--import', 'tsx', path.join(fixtures, 'fs-worker.ts'), JSON.stringify(job)], {
    cwd: repoRoot,
    reject: false,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'pipe',
  });
}

/** Resolves when the worker prints `line` on stdout. */
export async function waitForLine(worker: Worker, line: string): Promise<void> {
  const ended = worker.then((result) => `worker ended before "${line}": ${result.stderr}`);
  await firstLine(worker.stdout, (text) => text.trim() === line, ended);
}

/** The JSON the worker printed last. */
export async function lastJson(worker: Worker): Promise<Record<string, unknown>> {
  const result = await worker;
  if (result.exitCode !== 0) throw new Error(`worker failed (${result.exitCode}): ${result.stderr}`);
  const lines = String(result.stdout).trim().split('\n');
  return JSON.parse(lines[lines.length - 1] as string) as Record<string, unknown>;
}
