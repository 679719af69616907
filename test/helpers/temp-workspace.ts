// Temporary workspaces for envelope and state tests; names with spaces and non-ASCII characters on purpose.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const made: string[] = [];

/** A fresh workspace directory, removed after the test. */
export async function tempWorkspace(label = 'ws'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `pb ${label} ünïcødé 工作 `));
  made.push(dir);
  return dir;
}

afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** File names in a directory, or [] when it does not exist. */
export async function list(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}
