// Shared set-up for the fs tests: a fresh real workspace under the system temp dir, and a private
// lock directory per test file so parallel test files never share lock files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { openWorkbench, type ToolResult, type Workbench, type WorkbenchOptions } from '../../src/fs/index.js';
import type { PublishHooks } from '../../src/fs/fs-ops.js';

export const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'pb-fs-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export interface Bench {
  ws: string;
  lockDir: string;
  wb: Workbench;
  open(extra?: Partial<WorkbenchOptions>): Workbench;
  file(rel: string): string;
  write(rel: string, content: string | Buffer): string;
  text(rel: string): string;
}

export function bench(): Bench {
  const ws = tempDir();
  const lockDir = tempDir('pb-locks-');
  const open = (extra: Partial<WorkbenchOptions> = {}): Workbench =>
    openWorkbench({ workspace: ws, lockDir, ...extra });
  const file = (rel: string): string => path.join(ws, rel);
  return {
    ws,
    lockDir,
    wb: open(),
    open,
    file,
    write(rel, content) {
      mkdirSync(path.dirname(file(rel)), { recursive: true });
      writeFileSync(file(rel), content);
      return file(rel);
    },
    text: (rel) => readFileSync(file(rel), 'utf8'),
  };
}

/** Narrows a result to success, failing the test with the failure's code and message otherwise. */
export function ok<R extends ToolResult>(result: R): Extract<R, { ok: true }> {
  if (!result.ok) throw new Error(`expected ok, got ${result.code}: ${result.message}`);
  return result as Extract<R, { ok: true }>;
}

export function code(result: ToolResult): string {
  return result.ok ? 'ok' : result.code;
}

/**
 * Publication hooks that hold a mutation once its bytes are staged and synced (its locks held):
 * `staged` resolves when one gets there, `resume()` lets it go on.
 */
export function pauseAtStaged(): { hooks: PublishHooks; staged: Promise<void>; resume: () => void } {
  let resume!: () => void;
  const paused = new Promise<void>((resolve) => (resume = resolve));
  let reached!: () => void;
  const staged = new Promise<void>((resolve) => (reached = resolve));
  const hooks: PublishHooks = {
    async onStep(step) {
      if (step !== 'staged') return;
      reached();
      await paused;
    },
  };
  return { hooks, staged, resume };
}
