// `npm install --ignore-scripts` (or a skipped postinstall) leaves @anthropic-ai/claude-code's
// `claude` bin as a small shell stub that only prints an error; the real binary sits in the
// platform package next to it (@anthropic-ai/claude-code-<platform>-<arch>[-musl]/claude).
import { existsSync, openSync, readSync, closeSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

const STUB_MARKER = 'claude native binary not installed';

function isStub(file: string): boolean {
  try {
    if (statSync(file).size > 16384) return false;
    const fd = openSync(file, 'r');
    try {
      const buf = Buffer.alloc(16384);
      const n = readSync(fd, buf, 0, buf.length, 0);
      return buf.subarray(0, n).toString('utf8').includes(STUB_MARKER);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/** Platform package folder names to try, most specific first. */
export function platformPackages(platform = process.platform, arch = process.arch): string[] {
  const base = `claude-code-${platform}-${arch}`;
  return platform === 'linux' ? [base, `${base}-musl`] : [base];
}

/** Replaces the npm stub by the platform package's binary when that binary exists. */
export function refineClaudeExecutable(command: string, file: string): string {
  if (command !== 'claude' || !isStub(file)) return file;
  // …/node_modules/@anthropic-ai/claude-code/bin/claude.exe → …/node_modules/@anthropic-ai
  const scopeDir = path.dirname(path.dirname(path.dirname(realpathSync(file))));
  const binary = process.platform === 'win32' ? 'claude.exe' : 'claude';
  for (const pkg of platformPackages()) {
    const candidate = path.join(scopeDir, pkg, binary);
    if (existsSync(candidate)) return candidate;
  }
  return file;
}
