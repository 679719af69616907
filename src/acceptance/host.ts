// The machine the acceptance runs on, and the shell commands its sequences run between edits
// (sh on POSIX, cmd.exe on Windows), so "a shell command" means the shell a user has there.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readSetting } from '../settings/read.js';
import type { Host } from './types.js';

/**
 * Wine puts its own tools in the Windows system folder; a real Windows has no winecfg.exe.
 * PEER_BRIDGE_ACCEPTANCE_HOST=wine|native overrides the guess.
 */
export function detectHost(): Host {
  const forced = readSetting('PEER_BRIDGE_ACCEPTANCE_HOST');
  if (process.platform !== 'win32') return { platform: process.platform, wine: false };
  if (forced) return { platform: 'win32', wine: forced === 'wine' };
  const system = path.join(readSetting('SystemRoot') ?? 'C:\\windows', 'system32');
  return { platform: 'win32', wine: existsSync(path.join(system, 'winecfg.exe')) };
}

export interface CommandResult {
  command: string;
  stdout: string;
}

/** Runs one shell command line in `cwd`; rejects with its output when it exits non-zero. */
export function shell(cwd: string, posix: string, windows: string): Promise<CommandResult> {
  const onWindows = process.platform === 'win32';
  const command = onWindows ? windows : posix;
  const [file, args] = onWindows
    ? [readSetting('ComSpec') ?? 'cmd.exe', ['/d', '/s', '/c', `"${command}"`]]
    : ['/bin/sh', ['-c', command]];
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { cwd, encoding: 'utf8', windowsVerbatimArguments: true, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `command ${JSON.stringify(command)} failed (${error.code ?? error.signal}): ` +
                stderr.trim().slice(0, 300),
            ),
          );
        else resolve({ command, stdout });
      },
    );
  });
}

/** A cmd.exe command line, for the Windows-only steps (attrib, icacls). */
export function windowsCommand(cwd: string, line: string): Promise<CommandResult> {
  return shell(cwd, '', line);
}

/** Lists the folder and reads every file in it, as a build or a linter would: changes nothing. */
export function harmlessCommand(cwd: string): Promise<CommandResult> {
  return shell(
    cwd,
    'ls -laR . >/dev/null && cat ./* ./*/* >/dev/null 2>&1; exit 0',
    'dir /s /a >NUL & type * >NUL 2>&1 & exit /b 0',
  );
}

/**
 * Appends a line to an ASCII-named file, as a generator would (cmd: redirection first, or a digit
 * before >> names a handle).
 */
export function appendCommand(cwd: string, file: string, line: string): Promise<CommandResult> {
  return shell(cwd, `printf '%s\\n' '${line}' >> '${file}'`, `>>${file} echo ${line}`);
}

export function deleteCommand(cwd: string, file: string): Promise<CommandResult> {
  return shell(cwd, `rm -- '${file}'`, `del /q ${file}`);
}

export function printCommand(cwd: string, file: string): Promise<CommandResult> {
  return shell(cwd, `cat -- '${file}'`, `type ${file}`);
}
