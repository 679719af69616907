// `peer-bridge runs`: recent calls from the workspace's ledger.
import { Ledger } from '../bridge/ledger.js';
import { resolveWorkspace } from '../bridge/workspace.js';
import { parse, UsageError } from './args.js';
import { formatRuns } from './format.js';
import { version } from './version.js';

export const RUNS_HELP = `Usage: peer-bridge runs [--workspace DIR] [--limit N] [--json]

Lists recent bridge calls from .peer-bridge/ledger.jsonl, newest first, in 100 columns: when it
started, status, verb, direction (caller->peer), time taken and run id, then the start of its
task and, for a call that did not complete, its incident or reason. A call whose process ended
before it settled shows as "interrupted", and as "unknown" once a server has started again in the
workspace and settled it.

Options:
  --workspace DIR   workspace (default: the current directory)
  --limit N         how many runs (default 20)
  --json            print JSON
  -h, --help        show this help
  -v, --version     print the version`;

export async function runs(argv: string[]): Promise<number> {
  const { values } = parse(argv, { workspace: { type: 'string', short: 'w' }, limit: { type: 'string', short: 'n' }, json: { type: 'boolean' } }, false);
  if (values.help) return (console.log(RUNS_HELP), 0);
  if (values.version) return (console.log(version), 0);
  const limit = values.limit === undefined ? 20 : Number(values.limit);
  if (!Number.isInteger(limit) || limit <= 0) throw new UsageError(`--limit must be a positive integer, got ${JSON.stringify(values.limit)}`);
  const list = await new Ledger(resolveWorkspace(values.workspace ?? process.cwd())).runs(limit);
  console.log(values.json ? JSON.stringify(list, null, 2) : formatRuns(list));
  return 0;
}
