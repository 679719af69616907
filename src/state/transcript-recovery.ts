// After a bridge crash: the head of an interrupted run's transcript (its `.partial.jsonl`, spilled
// while it ran) becomes its transcript. Called by ledger recovery for each call it settles.
import { constants } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { promises as native } from '../native/index.js';
import { partialTranscriptPath, resolveInWorkspace, transcriptPath, transcriptsDir } from './paths.js';

/**
 * After a crash: the head of an interrupted run's transcript, spilled while it ran, becomes its
 * transcript, marked as interrupted and published under the usual name, never replacing a file.
 * Best effort (no partial file means the run never got that far).
 */
export async function publishInterruptedTranscript(workspace: string, runId: string): Promise<void> {
  const dir = resolveInWorkspace(workspace, transcriptsDir);
  const partial = resolveInWorkspace(workspace, partialTranscriptPath(runId));
  try {
    if ((await lstat(dir)).isSymbolicLink()) return;
    const handle = await open(partial, constants.O_RDWR | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0));
    try {
      const note = 'the bridge process ended before this run settled; this is the start of its transcript';
      const now = new Date();
      const started = await startedAt(handle);
      const marker = {
        type: 'transcript.interrupted',
        run_id: runId,
        note,
        recovered_at: now.toISOString(),
        // By the wall clock (the run's monotonic clock died with it): when it was found, not when it ended.
        ...(started !== null ? { t_ms: Math.max(0, now.getTime() - started) } : {}),
      };
      await handle.appendFile(`${JSON.stringify(marker)}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await native.renameNoReplace(partial, resolveInWorkspace(workspace, transcriptPath(runId)));
  } catch {
    // No partial file, or a transcript is already there.
  }
}

// The start record's wall-clock time, in ms since the epoch; null for a transcript written before
// records carried times (or a first line that is not one).
async function startedAt(handle: FileHandle): Promise<number | null> {
  const buffer = Buffer.alloc(1024);
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
  const first = buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0]!;
  try {
    const record = JSON.parse(first) as { type?: unknown; started_at?: unknown };
    const time =
      record.type === 'transcript.start' && typeof record.started_at === 'string' ? Date.parse(record.started_at) : NaN;
    return Number.isFinite(time) ? time : null;
  } catch {
    return null;
  }
}
