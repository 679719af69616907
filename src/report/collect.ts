// Gathers the run history of one workspace for the HTML report from the state readers (ledger
// records joined per call, run usage, incidents, transcript excerpts): every selected call counts
// in the totals, charts and failure groups; the newest ones also carry their details.
import { faultFromIncidentName, isIncidentPath, readIncidentText } from '../state/incident-body.js';
import { readIncidentSummary } from '../state/incidents.js';
import { Ledger } from '../state/ledger.js';
import type { SettleRecord } from '../state/ledger-records.js';
import { heldOwner, ownerIsAlive } from '../state/owners.js';
import { runUsage, type RunUsage } from '../state/run-usage.js';
import { joinRuns, markInterrupted, type RunSummary } from '../state/runs-view.js';
import { readTranscriptExcerpt, type TranscriptExcerpt } from '../state/transcript-excerpt.js';

export interface CollectOptions {
  /** Only calls started at or after this time. */
  since?: Date;
  /** Only the newest `limit` calls. */
  limit?: number;
  /** Calls listed with their details (newest first; default 1000). */
  detailRuns?: number;
  /** Calls whose transcript excerpt is embedded (default 100). */
  transcriptRuns?: number;
}

/** One call as the report shows it. */
export interface ReportRun extends RunSummary, RunUsage {
  /** input + output tokens (or the sum of the counters when those are absent). */
  tokens_total: number;
  /** Failure cause: the incident's fault, else what the status or result code says; null when it did not fail. */
  cause: string | null;
  /** Settled as `unknown` by a later server: its process died and it was never replayed. */
  recovered: boolean;
  excerpt?: TranscriptExcerpt | null;
}

export interface FailureGroup {
  cause: string;
  count: number;
  /** Indexes into `runs` of the newest calls of the group that are listed (at most 20). */
  listed: number[];
}

export interface Report {
  workspace: string;
  generated_at: string;
  since: string | null;
  limit: number | null;
  /** Lines of the ledger that did not parse. */
  skipped_lines: number;
  /** Every selected call, newest first (details only for the first `detailed`). */
  runs: ReportRun[];
  detailed: number;
  failures: FailureGroup[];
  /** Incident path → its text, for the incidents of listed calls. */
  incidents: Record<string, string>;
}

const OK_STATUSES = new Set(['complete', 'partial', 'running']);
const INCIDENT_READS = 2_000;
const LISTED_PER_CAUSE = 20;

export async function collectReport(workspace: string, options: CollectOptions = {}): Promise<Report> {
  const { runs, skipped } = await selectRuns(workspace, options);
  await nameCauses(workspace, runs);
  const detailed = Math.min(runs.length, options.detailRuns ?? 1000);
  const transcriptRuns = Math.min(detailed, options.transcriptRuns ?? 100);
  const groups = groupFailures(runs, detailed);
  await attachExcerpts(workspace, runs, { detailed, transcriptRuns, groups });
  const incidents = await readIncidents(workspace, runs, { detailed, transcriptRuns, groups });
  return {
    workspace,
    generated_at: new Date().toISOString(),
    since: options.since?.toISOString() ?? null,
    limit: options.limit ?? null,
    skipped_lines: skipped,
    runs,
    detailed,
    failures: [...groups.values()].sort((a, b) => b.count - a.count || (a.cause < b.cause ? -1 : 1)),
    incidents,
  };
}

// The selected calls, newest first, those of dead servers marked interrupted, each with its usage.
async function selectRuns(workspace: string, options: CollectOptions): Promise<{ runs: ReportRun[]; skipped: number }> {
  const ledger = new Ledger(workspace);
  const { records, skipped } = await ledger.readAll();
  const settles = new Map<string, SettleRecord>();
  for (const record of records) if (record.type === 'settle') settles.set(record.run_id, record);
  let joined = joinRuns(records);
  if (options.since) {
    const since = options.since.getTime();
    joined = joined.filter((run) => Date.parse(run.summary.started_at) >= since);
  }
  joined = joined.reverse();
  if (options.limit !== undefined) joined = joined.slice(0, options.limit);
  const mine = await heldOwner(workspace);
  await markInterrupted(joined, async (owner) => owner === mine || (await ownerIsAlive(workspace, owner)));
  const runs: ReportRun[] = joined.map(({ summary }) => {
    const settle = summary.run_id === null ? undefined : settles.get(summary.run_id);
    const usage = runUsage(settle && settle.status === summary.status ? settle : undefined);
    const { input_tokens: input, output_tokens: output } = usage.tokens;
    const tokens_total =
      input !== undefined || output !== undefined
        ? (input ?? 0) + (output ?? 0)
        : Object.values(usage.tokens).reduce((a, b) => a + b, 0);
    // The joined summary is this report's own: extended in place (100k copies add up).
    return Object.assign(summary, usage, { tokens_total, cause: null, recovered: summary.status === 'unknown' });
  });
  return { runs, skipped };
}

