// Readable output for people: the envelope summary of `peer-bridge run` and the runs table.
import type { PublicEnvelope } from '../envelope/index.js';
import type { RunSummary } from '../state/runs-view.js';

function list(title: string, items: readonly string[]): string[] {
  return items.length === 0 ? [] : [`${title}:`, ...items.map((item) => `  - ${item}`)];
}

/** A short human summary of one envelope. */
export function formatEnvelope(envelope: PublicEnvelope): string {
  const cost = envelope.cost === null ? 'cost unknown' : `$${envelope.cost.toFixed(4)}`;
  const lines = [
    `${envelope.status.toUpperCase()}  ${envelope.verb} ${envelope.direction}  run ${envelope.run_id}`,
    `model ${envelope.model ?? 'unknown'}, effort ${envelope.effort ?? 'default'}, ` +
      `${envelope.duration_seconds.toFixed(1)} s, ${cost}`,
    '',
    envelope.verdict,
    '',
    ...list('Findings', envelope.findings),
    ...list('Files touched', envelope.files_touched),
    ...list('Remaining', envelope.remaining),
    ...list('Blockers', envelope.blockers),
  ];
  if (envelope.effort_substituted) {
    const s = envelope.effort_substituted;
    lines.push(`Effort: asked ${s.requested}, applied ${s.applied} (${s.reason})`);
  }
  if (envelope.partial_output) lines.push(`Unverified partial output: ${envelope.partial_output.text.slice(0, 300)}`);
  if (envelope.reminder) lines.push(`Reminder: ${envelope.reminder}`);
  lines.push(`Transcript: ${envelope.transcript_path}`);
  if (envelope.incident) lines.push(`Incident: ${envelope.incident}`);
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}

/** The width `peer-bridge runs` fits in. */
export const RUNS_COLUMNS = 100;

// Cut to `width` characters (not UTF-16 units), with an ellipsis when something was dropped.
function fit(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

// 2026-12-02T21:50:03.123Z → 12-02 21:50:03 (UTC, as the ledger records it).
const when = (iso: string) => iso.replace(/^\d{4}-(\d\d-\d\d)T(\d\d:\d\d:\d\d).*$/, '$1 $2');

// "transcript pruned 11-02 10:00:00: older than 30d": what of a call retention removed, when, why.
function prunedLine(pruned: NonNullable<RunSummary['pruned']>): string {
  const transcript = pruned.paths.some((p) => p.includes('/transcripts/'));
  const incident = pruned.paths.some((p) => p.includes('/incidents/'));
  const what = transcript && incident ? 'transcript and incident' : transcript ? 'transcript' : 'incident';
  return `${what} pruned ${when(pruned.at)}: ${pruned.reason}`;
}

/**
 * The runs table, newest first, within 100 columns: one line of facts per call, then its task
 * and, when there is one, its incident or the reason it ended.
 */
// Time a call spent waiting for its writer turn and a peer slot is not in "took" (its peer's time).
function queuedLine(run: RunSummary): string {
  const waited = `queued ${run.queued_seconds!.toFixed(1)}s`;
  // A call that never started is one record: its start and its end are the same moment.
  return run.started_at === run.settled_at
    ? `${waited}, then cancelled before a peer started`
    : `${waited} before its peer started`;
}

export function formatRuns(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return 'No runs recorded in this workspace yet.';
  const caps = [14, 11, 9, 24, 8, 30]; // when, status, verb, direction, took, run id
  const header = ['started (UTC)', 'status', 'verb', 'direction', 'took', 'run id'];
  const rows = runs.map((run) =>
    [
      when(run.started_at),
      run.status,
      run.verb,
      run.direction ?? '-',
      run.duration_seconds === null ? '-' : `${run.duration_seconds.toFixed(1)}s`,
      run.run_id ?? '-',
    ].map((cell, i) => fit(cell, caps[i]!)),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    fit(cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  '), RUNS_COLUMNS);
  const out = [line(header)];
  runs.forEach((run, i) => {
    out.push(line(rows[i]!));
    if (run.task_preview) out.push(fit(`    ${JSON.stringify(run.task_preview)}`, RUNS_COLUMNS));
    if (run.queued_seconds !== null) out.push(fit(`    ${queuedLine(run)}`, RUNS_COLUMNS));
    const why = run.incident ? `incident: ${run.incident}` : run.reason ? `reason: ${run.reason}` : null;
    if (why && run.status !== 'complete') out.push(fit(`    ${why}`, RUNS_COLUMNS));
    if (run.pruned) out.push(fit(`    ${prunedLine(run.pruned)}`, RUNS_COLUMNS));
  });
  return out.join('\n');
}
