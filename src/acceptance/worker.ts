// A separate process for the multi-process sequences, started by children.ts with an IPC channel.
// The job comes as argv[2] (JSON); it answers with messages and exits when the parent lets go.
//   create  — observe `path` absent, say `ready`, wait for `go`, create it, send the result.
//   counter — `rounds` times: read the number in `path`, edit it to number + 1, retry when stale.
//   ledger-start — record a started bridge call in `dir`'s ledger, say `started`, then wait to be
//             killed (the crash between a call's start and its result).
import { Ledger } from '../state/ledger.js';
import { openWorkbench } from '../fs/index.js';

export type Job =
  | { mode: 'create'; dir: string; path: string; content: string }
  | { mode: 'counter'; dir: string; path: string; rounds: number }
  | { mode: 'ledger-start'; dir: string; runId: string };

const send = (message: unknown): Promise<void> =>
  new Promise((resolve, reject) =>
    process.send!(message, undefined, undefined, (error) => (error ? reject(error) : resolve())),
  );

function nextMessage(): Promise<unknown> {
  return new Promise((resolve) => process.once('message', resolve));
}

async function create(job: Extract<Job, { mode: 'create' }>): Promise<void> {
  const wb = openWorkbench({ workspace: job.dir });
  const seen = await wb.call('read_file', { path: job.path });
  const go = nextMessage();
  await send({ ready: seen.ok ? 'ok' : seen.code });
  await go;
  await send({ result: await wb.call('write_file', { path: job.path, content: job.content }) });
}

async function counter(job: Extract<Job, { mode: 'counter' }>): Promise<void> {
  const wb = openWorkbench({ workspace: job.dir });
  let stale = 0;
  for (let done = 0; done < job.rounds;) {
    const read = await wb.call('read_file', { path: job.path });
    if (!read.ok) throw new Error(`read_file: ${read.code} ${read.message}`);
    const value = Number(String(read.content).trim());
    const edit = await wb.call('edit_file', { path: job.path, old_string: `${value}\n`, new_string: `${value + 1}\n` });
    if (edit.ok) done++;
    else if (edit.code === 'FS_STALE_VERSION') stale++;
    else throw new Error(`edit_file: ${edit.code} ${edit.message}`);
  }
  await send({ stale });
}

async function ledgerStart(job: Extract<Job, { mode: 'ledger-start' }>): Promise<void> {
  await new Ledger(job.dir).start({
    run_id: job.runId,
    verb: 'implement',
    runner: 'acceptance',
    direction: 'acceptance->none',
    budget_seconds: 600,
    depth: 0,
  });
  await send({ started: job.runId });
  // Stays alive on the IPC channel until the parent kills it.
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
try {
  if (job.mode === 'create') await create(job);
  else if (job.mode === 'counter') await counter(job);
  else await ledgerStart(job);
  if (job.mode !== 'ledger-start') process.disconnect();
} catch (error) {
  await send({ error: (error as Error).stack ?? String(error) }).catch(() => undefined);
  process.exit(1);
}
