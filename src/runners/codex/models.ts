// Which reasoning efforts each model accepts, from `codex debug models` (the CLI's own catalog).
// Asking costs a Codex start (about half a second), so the answer is kept for the life of the
// process and on disk, in the user's cache folder, keyed by the executable (path, size, mtime),
// CODEX_HOME and its config.toml: a new Codex or a changed configuration asks again. The folder
// keeps the KEPT_CATALOGS catalogs written last (one per Codex install and home in use), so homes
// that come and go (temporary ones, in scripts and CI) do not pile up in it.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hostEnv } from '../../settings/env.js';
import { readSetting } from '../../settings/read.js';
import { EFFORTS, isEffort, type Effort } from '../../vocabulary.js';
import type { RunScope } from '../define-runner.js';

export type EffortCatalog = Map<string, Effort[]>;

/** What the catalog depends on: the Codex executable and its home folder. */
export interface CatalogSource {
  /** Absolute path of the codex executable. */
  executable: string;
  /** CODEX_HOME, when set. */
  codexHome: string | undefined;
}

const cache = new Map<string, Promise<EffortCatalog | null>>();

/** The user's cache folder for peer-bridge (PEER_BRIDGE_CACHE_DIR overrides it). */
export function cacheDirectory(env: NodeJS.ProcessEnv = hostEnv()): string {
  const own = readSetting('PEER_BRIDGE_CACHE_DIR', env);
  if (own) return own;
  if (process.platform === 'win32') {
    const local = readSetting('LOCALAPPDATA', env) ?? path.join(os.homedir(), 'AppData', 'Local');
    return path.join(local, 'peer-bridge', 'Cache');
  }
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches', 'peer-bridge');
  return path.join(readSetting('XDG_CACHE_HOME', env) ?? path.join(os.homedir(), '.cache'), 'peer-bridge');
}

const fingerprint = async (file: string) =>
  stat(file).then(
    (s) => ({ size: s.size, mtimeMs: s.mtimeMs }),
    () => null,
  );

// Everything that, when it changes, may change the catalog. A missing executable has no key.
async function diskKey(source: CatalogSource): Promise<string | null> {
  const binary = await fingerprint(source.executable);
  if (!binary) return null;
  const config = source.codexHome ? await fingerprint(path.join(source.codexHome, 'config.toml')) : null;
  return JSON.stringify({ executable: source.executable, binary, codexHome: source.codexHome ?? null, config });
}

/** How many catalog files the cache folder keeps (the ones written last). */
export const KEPT_CATALOGS = 16;
const CATALOG_FILE = /^codex-models-[0-9a-f]{32}\.json$/;

const cacheFile = (key: string) =>
  path.join(cacheDirectory(), `codex-models-${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);

async function readCached(key: string): Promise<EffortCatalog | null> {
  try {
    const data = JSON.parse(await readFile(cacheFile(key), 'utf8')) as {
      key?: string;
      models?: Record<string, string[]>;
    };
    if (data.key !== key || !data.models || typeof data.models !== 'object') return null;
    const catalog: EffortCatalog = new Map();
    for (const [slug, levels] of Object.entries(data.models)) {
      if (!Array.isArray(levels)) return null;
      catalog.set(
        slug,
        EFFORTS.filter((e) => levels.includes(e)),
      );
    }
    return catalog;
  } catch {
    return null; // absent or unreadable: ask Codex
  }
}

// Best effort: a cache that cannot be written only means asking again next time. Written to a
// temporary name and renamed, so a reader never sees half a file.
async function writeCached(key: string, catalog: EffortCatalog): Promise<void> {
  const file = cacheFile(key);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, JSON.stringify({ key, models: Object.fromEntries(catalog) }));
    await rename(temp, file);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
    return;
  }
  await pruneCached(path.dirname(file)).catch(() => undefined);
}

// Removes all but the KEPT_CATALOGS catalogs written last. O(files in the folder), and only after a
// write, which happens once per new key. Removing a file another process is about to read only
// makes that process ask Codex again.
async function pruneCached(dir: string): Promise<void> {
  const names = (await readdir(dir)).filter((name) => CATALOG_FILE.test(name));
  if (names.length <= KEPT_CATALOGS) return;
  const written = await Promise.all(
    names.map(async (name) => ({
      file: path.join(dir, name),
      at: await stat(path.join(dir, name)).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    })),
  );
  written.sort((a, b) => b.at - a.at);
  await Promise.all(written.slice(KEPT_CATALOGS).map(({ file }) => rm(file, { force: true })));
}

/** Parses `codex debug models` output: `{ models: [{ slug, supported_reasoning_levels: [{ effort }] }] }`. */
export function parseCatalog(text: string): EffortCatalog | null {
  let data: { models?: { slug?: string; supported_reasoning_levels?: { effort?: string }[] }[] };
  try {
    data = JSON.parse(text) as typeof data;
  } catch {
    return null;
  }
  if (!Array.isArray(data?.models)) return null;
  const catalog: EffortCatalog = new Map();
  for (const model of data.models) {
    if (typeof model.slug !== 'string') continue;
    const levels = (model.supported_reasoning_levels ?? []).map((l) => l.effort).filter(isEffort);
    catalog.set(
      model.slug,
      EFFORTS.filter((e) => levels.includes(e)),
    );
  }
  return catalog;
}

async function probe(scope: RunScope): Promise<EffortCatalog | null> {
  const lines: string[] = [];
  const result = await scope.spawn('codex', ['debug', 'models'], { onLine: (line) => lines.push(line) });
  if (result.exitCode !== 0) return null;
  return parseCatalog(lines.join('\n'));
}

/** The catalog (null when `codex debug models` is unavailable or unreadable). */
export function effortCatalog(source: CatalogSource, scope: RunScope): Promise<EffortCatalog | null> {
  const memoryKey = `${source.executable}\0${source.codexHome ?? ''}`;
  let pending = cache.get(memoryKey);
  if (!pending) {
    pending = (async () => {
      const key = await diskKey(source);
      const cached = key ? await readCached(key) : null;
      if (cached) return cached;
      const catalog = await probe(scope);
      if (catalog && key) await writeCached(key, catalog);
      return catalog;
    })().catch(() => null);
    cache.set(memoryKey, pending);
    // A failed probe is not cached: the next call tries again.
    void pending.then((catalog) => {
      if (!catalog) cache.delete(memoryKey);
    });
  }
  return pending;
}
