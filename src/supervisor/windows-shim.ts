// Windows: Node refuses to spawn .cmd/.bat files without a shell. npm's shims only start a JS file
// with node, so run that file with our node directly; anything else goes through cmd.exe with
// every argument quoted and cmd's metacharacters escaped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readSetting } from '../settings/read.js';

export interface Invocation {
  file: string;
  args: string[];
  /** cmd.exe needs its own quoting kept verbatim. */
  verbatim: boolean;
}

/** The JS file an npm `.cmd` shim starts (`"%dp0%\..\pkg\bin\x.js"`), or null. */
export function npmShimTarget(shimPath: string, text = readFileSync(shimPath, 'utf8')): string | null {
  const match = /"%(?:~)?dp0%?\\([^"]+\.(?:c|m)?js)"/i.exec(text);
  return match ? path.win32.resolve(path.win32.dirname(shimPath), match[1]!) : null;
}

function quoteForCmd(arg: string): string {
  const quoted = `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"`;
  return quoted.replace(/[()%!^"<>&|]/g, '^$&');
}

/** How to start `file` with `args` without a shell-interpreted command line. */
export function invocationFor(file: string, args: readonly string[], platform = process.platform): Invocation {
  if (platform !== 'win32' || !/\.(cmd|bat)$/i.test(file)) return { file, args: [...args], verbatim: false };
  const target = npmShimTarget(file);
  if (target) return { file: process.execPath, args: [target, ...args], verbatim: false };
  const line = [file, ...args].map(quoteForCmd).join(' ');
  return { file: readSetting('ComSpec') ?? 'cmd.exe', args: ['/d', '/s', '/c', `"${line}"`], verbatim: true };
}
