import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** A fresh real directory per test, removed after it. */
export function useTempDir(prefix = 'peer-bridge-test-'): () => string {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  return () => {
    dir ??= mkdtempSync(path.join(os.tmpdir(), prefix));
    return dir;
  };
}
