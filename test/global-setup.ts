// Run once by vitest before any test file, in the process whose environment every test worker
// (and every process a test starts) inherits. The suite must leave nothing in the user's own
// folders: the Codex model catalog cache (src/runners/codex/models.ts) goes to a folder of this
// run, removed at the end. A test that checks the cache sets PEER_BRIDGE_CACHE_DIR itself. So do
// the lock files (an implement call's writer turn leaves one per workspace): a test that checks
// the lock directory names its own.
// Test files share what is costly to make and the same for all of them (the packed tarball and
// its install: test/e2e/packed-install.ts) in one more folder of this run, given to them as
// `inject('sharedDir')`.
// Tests run the `peer-bridge` command from dist/, as the package ships it (test/helpers/serve-client.ts):
// dist/ is rebuilt first when src/ changed since it was built (`npm test` has just done so; a bare
// `npx vitest run` after an edit needs it), so no test runs stale code.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run for what test files share, removed at its end. */
    sharedDir: string;
  }
}

function buildIfStale(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs', 'validators', 'dist'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`building dist/ failed (${built.status ?? built.signal}):\n${built.stderr}`);
}

export default function setup(project: TestProject): () => void {
  buildIfStale();
  const cache = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-test-cache-'));
  process.env.PEER_BRIDGE_CACHE_DIR = cache;
  const locks = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-test-locks-'));
  process.env.PEER_BRIDGE_LOCK_DIR ??= locks;
  const shared = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-test-shared-'));
  project.provide('sharedDir', shared);
  return () => {
    rmSync(cache, { recursive: true, force: true });
    rmSync(locks, { recursive: true, force: true });
    rmSync(shared, { recursive: true, force: true });
  };
}
