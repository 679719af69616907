// Tests that need root (mounts, chattr): they make what they need themselves — a tmpfs mounted by
// the test is a real second filesystem, supports chattr +a and can be remounted read-only — and a
// machine that cannot give it skips them with the reason, except in CI (CI=true), which runs as
// root: there a skip would hide a test that never ran, so it fails instead.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

interface SkipContext {
  skip(note?: string): never;
}

/** Skips (or, under CI=true, fails) when `problem` is set. */
export function requirePrivilege(ctx: SkipContext, problem: string | undefined): void {
  if (problem === undefined) return;
  if (process.env.CI === 'true')
    throw new Error(`a privileged test could not run under CI=true (CI runs as root): ${problem}`);
  ctx.skip(problem);
}

function run(command: string, args: string[]): string | undefined {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.status === 0) return undefined;
  return `${command} ${args.join(' ')}: ${(result.stderr || result.error?.message || `exit ${result.status}`).trim()}`;
}

/**
 * Mounts a fresh tmpfs at `dir` (made if missing) for the rest of the test; returns the unmount
 * function. Skips (or fails under CI) where mounting is not possible.
 */
export function mountTmpfs(ctx: SkipContext, dir: string, options = 'size=64m'): () => void {
  mkdirSync(dir, { recursive: true });
  const problem =
    process.platform !== 'linux'
      ? `mounting a tmpfs needs Linux (this is ${process.platform})`
      : process.getuid?.() !== 0
        ? 'mounting a tmpfs needs root'
        : run('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir]);
  requirePrivilege(ctx, problem);
  return () => {
    // Lazy: a handle a failed assertion left open must not keep the mount (and the temp dir) around.
    spawnSync('umount', ['-l', dir]);
  };
}

/** Remounts a tmpfs made by mountTmpfs read-only. */
export function remountReadOnly(dir: string): void {
  const problem = run('mount', ['-o', 'remount,ro', dir]);
  if (problem) throw new Error(problem);
}

/** Sets or clears the append-only attribute; skips (or fails under CI) where chattr cannot. */
export function appendOnly(ctx: SkipContext, target: string, on: boolean): void {
  const problem = run('chattr', [on ? '+a' : '-a', target]);
  if (on) requirePrivilege(ctx, problem);
}
