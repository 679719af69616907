// The run history as one self-contained HTML page: totals, charts (inline SVG), failures grouped
// by cause with their incidents, and the call list (paginated by the page's script). No network,
// no external asset; data from the ledger is embedded as JSON and shown as text only.
import { bucketsBy, dayOf, modelOf, totalsOf, type Bucket } from './aggregate.js';
import type { Report, ReportRun } from './collect.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';
import { barChart, callsPerDayChart, perDayChart } from './svg-charts.js';

const MAX_DAYS = 120;

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const money = (n: number) => `$${n.toFixed(n >= 100 ? 0 : 2)}`;
const tokens = (n: number) =>
  n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)}k` : String(n);
const count = (n: number) => n.toLocaleString('en-US');

// The JSON goes inside a <script> element: "<" is escaped so no text can close it.
const embed = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

// The page's fixed parts, one element a piece (joined without white space, as the page shows them).
const CSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";
const LEGEND = [
  '<span><i class="ok"></i>completed or partial</span>',
  '<span><i class="failed"></i>failed</span>',
  '<span><i class="unknown"></i>unknown or interrupted</span>',
].join('');
const STATUS_OPTIONS = [
  '<option value="">all</option>',
  '<option value="ok">completed or partial</option>',
  '<option value="failed">failed</option>',
  '<option value="unknown">unknown or interrupted</option>',
].join('');
const KEYS =
  'Keys: <kbd>j</kbd>/<kbd>k</kbd> or arrows move, <kbd>Enter</kbd> opens a call, ' +
  '<kbd>n</kbd>/<kbd>p</kbd> pages, <kbd>/</kbd> filters, <kbd>t</kbd> theme.';
const DIED = 'calls whose process died before they settled';
const COLUMNS = ['started', 'took', 'status', 'verb', 'direction', 'runner', 'model', 'effort', 'cost', 'tokens'];
const NUMERIC = new Set(['took', 'cost', 'tokens']);
const TABLE_HEAD = COLUMNS.map((name) => (NUMERIC.has(name) ? `<th class="num">${name}</th>` : `<th>${name}</th>`));

function card(key: string, value: string, testId: string, title?: string): string {
  const hint = title ? ` title="${esc(title)}"` : '';
  return (
    `<div class="card"${hint}><div class="n" data-testid="${testId}">${esc(value)}</div>` +
    `<div class="k">${esc(key)}</div></div>`
  );
}

// A failed call in its cause's group: a link to its row, why it failed, and its incident.
function failureItem(report: Report, index: number): string {
  const run = report.runs[index]!;
  const incident = run.incident ? report.incidents[run.incident] : undefined;
  const started = esc(run.started_at.replace('T', ' ').replace(/\.\d+Z$/, 'Z'));
  const name = `${started} · ${esc(run.verb)} · ${esc(run.run_id ?? '(no run id)')}`;
  const head = `<a href="#run-${index}" data-run="${index}">${name}</a>`;
  const why = run.excerpt?.fault ?? run.reason ?? '';
  const body = incident
    ? `<details class="incident" data-incident="${esc(run.incident!)}">` +
      `<summary>Incident ${esc(run.incident!)}</summary><pre>${esc(incident)}</pre></details>`
    : '';
  return `<li>${head}${why ? ` <span class="muted">${esc(why.slice(0, 300))}</span>` : ''}${body}</li>`;
}

function failuresSection(report: Report): string {
  if (report.failures.length === 0)
    return '<p class="muted" data-testid="no-failures">No failed calls in this selection.</p>';
  return report.failures
    .map((group) => {
      const items = group.listed.map((index) => failureItem(report, index));
      const older = group.count - group.listed.length;
      const more =
        older > 0 ? `<p class="muted">${count(older)} older calls with this cause are counted but not listed.</p>` : '';
      const summary =
        `<summary>${esc(group.cause)} ` +
        `<span class="muted" data-testid="failure-count">${count(group.count)}</span></summary>`;
      return (
        `<details class="failure-group" data-cause="${esc(group.cause)}">${summary}` +
        `<ul>${items.join('')}</ul>${more}</details>`
      );
    })
    .join('');
}

// The totals as cards, one line each.
function totalCards(totals: ReturnType<typeof totalsOf>): string {
  const unknownCost = `${totals.cost_unknown} calls with unknown cost count as $0`;
  return [
    card('calls', count(totals.calls), 'total-calls'),
    card('completed or partial', count(totals.ok), 'total-ok'),
    card('failed', count(totals.failed), 'total-failed'),
    card('unknown or interrupted', count(totals.unknown), 'total-unknown', DIED),
    card('cost', `$${totals.cost_usd.toFixed(4)}`, 'total-cost', unknownCost),
    card('tokens (input + output)', count(totals.tokens), 'total-tokens'),
    card('time in calls', `${(totals.duration_seconds / 3600).toFixed(2)} h`, 'total-hours'),
  ].join('\n');
}

// The charts, one figure a line: calls, cost and tokens per day (the last MAX_DAYS) and by model.
function chartFigures(report: Report): string {
  let days = bucketsBy(report.runs, dayOf).sort((a, b) => (a.key < b.key ? -1 : 1));
  const dayNote = esc(days.length > MAX_DAYS ? ` (the last ${MAX_DAYS} of ${days.length} days)` : '');
  days = days.slice(-MAX_DAYS);
  const models = bucketsBy(report.runs, modelOf);
  const cost = (b: Bucket) => b.cost_usd;
  const toks = (b: Bucket) => b.tokens;
  const figure = (caption: string, chart: string) => `<figure><figcaption>${caption}</figcaption>${chart}</figure>`;
  return [
    figure(`Calls per day${dayNote}`, callsPerDayChart(days, 'Calls per day by outcome')),
    figure('Cost by model', barChart(models, cost, money, 'Cost in USD by model')),
    figure('Tokens by model', barChart(models, toks, tokens, 'Tokens by model')),
    figure(`Cost per day${dayNote}`, perDayChart(days, cost, money, 'Cost in USD per day')),
    figure(`Tokens per day${dayNote}`, perDayChart(days, toks, tokens, 'Tokens per day')),
  ].join('\n');
}

/** The whole page. */
export function renderPage(report: Report, version: string): string {
  const totals = totalsOf(report.runs);
  const listed = report.runs.slice(0, report.detailed);
  const selection =
    [report.since ? `since ${report.since}` : null, report.limit !== null ? `the newest ${report.limit} calls` : null]
      .filter(Boolean)
      .join(', ') || 'every call in the ledger';
  const data = { runs: listed.map(pageRun), incidents: report.incidents, detailed: report.detailed };
  const generated = `generated ${esc(report.generated_at)} by peer-bridge ${esc(version)}`;
  const skipped =
    report.skipped_lines > 0
      ? `<p class="muted">${count(report.skipped_lines)} ledger lines did not parse and are left out.</p>`
      : '';
  const some =
    report.detailed < report.runs.length
      ? `The newest ${count(report.detailed)} of ${count(report.runs.length)} calls are listed ` +
        '(all of them count above); use --since or --limit to choose others. '
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>peer-bridge runs · ${esc(report.workspace)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header>
<h1>peer-bridge runs</h1>
<span class="muted">${esc(report.workspace)} · ${esc(selection)} · ${generated}</span>
<button id="theme" type="button" title="Switch between the system theme, dark and light (t)">Theme: auto</button>
</header>
${skipped}
<h2 id="totals">Totals</h2>
<div class="cards">
${totalCards(totals)}
</div>
<p class="muted">By status: <span data-testid="by-status">${
    Object.entries(totals.by_status)
      .sort()
      .map(([s, n]) => `${esc(s)} ${count(n)}`)
      .join(' · ') || 'none'
  }</span></p>
<h2>Charts</h2>
<p class="legend">${LEGEND}</p>
<div class="charts">
${chartFigures(report)}
</div>
<h2 id="failures">Failures by cause</h2>
${failuresSection(report)}
<h2 id="calls">Calls</h2>
<p class="muted">${some}${KEYS}</p>
<div class="toolbar">
<label>Status <select id="filter-status">${STATUS_OPTIONS}</select></label>
<label>Find <input id="filter-text" type="search" placeholder="run id, model, task…"></label>
<button id="prev-page" type="button">← Newer</button><button id="next-page" type="button">Older →</button>
<span id="page-info" class="muted" data-testid="page-info"></span>
</div>
<figure><figcaption>Timeline of this page</figcaption><div id="page-timeline"></div></figure>
<table>
<thead><tr>${TABLE_HEAD.join('')}</tr></thead>
<tbody id="runs-body"></tbody>
</table>
<script type="application/json" id="report-data">${embed(data)}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}

// What the page needs of a call (the rest of the summary stays out of the file).
function pageRun(run: ReportRun): Record<string, unknown> {
  return {
    run_id: run.run_id,
    verb: run.verb,
    runner: run.runner,
    direction: run.direction,
    status: run.status,
    started_at: run.started_at,
    settled_at: run.settled_at,
    duration_seconds: run.duration_seconds,
    incident: run.incident,
    reason: run.reason,
    queued_seconds: run.queued_seconds,
    model: run.model,
    effort: run.effort,
    effort_substituted: run.effort_substituted,
    cost: run.cost,
    tokens_total: run.tokens_total,
    cause: run.cause,
    recovered: run.recovered,
    pruned: run.pruned,
    // null: looked for and not there; absent: not looked for (older calls keep the file small).
    ...(run.excerpt !== undefined ? { excerpt: run.excerpt } : {}),
  };
}
