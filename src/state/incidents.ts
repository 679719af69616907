// Reading the incidents folder: the one listing (newest first, by the timestamp that starts every
// incident file name) that `previous_incident`, bridge_status and `runs --html` share.
import { readdir, readFile } from 'node:fs/promises';
import { incidentsDir, resolveInWorkspace } from './paths.js';

/** One incident as a listing shows it; fields the file lacks or garbles are null. */
export interface IncidentSummary {
  /** Workspace-relative path of the incident file. */
  path: string;
  fault: string | null;
  reason: string | null;
  run_id: string | null;
  /** When the incident was written (its `created_at`), or null when the file does not say. */
  created_at: string | null;
}

const SUMMARY_CHARS = 300;

/**
 * Workspace-relative paths of incident files, newest first (at most `limit`). Names sort by time
 * because each starts with a UTC timestamp; dot files are temporary files of an atomic write.
 * O(n log n) in the number of incident files.
 */
export async function listIncidents(workspace: string, limit = Infinity): Promise<string[]> {
  const names = await readdir(resolveInWorkspace(workspace, incidentsDir)).catch(() => [] as string[]);
  return names
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .sort()
    .reverse()
    .slice(0, limit)
    .map((name) => `${incidentsDir}/${name}`);
}

/** Workspace-relative path of the newest incident file, or null. */
export async function latestIncident(workspace: string): Promise<string | null> {
  return (await listIncidents(workspace, 1))[0] ?? null;
}

/** The summary of one incident file; an unreadable file is still listed by its path. */
export async function readIncidentSummary(workspace: string, relative: string): Promise<IncidentSummary> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(resolveInWorkspace(workspace, relative), 'utf8'));
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
      body = parsed as Record<string, unknown>;
  } catch {
    // listed by path only
  }
  const text = (key: string) => (typeof body[key] === 'string' ? body[key].slice(0, SUMMARY_CHARS) : null);
  return {
    path: relative,
    fault: text('fault'),
    reason: text('reason'),
    run_id: text('run_id'),
    created_at: text('created_at'),
  };
}

/** The newest incidents with their summaries, newest first. */
export async function recentIncidents(workspace: string, limit = 5): Promise<IncidentSummary[]> {
  return Promise.all(
    (await listIncidents(workspace, limit)).map((relative) => readIncidentSummary(workspace, relative)),
  );
}
