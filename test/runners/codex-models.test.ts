// The `codex debug models` catalog is cached on disk, keyed by the executable and CODEX_HOME, so a
// new process (each `peer-bridge run`) does not start Codex again just to learn the efforts.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunScope } from '../../src/runners/define-runner.js';
import { codexBin, codexHome, setEnv, tempDir } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

// A scope that runs the real `codex` (as the host's would, minus the sandboxing) and counts starts.
function countingScope(env: Record<string, string>) {
  const starts: string[][] = [];
  const scope: RunScope = {
    spawn: (command, args, options) =>
      new Promise((resolve) => {
        expect(command).toBe('codex');
        starts.push([...args]);
        execFile(
          codexBin,
          [...args],
          { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, maxBuffer: 64 << 20 },
          (error, stdout) => {
            for (const line of stdout.split('\n')) options.onLine(line);
            resolve({ exitCode: error ? 1 : 0 } as Awaited<ReturnType<RunScope['spawn']>>);
          },
        );
      }),
    tempDir: () => tempDir('scope'),
    workspace: process.cwd(),
  };
  return { scope, starts };
}

// Each process has its own memory cache: a fresh module instance stands for a new process.
async function freshModels() {
  vi.resetModules();
  return import('../../src/runners/codex/models.js');
}

async function setup() {
  const cacheDir = await tempDir('cache');
  cleanups.push(setEnv({ PEER_BRIDGE_CACHE_DIR: cacheDir }));
  const home = await codexHome('http://127.0.0.1:9');
  return { cacheDir, home, source: { executable: codexBin, codexHome: home }, ...countingScope({ CODEX_HOME: home }) };
}

describe('the codex model catalog', () => {
  it('is asked once, then read from the cache by the next process', async () => {
    const { cacheDir, source, scope, starts } = await setup();
    const first = await (await freshModels()).effortCatalog(source, scope);
    expect(first?.get('gpt-5.5')).toEqual(['low', 'medium', 'high', 'xhigh']);
    expect(starts).toEqual([['debug', 'models']]);
    expect(readdirSync(cacheDir).filter((f) => f.startsWith('codex-models-'))).toHaveLength(1);

    const second = await (await freshModels()).effortCatalog(source, scope);
    expect(second).toEqual(first);
    expect(starts).toHaveLength(1);
  });

  it('keeps only the catalogs written last, and nothing else of the folder is touched', async () => {
    const { cacheDir, source, scope } = await setup();
    const models = await freshModels();
    // Catalogs of homes used before, one second apart, the oldest first; and a file not ours.
    const older = Array.from({ length: models.KEPT_CATALOGS + 2 }, (_, i) => {
      const name = `codex-models-${i.toString(16).padStart(32, '0')}.json`;
      writeFileSync(path.join(cacheDir, name), '{}');
      const at = Date.now() / 1000 - 3600 + i;
      utimesSync(path.join(cacheDir, name), at, at);
      return name;
    });
    writeFileSync(path.join(cacheDir, 'notes.txt'), 'not a catalog');
    await models.effortCatalog(source, scope);
    const left = readdirSync(cacheDir);
    const catalogs = left.filter((f) => f.startsWith('codex-models-'));
    expect(catalogs).toHaveLength(models.KEPT_CATALOGS);
    // The three oldest went; the one just written and the newest older ones stayed.
    expect(catalogs).not.toContain(older[0]);
    expect(catalogs).not.toContain(older[2]);
    expect(catalogs).toContain(older[3]);
    expect(catalogs.filter((f) => !older.includes(f))).toHaveLength(1);
    expect(left).toContain('notes.txt');
  });

  it('asks Codex again when its configuration changes', async () => {
    const { home, source, scope, starts } = await setup();
    await (await freshModels()).effortCatalog(source, scope);
    await appendFile(path.join(home, 'config.toml'), '\n# changed\n');
    await (await freshModels()).effortCatalog(source, scope);
    expect(starts).toHaveLength(2);
  });

  it('asks Codex again when the cached file is unreadable, and repairs it', async () => {
    const { cacheDir, source, scope, starts } = await setup();
    const models = await freshModels();
    const expected = await models.effortCatalog(source, scope);
    const [file] = readdirSync(cacheDir);
    writeFileSync(path.join(cacheDir, file!), '{ not json');
    expect(await (await freshModels()).effortCatalog(source, scope)).toEqual(expected);
    expect(starts).toHaveLength(2);
    expect(await (await freshModels()).effortCatalog(source, scope)).toEqual(expected);
    expect(starts).toHaveLength(2);
  });

  it('does not cache a failed probe', async () => {
    const { cacheDir, scope, starts } = await setup();
    const missing = { executable: path.join(cacheDir, 'no-such-codex'), codexHome: undefined };
    const failing: RunScope = {
      ...scope,
      spawn: async (...args) => (starts.push(['failed']), { ...(await scope.spawn(...args)), exitCode: 1 }),
    };
    expect(await (await freshModels()).effortCatalog(missing, failing)).toBeNull();
    expect(existsSync(cacheDir) ? readdirSync(cacheDir) : []).toEqual([]);
  });

  it('lives in the user cache folder unless PEER_BRIDGE_CACHE_DIR says otherwise', async () => {
    const { cacheDirectory } = await freshModels();
    expect(cacheDirectory({ PEER_BRIDGE_CACHE_DIR: '/x' })).toBe('/x');
    if (process.platform === 'linux') {
      expect(cacheDirectory({ XDG_CACHE_HOME: '/xdg' })).toBe(path.join('/xdg', 'peer-bridge'));
    }
  });
});
