// What a call really changed: a workspace snapshot before the child starts (kept on disk while the
// call runs, for recovery after a crash) and one after it ends; the change goes to the transcript
// and the incident, and the transcript says where the model's files_touched disagrees with it.
import { carryHandoffs } from '../state/handoff.js';
import { saveStartSnapshot } from '../state/start-snapshot.js';
import type { TranscriptWriter } from '../state/transcript.js';
import { filesTouchedMismatch, workspaceChange, type WorkspaceChange } from '../state/workspace-change.js';
import { takeSnapshot, type WorkspaceSnapshot } from '../state/workspace-snapshot.js';

/**
 * Stores the start snapshot; the transcript notes its size, and carries the handoffs of calls a
 * crash left unknown that no call has carried yet.
 */
export async function recordStart(
  workspace: string,
  runId: string,
  snapshot: WorkspaceSnapshot,
  transcript: TranscriptWriter,
): Promise<WorkspaceSnapshot> {
  for (const handoff of await carryHandoffs(workspace).catch(() => []))
    transcript.write({ type: 'bridge.handoff', ...handoff });
  const saved = await saveStartSnapshot(workspace, runId, snapshot).then(
    () => true,
    () => false,
  );
  transcript.write({
    type: 'bridge.snapshot',
    at: snapshot.at,
    kind: snapshot.kind,
    head: snapshot.head,
    files: Object.keys(snapshot.files).length,
    truncated: snapshot.truncated,
    saved,
  });
  return snapshot;
}

/** The model's files_touched, when its answer has a list of strings there. */
function claimedFiles(answer: unknown): string[] | null {
  const list = answer && typeof answer === 'object' ? (answer as { files_touched?: unknown }).files_touched : undefined;
  return Array.isArray(list) && list.every((item) => typeof item === 'string') ? list : null;
}

/** Takes the end snapshot and records the change (and any files_touched disagreement). */
export async function recordChange(
  workspace: string,
  before: WorkspaceSnapshot,
  answer: unknown,
  transcript: TranscriptWriter,
): Promise<WorkspaceChange> {
  const change = workspaceChange(before, await takeSnapshot(workspace, {}, before));
  transcript.write({ type: 'bridge.workspace_change', ...change });
  const claimed = claimedFiles(answer);
  const mismatch = claimed ? filesTouchedMismatch(workspace, claimed, change) : null;
  if (mismatch)
    transcript.write({ type: 'bridge.files_touched_mismatch', ...mismatch, change_truncated: change.truncated });
  return change;
}
