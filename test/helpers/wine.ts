// Shared by the tests that run Windows code under Wine: whether the tools are here (a skip with
// the reason, or a failure under PEER_BRIDGE_REQUIRE_WINE=1 as in CI), and running a
// scripts/windows/ script with its output in a file.
import { closeSync, openSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
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
