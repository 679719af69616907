// An incident file records why a run went wrong, with enough context to investigate it later:
// the fault, the child's exit, its stderr tail, what changed in a git workspace, and the incident
// before it. The envelope only references the file.
import type { Fault } from '../vocabulary.js';
import { suffixWithinBytes } from '../text-cut.js';
import type { PartialOutput } from '../generated/harness-envelope.js';
import { writeNewFileAtomic } from './atomic-write.js';
import { gitWorkspaceDelta, type GitWorkspaceDelta } from './git-delta.js';
import { latestIncident } from './incidents.js';
import type { WorkspaceChange } from './workspace-change.js';
import { assertRunId, assertWorkspace, incidentsDir, stateDirectory, workspaceRelative } from './paths.js';

export const stderrTailBytes = 4096;

/** Context that goes into an incident file only (never into the envelope). */
export interface IncidentContext {
  /** The time budget of the call in seconds. */
  budget_seconds?: number | null;
  /** The child's exit code, when it exited. */
  exit_code?: number | null;
  /** The signal that ended the child (e.g. `SIGKILL`). */
  signal?: string | null;
  /** The last part of the child's stderr (kept to its last 4 KiB). */
  stderr_tail?: string | null;
  /** The output byte cap that was hit (output-limit). */
  output_limit_bytes?: number | null;
  /** The depth limit that was reached (recursion). */
  depth_limit?: number | null;
  /** What the call changed in the workspace (start snapshot to end snapshot). */
  workspace_change?: WorkspaceChange | null;
  /** Anything else worth keeping (must be JSON-serialisable). */
  extra?: Record<string, unknown>;
}

export interface IncidentInput extends IncidentContext {
  /** Absolute path of the workspace. */
  workspace: string;
  run_id: string;
  fault: Fault;
  /** What went wrong, in one or two sentences. */
  reason: string;
  verb: string;
  runner: string;
  direction: string;
  depth: number;
  model: string | null;
  effort: string | null;
  duration_seconds: number;
  /** Workspace-relative path of the run's transcript, or null when it could not be written. */
  transcript_path: string | null;
  /** Validation problems, one sentence each (invalid-output, invalid-envelope). */
  problems?: string[];
  partial_output?: PartialOutput;
}

/** The JSON content of an incident file. */
export interface IncidentRecord {
  fault: Fault;
  reason: string;
  created_at: string;
  run_id: string;
  verb: string;
  runner: string;
  direction: string;
  depth: number;
  model: string | null;
  effort: string | null;
  budget_seconds: number | null;
  duration_seconds: number;
  transcript_path: string | null;
  exit_code: number | null;
  signal: string | null;
  stderr_tail: string | null;
  output_limit_bytes: number | null;
  depth_limit: number | null;
  problems: string[];
  partial_output: PartialOutput | null;
  /** The git state at the incident (what differs from HEAD now, not what the call changed). */
  workspace_delta: GitWorkspaceDelta | null;
  /** What the call changed: its start snapshot against its end (null when none was taken). */
  workspace_change: WorkspaceChange | null;
  workspace_delta_unavailable: string | null;
  previous_incident: string | null;
  extra: Record<string, unknown> | null;
}

// 2026-12-02T15:34:03.123Z → 20261202T153403.123Z: sorts by time and is a valid Windows name.
function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '');
}

/**
 * Writes `.peer-bridge/incidents/<timestamp>-<run_id>-<fault>.json` atomically and returns its
 * workspace-relative path.
 */
export async function writeIncident(input: IncidentInput, options: { gitBinary?: string } = {}): Promise<string> {
  assertWorkspace(input.workspace);
  assertRunId(input.run_id);
  const now = new Date();
  const [previous, git] = await Promise.all([
    latestIncident(input.workspace),
    gitWorkspaceDelta(input.workspace, options),
  ]);
  const record: IncidentRecord = {
    fault: input.fault,
    reason: input.reason,
    created_at: now.toISOString(),
    run_id: input.run_id,
    verb: input.verb,
    runner: input.runner,
    direction: input.direction,
    depth: input.depth,
    model: input.model,
    effort: input.effort,
    budget_seconds: input.budget_seconds ?? null,
    duration_seconds: input.duration_seconds,
    transcript_path: input.transcript_path,
    exit_code: input.exit_code ?? null,
    signal: input.signal ?? null,
    stderr_tail: input.stderr_tail ? suffixWithinBytes(input.stderr_tail, stderrTailBytes) : null,
    output_limit_bytes: input.output_limit_bytes ?? null,
    depth_limit: input.depth_limit ?? null,
    problems: input.problems ?? [],
    partial_output: input.partial_output ?? null,
    workspace_delta: git.available ? git.delta : null,
    workspace_change: input.workspace_change ?? null,
    workspace_delta_unavailable: git.available ? null : git.reason,
    previous_incident: previous,
    extra: input.extra ?? null,
  };
  const dir = await stateDirectory(input.workspace, incidentsDir);
  const written = await writeNewFileAtomic(
    dir,
    `${stamp(now)}-${input.run_id}-${input.fault}`,
    '.json',
    `${JSON.stringify(record, null, 2)}\n`,
  );
  return workspaceRelative(input.workspace, written);
}
