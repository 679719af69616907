// Workbench servers (`peer-bridge serve --surface workbench`) for a test file: temp workspaces, one
// lock directory shared by every server of the file, and each server closed after its test.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { startServer, type Served } from '../helpers/serve-client.js';

export function useWorkbenchServers(prefix: string) {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), name));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const lockDir = tempDir(`${prefix}locks-`);
  const servers: Served[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const workbench = async (workspace: string, env: Record<string, string> = {}): Promise<Served> => {
    const served = await startServer({
      workspace,
      args: ['--surface', 'workbench'],
      env: { PEER_BRIDGE_LOCK_DIR: lockDir, ...env },
    });
    servers.push(served);
    return served;
  };
  /** Closes a server before its test ends (a one-shot client). */
  const closeNow = async (served: Served): Promise<void> => {
    servers.splice(servers.indexOf(served), 1);
    await served.close();
  };
  return { tempDir, lockDir, workbench, closeNow };
}
