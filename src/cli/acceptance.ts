// `peer-bridge acceptance`: the file-safety acceptance sequences on this machine, as a report.
import { writeFileSync } from 'node:fs';
import { parse, UsageError } from './args.js';
import { version } from '../package/version.js';

const USAGE = 'Usage: peer-bridge acceptance [--workspace DIR] [--json] [--markdown FILE] [--only ID,…]';

export const ACCEPTANCE_HELP = `${USAGE}

Runs the file-safety acceptance sequences on this machine (real files, real shell commands, several
processes) and prints one row per sequence: pass, FAIL, or "n/a here" (not-verifiable-here: a fact
this machine cannot show, e.g. NTFS ids under Wine). Exit status 1 when any row fails.

Options:
  -w, --workspace DIR  run in a new folder inside DIR, kept afterwards (default: a temp folder, removed)
      --json           print the report as JSON
      --markdown FILE  also write the report as Markdown to FILE (to attach to an issue)
      --only ID,…      run only these rows (ids as printed)
  -h, --help           show this help
  -v, --version        print the version`;

export async function acceptance(argv: string[]): Promise<number> {
  const { values } = parse(
    argv,
    {
      workspace: { type: 'string', short: 'w' },
      json: { type: 'boolean' },
      markdown: { type: 'string' },
      only: { type: 'string' },
    },
    false,
  );
  if (values.help) return (console.log(ACCEPTANCE_HELP), 0);
  if (values.version) return (console.log(version), 0);
  const only = values.only
    ?.split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const [{ runAcceptance }, { formatMarkdown, formatTable }] = await Promise.all([
    import('../acceptance/run.js'),
    import('../acceptance/report.js'),
  ]);
  let report;
  try {
    report = await runAcceptance({
      workspace: values.workspace,
      only,
      onRow: values.json
        ? undefined
        : (row) =>
            process.stderr.write(
              `${row.result === 'fail' ? 'FAIL' : row.result === 'pass' ? 'pass' : 'n/a '} ${row.id}\n`,
            ),
    });
  } catch (error) {
    if (error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
  if (values.markdown) writeFileSync(values.markdown, formatMarkdown(report));
  console.log(values.json ? JSON.stringify(report, null, 2) : formatTable(report));
  return report.summary.fail > 0 ? 1 : 0;
}
