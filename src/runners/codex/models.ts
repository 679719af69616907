// Which reasoning efforts each model accepts, from `codex debug models` (the CLI's own catalog),
// read once per executable and CODEX_HOME and cached for the life of the process.
import type { RunScope } from '../define-runner.js';
import { EFFORTS, type Effort } from '../types.js';

export type EffortCatalog = Map<string, Effort[]>;

const cache = new Map<string, Promise<EffortCatalog | null>>();

/** Parses `codex debug models` output: `{ models: [{ slug, supported_reasoning_levels: [{ effort }] }] }`. */
export function parseCatalog(text: string): EffortCatalog | null {
  let data: { models?: { slug?: string; supported_reasoning_levels?: { effort?: string }[] }[] };
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(data?.models)) return null;
  const catalog: EffortCatalog = new Map();
  for (const model of data.models) {
    if (typeof model.slug !== 'string') continue;
    const levels = (model.supported_reasoning_levels ?? []).map((l) => l.effort).filter((e): e is Effort => EFFORTS.includes(e as Effort));
    catalog.set(model.slug, EFFORTS.filter((e) => levels.includes(e)));
  }
  return catalog;
}

/** The catalog (null when `codex debug models` is unavailable or unreadable). */
export function effortCatalog(key: string, scope: RunScope): Promise<EffortCatalog | null> {
  let pending = cache.get(key);
  if (!pending) {
    pending = (async () => {
      const lines: string[] = [];
      const result = await scope.spawn('codex', ['debug', 'models'], { onLine: (line) => lines.push(line) });
      if (result.exitCode !== 0) return null;
      return parseCatalog(lines.join('\n'));
    })().catch(() => null);
    cache.set(key, pending);
    // A failed probe is not cached: the next call tries again.
    void pending.then((catalog) => {
      if (!catalog) cache.delete(key);
    });
  }
  return pending;
}

/** The highest level in `supported` at or below `requested`, else the lowest supported level. */
export function nearestSupported(requested: Effort, supported: readonly Effort[]): Effort | null {
  const rank = EFFORTS.indexOf(requested);
  const below = supported.filter((e) => EFFORTS.indexOf(e) <= rank);
  return below.at(-1) ?? supported[0] ?? null;
}

/** The next level down from `effort` within `supported` (all levels when unknown), or null. */
export function oneLevelLower(effort: Effort, supported: readonly Effort[] | null): Effort | null {
  const pool = supported ?? EFFORTS;
  const lower = pool.filter((e) => EFFORTS.indexOf(e) < EFFORTS.indexOf(effort));
  return lower.at(-1) ?? null;
}
