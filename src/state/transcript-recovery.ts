// After a bridge crash: the head of an interrupted run's transcript (its `.partial.jsonl`, spilled
// while it ran) becomes its transcript. Called by ledger recovery for each call it settles.
import { constants } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
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
    const handle = await open(partial, constants.O_WRONLY | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0));
    try {
      const note = 'the bridge process ended before this run settled; this is the start of its transcript';
      await handle.appendFile(`${JSON.stringify({ type: 'transcript.interrupted', run_id: runId, note })}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await native.renameNoReplace(partial, resolveInWorkspace(workspace, transcriptPath(runId)));
  } catch {
    // No partial file, or a transcript is already there.
  }
}
