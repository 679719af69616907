// One incident file as text for people (`peer-bridge runs --html` shows it inline): pretty JSON,
// bounded, or null when the file is gone or unreadable. The path comes from the ledger, which a
// peer can write: only a plain file directly in the incidents folder is read.
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { incidentsDir, resolveInWorkspace } from './paths.js';

const MAX_FILE_BYTES = 1024 * 1024;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/;

/** Whether `relative` names a file directly in `.peer-bridge/incidents/`. */
export function isIncidentPath(relative: unknown): relative is string {
  if (typeof relative !== 'string' || !relative.startsWith(`${incidentsDir}/`)) return false;
  return NAME.test(relative.slice(incidentsDir.length + 1));
}

export async function readIncidentText(workspace: string, relative: string, maxChars = 4000): Promise<string | null> {
  if (!isIncidentPath(relative)) return null;
  let handle;
  try {
    handle = await open(resolveInWorkspace(workspace, relative), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(Math.min(size, MAX_FILE_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const raw = buffer.subarray(0, bytesRead).toString('utf8');
    let text = raw;
    try {
      text = JSON.stringify(JSON.parse(raw), null, 2);
    } catch {
      // shown as it is
    }
    return text.length > maxChars ? `${text.slice(0, maxChars)}\n…` : text;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

/**
 * The fault an incident's file name records (`<time>-<run_id>-<fault>.json`, as incident.ts names
 * it), so a listing of thousands of failures need not open every file; null when it does not say.
 */
export function faultFromIncidentName(relative: string, runId: string): string | null {
  const name = relative.slice(relative.lastIndexOf('/') + 1);
  const marker = `-${runId}-`;
  const at = name.lastIndexOf(marker);
  if (at === -1 || !name.endsWith('.json')) return null;
  const fault = name.slice(at + marker.length, -'.json'.length);
  return /^[a-z]+(-[a-z]+)*$/.test(fault) ? fault : null;
}
