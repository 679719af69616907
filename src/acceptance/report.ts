// The report as a terminal table and as Markdown (what a user pastes into an issue).
import type { AcceptanceReport, AcceptanceRow } from './types.js';

const MARK: Record<AcceptanceRow['result'], string> = { pass: 'pass', fail: 'FAIL', 'not-verifiable-here': 'n/a here' };

function heading(report: AcceptanceReport): string {
  const s = report.summary;
  return (
    `peer-bridge ${report.version} acceptance on ${report.platform}${report.host === 'wine' ? ' (Wine)' : ''}, ` +
    `Node ${report.node}\n` +
    `workspace ${report.workspace}, started ${report.started_at}\n` +
    `${s.pass} pass, ${s.fail} fail, ${s['not-verifiable-here']} not verifiable here`
  );
}

export function formatTable(report: AcceptanceReport): string {
  const width = Math.max(...report.rows.map((row) => row.id.length));
  const lines = report.rows.map((row) => `${MARK[row.result].padEnd(8)}  ${row.id.padEnd(width)}  ${row.evidence}`);
  return `${heading(report)}\n\n${lines.join('\n')}`;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function formatMarkdown(report: AcceptanceReport): string {
  const rows = report.rows.map(
    (row) =>
      `| ${cell(row.id)} | ${cell(row.sequence)} | **${row.result}** | ${cell(row.evidence)} | ${row.duration_ms} |`,
  );
  return [
    `# peer-bridge acceptance report`,
    '',
    heading(report)
      .split('\n')
      .map((line) => `- ${line}`)
      .join('\n'),
    '',
    '| id | sequence | result | evidence | ms |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