// Causes: the incident's fault (from its file name, else its body for the newest failures:
// reads stay bounded), else what the status says.
async function nameCauses(workspace: string, runs: ReportRun[]): Promise<void> {
  const failed = runs.filter((run) => !OK_STATUSES.has(run.status));
  const unnamed: ReportRun[] = [];
  for (const run of failed) {
    if (!isIncidentPath(run.incident) || run.run_id === null) continue;
    run.cause = faultFromIncidentName(run.incident, run.run_id);
    if (run.cause === null) unnamed.push(run);
  }
  await eachLimited(unnamed.slice(0, INCIDENT_READS), 16, async (run) => {
    run.cause = (await readIncidentSummary(workspace, run.incident!)).fault;
  });
  for (const run of failed) run.cause ??= fallbackCause(run);
}

/** The failed calls by cause, each group listing its newest detailed calls. */
function groupFailures(runs: ReportRun[], detailed: number): Map<string, FailureGroup> {
  const groups = new Map<string, FailureGroup>();
  runs.forEach((run, index) => {
    if (run.cause === null) return;
    const group = groups.get(run.cause) ?? { cause: run.cause, count: 0, listed: [] };
    group.count += 1;
    if (group.listed.length < LISTED_PER_CAUSE && index < detailed) group.listed.push(index);
    groups.set(run.cause, group);
  });
  return groups;
}

/** Which calls the page details: the newest `detailed`, the newest `transcriptRuns` in full, and the groups. */
interface Listing {
  detailed: number;
  transcriptRuns: number;
  groups: Map<string, FailureGroup>;
}

// The newest calls and the listed failures carry their transcript; the other listed calls only
// their task and answer, tighter, so the file stays small.
async function attachExcerpts(workspace: string, runs: ReportRun[], listing: Listing): Promise<void> {
  const withLines = new Set<number>();
  for (let i = 0; i < listing.transcriptRuns; i++) withLines.add(i);
  for (const group of listing.groups.values()) for (const index of group.listed) withLines.add(index);
  const listedIndexes = Array.from({ length: listing.detailed }, (_, i) => i);
  await eachLimited(listedIndexes, 16, async (index) => {
    const run = runs[index]!;
    if (run.run_id === null || run.status === 'rejected') return;
    run.excerpt = withLines.has(index)
      ? await readTranscriptExcerpt(workspace, run.run_id)
      : await readTranscriptExcerpt(workspace, run.run_id, {
          lines: false,
          maxTaskChars: 200,
          listItems: 4,
          itemChars: 200,
        });
  });
}

/** Incident path → its text, for the listed failures and the newest calls. */
async function readIncidents(workspace: string, runs: ReportRun[], listing: Listing): Promise<Record<string, string>> {
  const incidents: Record<string, string> = {};
  const incidentPaths = new Set<string>();
  for (const group of listing.groups.values())
    for (const index of group.listed) if (runs[index]!.incident) incidentPaths.add(runs[index]!.incident);
  for (let i = 0; i < listing.transcriptRuns; i++) if (runs[i]!.incident) incidentPaths.add(runs[i]!.incident!);
  await eachLimited([...incidentPaths], 16, async (relative) => {
    const text = await readIncidentText(workspace, relative);
    if (text !== null) incidents[relative] = text;
  });
  return incidents;
}

function fallbackCause(run: ReportRun): string {
  if (run.status === 'unknown') return 'unknown (process died)';
  if (run.status === 'interrupted') return 'interrupted';
  if (run.status === 'rejected' || run.status === 'refused') {
    const code = run.reason?.split(':')[0];
    return code ? `${run.status}: ${code}` : run.status;
  }
  return run.status;
}

async function eachLimited<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
