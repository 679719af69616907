// Shared by the tests that run Windows code under Wine: whether the tools are here (a skip with
// the reason, or a failure under PEER_BRIDGE_REQUIRE_WINE=1 as in CI), running a scripts/windows/
// script with its output in a file, in a folder of the test's own, and reading what it wrote there.
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { packageRoot } from '../../src/package/root.js';
import { readSetting } from '../../src/settings/read.js';

const tools = ['x86_64-w64-mingw32-g++-posix', 'x86_64-w64-mingw32-dlltool', 'wine', 'winepath', 'wineserver'];
const missing = tools.filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);

/** Skips the test when mingw-w64 or Wine is missing, unless PEER_BRIDGE_REQUIRE_WINE=1 makes that a failure. */
export function requireWine(ctx: { skip(note: string): void }): void {
  if (missing.length === 0) return;
  const reason = `needs mingw-w64 and Wine (missing: ${missing.join(', ')}); scripts/windows/env.sh lists the apt packages`;
  if (readSetting('PEER_BRIDGE_REQUIRE_WINE') === '1') throw new Error(`PEER_BRIDGE_REQUIRE_WINE=1 but ${reason}`);
  ctx.skip(reason);
}

/**
 * Runs a scripts/windows/ script. Output to a file, not a pipe: Wine cannot write to a pipe, and a
 * lingering wineserver would hold one open.
 */
export function runWineScript(script: string, env: Record<string, string>, logFile: string, timeout: number) {
  const root = packageRoot();
  const log = openSync(logFile, 'w');
  // Not the run's own lock directory (test/global-setup.ts): node.exe under Wine creates the
  // version-token key there with mode 0644 (Wine keeps no POSIX modes), which every Linux process
  // of the run then refuses as readable by others. Windows keeps its default lock directory.
  const { PEER_BRIDGE_LOCK_DIR: _linuxLocks, ...inherited } = process.env;
  try {
    return spawnSync('bash', [path.join(root, script)], {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ['ignore', log, log],
      timeout,
    });
  } finally {
    closeSync(log);
  }
}

/** A finished run of a scripts/windows/ script in its own folder. */
export interface WineRun {
  script: string;
  /** The folder the script wrote its results and logs into, removed when the test finishes. */
  work: string;
  status: number | null;
}

interface WineTest {
  skip(note: string): void;
  onTestFinished(fn: () => void): void;
}

/**
 * Runs `script` for a test under Wine (skipped or failed without the tools, see requireWine) in a
 * new folder `prefix`…; `env` gives the script's variables for that folder (default: its results
 * go to PEER_BRIDGE_WINE_OUT). The script's own output goes to script.log there.
 */
export function runInWine(
  ctx: WineTest,
  script: string,
  prefix: string,
  timeout: number,
  env: (work: string) => Record<string, string> = (work) => ({ PEER_BRIDGE_WINE_OUT: work }),
): WineRun {
  requireWine(ctx);
  const work = mkdtempSync(path.join(os.tmpdir(), prefix));
  ctx.onTestFinished(() => rmSync(work, { recursive: true, force: true }));
  const run = runWineScript(script, env(work), path.join(work, 'script.log'), timeout);
  return { script, work, status: run.status };
}

/**
 * The text of the result file `name` the script wrote; when it wrote none (or an empty one), an
 * error that says how the script exited, with the tails of the logs it left.
 */
export function wineResult(run: WineRun, name: string, logs = ['script.log', 'run.log']): string {
  const file = path.join(run.work, name);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (text.trim() !== '') return text;
  const tails = logs
    .filter((log) => existsSync(path.join(run.work, log)))
    .map((log) => `${log}:\n${readFileSync(path.join(run.work, log), 'utf8').slice(-4000)}`);
  throw new Error(`${run.script} exited ${run.status} without ${name}:\n${tails.join('\n')}`);
}

/** A driver's steps.json (what it checked on node.exe), once none of its steps failed. */
export function passedSteps<T extends object = object>(run: WineRun, logs?: string[]): T & { steps: WineStep[] } {
  const result = JSON.parse(wineResult(run, 'steps.json', logs)) as T & { steps: WineStep[] };
  expect(
    result.steps.filter((step) => !step.ok),
    JSON.stringify(result.steps, null, 2),
  ).toEqual([]);
  return result;
}

export interface WineStep {
  name: string;
  ok: boolean;
  detail: string;
}
