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

/** The runs table, newest first. */
export function formatRuns(runs: readonly RunSummary[]): string {
  if (runs.length === 0) return 'No runs recorded in this workspace yet.';
  const rows = runs.map((run) => [
    run.started_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    run.status,
    run.verb,
    run.direction ?? '-',
    run.duration_seconds === null ? '-' : `${run.duration_seconds.toFixed(1)}s`,
    run.run_id ?? '-',
    run.incident ?? run.reason ?? '',
  ]);
  const header = ['started', 'status', 'verb', 'direction', 'took', 'run id', 'incident / reason'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}
