// `peer-bridge run`: one bridge call from a terminal or a script.
import path from 'node:path';
import { isatty } from 'node:tty';
import { Ledger } from '../state/ledger.js';
import { runBridge } from '../bridge/run-bridge.js';
import type { BridgeProgress, RunBridgeOptions } from '../bridge/types.js';
import { isVerb, VERBS } from '../vocabulary.js';
import { parse, seconds, UsageError } from './args.js';
import { formatEnvelope } from './format.js';
import { liveLine } from './live-line.js';
import { checkRunnerOption } from './runner-option.js';
import { readTask } from './task-input.js';
import { version } from '../package/version.js';

export const RUN_HELP = `Usage: peer-bridge run <implement|advise|review> "<task>" [options]
       peer-bridge run <implement|advise|review> --task-file FILE [options]
       peer-bridge run <implement|advise|review> - [options] < FILE

Runs one bridge call in the workspace and prints its envelope. A long task goes in a file (or
stdin, with -), read as UTF-8 (or UTF-16 with a byte order mark) and checked like any task: its
prompt is one command-line argument of the peer, so at most 128 KiB (Windows: 30 000 characters).

Options:
      --task-file FILE     read the task from FILE (- for stdin) instead of the arguments
      --runner NAME        codex, claude, or a runner plugin specifier (default: codex if installed, else claude)
      --model NAME         model for the peer (the runner's default otherwise)
      --effort LEVEL       minimal | low | medium | high | xhigh | max (none/trivial = minimal)
      --supported-efforts  comma-separated levels the model accepts (highest at or below --effort wins)
      --timeout SECONDS    budget the peer is told (default 600 / 120 / 300); stopped at 1.2 x
  -w, --workspace DIR      workspace (default: the current directory)
  -c, --config FILE        runner plugin configuration
      --json               print the envelope as JSON (default: a readable summary)
  -h, --help               show this help
  -v, --version            print the version

Exit status: 0 for complete or partial, 1 for blocked, timeout or refused, 2 for bad usage.`;

function efforts(list: string): RunBridgeOptions['supported_efforts'] {
  return list.split(',').map((s) => s.trim()) as RunBridgeOptions['supported_efforts'];
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    'task-file': { type: 'string' },
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
  if (!verb || !isVerb(verb)) {
    throw new UsageError(
      `the first argument must be one of ${VERBS.join(', ')}${verb ? `, got ${JSON.stringify(verb)}` : ''}`,
    );
  }
  checkRunnerOption(values.runner, values.config);
  const timeout = seconds(values.timeout, '--timeout');
  // Last: stdin is read only once the rest of the command line is known to be right.
  const task = await readTask(verb, { words: rest, file: values['task-file'] });
  const json = values.json === true;
  // Asked of the descriptor: process.stderr is a stream built on first use, needed only when live.
  const live = isatty(2);
  const controller = new AbortController();
  const onSignal = () => controller.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const line = live ? liveLine(process.stderr) : undefined;
  const onProgress = (p: BridgeProgress) => line?.update(p);
  try {
    const envelope = await runBridge(
      {
        verb,
        task,
        workspace: values.workspace ?? process.cwd(),
        ...(values.runner ? { runner: values.runner } : {}),
        ...(values.model ? { model: values.model } : {}),
        // Levels as typed: runBridge checks them and names the bad one.
        ...(values.effort ? { effort: values.effort as RunBridgeOptions['effort'] } : {}),
        ...(values['supported-efforts'] ? { supported_efforts: efforts(values['supported-efforts']) } : {}),
        ...(timeout !== undefined ? { timeout_seconds: timeout } : {}),
        signal: controller.signal,
        onProgress,
      },
      { caller: 'cli', ...(values.config ? { configPath: path.resolve(values.config) } : {}) },
    );
    line?.stop();
    console.log(json ? JSON.stringify(envelope, null, 2) : formatEnvelope(envelope));
    return envelope.status === 'complete' || envelope.status === 'partial' ? 0 : 1;
  } finally {
    line?.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // runBridge has settled its call (or never started one): this process leaves no owner behind.
    await Ledger.retireOwners();
  }
}
