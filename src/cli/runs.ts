// `peer-bridge runs`: recent calls from the workspace's ledger, as text, JSON or an HTML report.
import { resolveWorkspace } from '../bridge/workspace.js';
import { Ledger } from '../state/ledger.js';
import { parseAge } from '../state/retention-settings.js';
import { parse, UsageError } from './args.js';
import { formatRuns } from './format.js';
import { version } from '../package/version.js';

export const RUNS_HELP = `Usage: peer-bridge runs [--workspace DIR] [--limit N] [--json]
       peer-bridge runs --html [FILE] [--open] [--since WHEN] [--limit N] [--workspace DIR]

Lists recent bridge calls from .peer-bridge/ledger.jsonl, newest first, in 100 columns: when it
started, status, verb, direction (caller->peer), time taken and run id, then the start of its
task and, for a call that did not complete, its incident or reason, and once retention has
removed its transcript or incident, when and why. A call whose process ended before it settled
shows as "interrupted", and as "unknown" once a server has started again in the workspace and
settled it.

With --html it writes one self-contained HTML page (no network, no external files) with the
timeline of calls, totals and charts of cost and tokens, failures grouped by cause with their
incidents, and each call's details and transcript; default FILE: .peer-bridge/runs.html.

Options:
  -w, --workspace DIR  workspace (default: the current directory)
  -n, --limit N        how many runs (default 20; with --html: all)
      --json           print JSON
      --html [FILE]    write the HTML report
      --open           open the report in the default browser (with --html)
      --since WHEN     only calls started since WHEN: an ISO date or time, or an age such as 7d, 12h, 30m
  -h, --help           show this help
  -v, --version        print the version`;

/** `--since`: an ISO date/time or an age (7d, 12h, 30m) before `now`. */
export function parseSince(value: string, now = Date.now()): Date {
  const age = parseAge(value);
  if (age !== null) return new Date(now - age);
  const at = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at))
    throw new UsageError(
      '--since must be an ISO date or time (2026-03-01, 2026-03-01T12:00Z) or an age such as 7d, 12h or 30m, ' +
        `got ${JSON.stringify(value)}`,
    );
  return new Date(at);
}

export async function runs(argv: string[]): Promise<number> {
  const { values, positionals } = parse(
    argv,
    {
      workspace: { type: 'string', short: 'w' },
      limit: { type: 'string', short: 'n' },
      json: { type: 'boolean' },
      html: { type: 'boolean' },
      open: { type: 'boolean' },
      since: { type: 'string' },
    },
    true,
  );
  if (values.help) return (console.log(RUNS_HELP), 0);
  if (values.version) return (console.log(version), 0);
  if (!values.html && (positionals.length > 0 || values.open)) {
    throw new UsageError(
      positionals.length > 0
        ? `unexpected argument ${JSON.stringify(positionals[0])}; a FILE goes with --html`
        : '--open goes with --html',
    );
  }
  if (positionals.length > 1) throw new UsageError(`--html takes one FILE, got ${positionals.length}`);
  if (values.html && values.json) throw new UsageError('choose --html or --json, not both');
  const limit = values.limit === undefined ? undefined : Number(values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit <= 0))
    throw new UsageError(`--limit must be a positive integer, got ${JSON.stringify(values.limit)}`);
  const since = values.since === undefined ? undefined : parseSince(values.since);
  const workspace = resolveWorkspace(values.workspace ?? process.cwd());
  if (values.html) {
    const { openInBrowser, writeReport } = await import('../report/write-report.js');
    const written = await writeReport(workspace, positionals[0], version, {
      ...(since ? { since } : {}),
      ...(limit ? { limit } : {}),
    });
    console.log(`Wrote ${written.file} (${written.calls} calls, ${(written.bytes / 1024).toFixed(0)} KiB)`);
    if (values.open) {
      const problem = await openInBrowser(written.file);
      if (problem) process.stderr.write(`peer-bridge: ${problem}\n`);
    }
    return 0;
  }
  let list = await new Ledger(workspace).runs(since ? Number.MAX_SAFE_INTEGER : (limit ?? 20));
  if (since) list = list.filter((run) => Date.parse(run.started_at) >= since.getTime()).slice(0, limit ?? 20);
  console.log(values.json ? JSON.stringify(list, null, 2) : formatRuns(list));
  return 0;
}
