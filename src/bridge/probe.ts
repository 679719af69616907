// Which runner CLIs this machine has: the executable each built-in runner would launch (resolved
// exactly as the runner host resolves it) and its version, for bridge_status and doctor.
// Probing never throws.
import { execFile } from 'node:child_process';
import { refineClaudeExecutable } from '../runners/claude/executable.js';
import { overrideOf, overrideVariable, resolveExecutable } from '../runners/executable.js';
import { hostEnv } from '../settings/env.js';

export interface RunnerAvailability {
  id: 'codex' | 'claude';
  /** Absolute path of the executable, or null when none was found. */
  executable: string | null;
  /** Where it came from: the override variable or PATH. */
  source: string | null;
  /** First line of `--version`, or null. */
  version: string | null;
  available: boolean;
  /** Why it is unavailable, with the fix. */
  problem: string | null;
}

const BUILT_INS = [
  { id: 'codex', install: 'npm install -g @openai/codex', refine: (file: string) => file },
  {
    id: 'claude',
    install: 'npm install -g @anthropic-ai/claude-code',
    refine: (file: string) => refineClaudeExecutable('claude', file),
  },
] as const;

function version(executable: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(executable, ['--version'], { timeout: 10_000, windowsHide: true }, (error, stdout) => {
      const line = String(stdout).trim().split('\n')[0] ?? '';
      resolve(error || line === '' ? null : line.slice(0, 200));
    }).stdin?.end();
  });
}

/** Probes the built-in runners (in parallel). */
export async function probeRunners(env: NodeJS.ProcessEnv = hostEnv()): Promise<RunnerAvailability[]> {
  return Promise.all(
    BUILT_INS.map(async ({ id, install, refine }): Promise<RunnerAvailability> => {
      const variable = overrideVariable(id);
      const given = overrideOf(id, env) !== undefined;
      const source = given ? variable : 'PATH';
      let executable: string;
      // A wrong override is fixed by correcting the variable, not by installing anything.
      const remedy = given
        ? `fix ${variable} (the absolute path of the ${id} executable) or unset it to use ${id} from PATH`
        : install;
      try {
        executable = refine(resolveExecutable(id, env));
      } catch (error) {
        const problem = `${(error as Error).message} (${remedy})`;
        return { id, executable: null, source: null, version: null, available: false, problem };
      }
      const found = await version(executable);
      return {
        id,
        executable,
        source,
        version: found,
        available: found !== null,
        problem:
          found === null ? `${executable} --version failed (${given ? remedy : `reinstall it: ${install}`})` : null,
      };
    }),
  );
}
