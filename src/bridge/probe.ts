// Which runner CLIs this machine has: the executable each built-in runner would launch and its
// version, for bridge_status and `peer-bridge doctor`. Probing never throws.
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

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
  { id: 'codex', command: 'codex', env: 'PEER_BRIDGE_CODEX_BIN', install: 'npm install -g @openai/codex' },
  { id: 'claude', command: 'claude', env: 'PEER_BRIDGE_CLAUDE_BIN', install: 'npm install -g @anthropic-ai/claude-code' },
] as const;

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds `command` on PATH the way a shell would (PATHEXT on Windows). */
export function whichSync(command: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, command + ext);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

function version(executable: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(executable, ['--version'], { timeout: 10_000, windowsHide: true }, (error, stdout) => {
      const line = String(stdout).trim().split('\n')[0] ?? '';
      resolve(error || line === '' ? null : line.slice(0, 200));
    }).stdin?.end();
  });
}

/** Probes the built-in runners (in parallel). */
export async function probeRunners(env: NodeJS.ProcessEnv = process.env): Promise<RunnerAvailability[]> {
  return Promise.all(
    BUILT_INS.map(async ({ id, command, env: variable, install }): Promise<RunnerAvailability> => {
      const override = env[variable];
      const executable = override ? (isExecutable(override) ? path.resolve(override) : null) : whichSync(command, env);
      if (!executable) {
        const problem = override
          ? `${variable}=${override} is not an executable file; point it at the ${command} binary`
          : `${command} is not on PATH; install it (${install}) or set ${variable}`;
        return { id, executable: null, source: override ? variable : null, version: null, available: false, problem };
      }
      const found = await version(executable);
      return {
        id,
        executable,
        source: override ? variable : 'PATH',
        version: found,
        available: found !== null,
        problem: found === null ? `${executable} --version failed; reinstall it (${install})` : null,
      };
    }),
  );
}
