// `peer-bridge run`: one bridge call from a terminal or a script.
import path from 'node:path';
import { Ledger } from '../state/ledger.js';
import { runBridge } from '../bridge/run-bridge.js';
import type { BridgeProgress } from '../bridge/types.js';
import type { Verb } from '../runners/types.js';
import { parse, seconds, UsageError } from './args.js';
import { formatEnvelope } from './format.js';
import { version } from './version.js';

export const RUN_HELP = `Usage: peer-bridge run <implement|advise|review> "<task>" [options]

Runs one bridge call in the workspace and prints its envelope.

Options:
  --runner NAME        codex, claude, or a runner plugin specifier (default: codex if installed, else claude)
  --model NAME         model for the peer (the runner's default otherwise)
  --effort LEVEL       minimal | low | medium | high | xhigh | max (none/trivial = minimal)
  --supported-efforts  comma-separated levels the model accepts (highest at or below --effort wins)
  --timeout SECONDS    budget the peer is told (default 600 / 120 / 300); stopped at 1.2 x
  --workspace DIR      workspace (default: the current directory)
  --config FILE        runner plugin configuration
  --json               print the envelope as JSON (default: a readable summary)
  -h, --help           show this help
  -v, --version        print the version

Exit status: 0 for complete or partial, 1 for blocked, timeout or refused, 2 for bad usage.`;

const VERBS: readonly Verb[] = ['implement', 'advise', 'review'];

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    runner: { type: 'string' },
    model: { type: 'string' },
    effort: { type: 'string' },
    'supported-efforts': { type: 'string' },
    timeout: { type: 'string' },
    workspace: { type: 'string', short: 'w' },
    config: { type: 'string', short: 'c' },
    json: { type: 'boolean' },
  });
  if (values.help) return (console.log(RUN_HELP), 0);
  if (values.version) return (console.log(version), 0);
  const [verb, ...rest] = positionals;
  if (!verb || !VERBS.includes(verb as Verb)) {
    throw new UsageError(`the first argument must be one of ${VERBS.join(', ')}${verb ? `, got ${JSON.stringify(verb)}` : ''}`);
  }
  const task = rest.join(' ').trim();
  if (task === '') throw new UsageError(`peer-bridge run ${verb} needs a task, e.g. peer-bridge run ${verb} "what to do"`);

  const json = values.json === true;
  const live = process.stderr.isTTY === true;
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const onProgress = (p: BridgeProgress) => {
    const line = `[${p.elapsed_seconds.toFixed(0)}s/${p.budget_seconds}s] ${p.message}`;
    // One line, rewritten in place; a terminal that reports no width (0) gets 100 columns.
    if (live) process.stderr.write(`\r\x1b[2K${line.slice(0, Math.max(20, (process.stderr.columns || 100) - 1))}`);
  };
  const timeout = seconds(values.timeout, '--timeout');
  try {
    const envelope = await runBridge(
      {
        verb: verb as Verb,
        task,
        workspace: values.workspace ?? process.cwd(),
        ...(values.runner ? { runner: values.runner } : {}),
        ...(values.model ? { model: values.model } : {}),
        ...(values.effort ? { effort: values.effort } : {}),
        ...(values['supported-efforts'] ? { supported_efforts: values['supported-efforts'].split(',').map((s) => s.trim()) } : {}),
        ...(timeout !== undefined ? { timeout_seconds: timeout } : {}),
        signal: controller.signal,
        onProgress,
      },
      { caller: 'cli', ...(values.config ? { configPath: path.resolve(values.config) } : {}) },
    );
    if (live) process.stderr.write('\r\x1b[2K');
    console.log(json ? JSON.stringify(envelope, null, 2) : formatEnvelope(envelope));
    return envelope.status === 'complete' || envelope.status === 'partial' ? 0 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // runBridge has settled its call (or never started one): this process leaves no owner behind.
    await Ledger.retireOwners();
  }
}
