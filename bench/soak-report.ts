// The soak's results page (bench/results/soak.md): the machine, its load, the scale, the checks,
// where warm-up ended and why, and the sampled series, written from a SoakReport.
import os from 'node:os';
import { KEPT_LOCK_FILES } from '../src/fs/locks.js';
import type { Sample } from './soak-probe.js';
import type { SoakReport } from './soak.js';

const loads = (values: number[]) => values.map((l) => l.toFixed(2)).join(' / ');
const fixed = (value: number | null, digits = 0) => (value === null ? '?' : value.toFixed(digits));

/** Every `step`-th sample, and the last, as table rows. */
function series(samples: Sample[], warmup: number, rows = 12): string[] {
  const step = Math.max(1, Math.ceil(samples.length / rows));
  const picked = samples.filter((_, i) => i % step === 0 || i === samples.length - 1 || i === warmup);
  return [
    '| at | RSS MiB | heap MiB | fds | kept lock files | loop stall ms (own) | worst turn on CPU / waiting for one, ms | busiest loop | ping ms | run-queue wait ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...picked.map(
      (s) =>
        `| ${s.at}${samples.indexOf(s) === warmup ? ' (warm)' : ''} | ${fixed(s.rssMiB, 1)} | ${s.heapMiB.toFixed(1)} | ` +
        `${fixed(s.fds)} | ${s.keptLockFiles} | ${s.serverStallMs.toFixed(1)} (${fixed(s.serverOwnStallMs, 1)}) | ` +
        `${s.worstTurn ? `${s.worstTurn.on_cpu_ms.toFixed(0)} / ${s.worstTurn.cpu_wait_ms.toFixed(0)}` : '?'} | ` +
        `${(s.serverLoopBusy * 100).toFixed(0)}% | ${s.maxPingMs.toFixed(0)} | ${fixed(s.serverRunQueueMs)} |`,
    ),
  ];
}

/** The machine, for the JSON beside the page. */
export function machine(): Record<string, unknown> {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? null,
    memory_bytes: os.totalmem(),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

export function markdown(report: SoakReport, date: string): string {
  const o = report.options;
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const warmAt = (samples: Sample[], index: number) => samples[index]?.at ?? 'never';
  const lines = [
    `# Soak (${date})`,
    '',
    `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
      `${os.type()} ${os.release()}, Node ${process.version}. Load average (1 / 5 / 15 min): ` +
      `${loads(report.load.before)} before, ${loads(report.load.between)} between the halves, ` +
      `${loads(report.load.after)} after.`,
    '',
    `Scale: ${o.calls} bridge calls (${o.concurrency} at a time, peer pool of ${report.bridge.maxPeers}) in ` +
      `${report.seconds.bridge.toFixed(0)} s; ${o.edits} edits over ${o.files} files from ${o.clients} clients ` +
      `(${report.edits.staleRetries} FS_STALE_VERSION retries) in ${report.seconds.edits.toFixed(0)} s; ` +
      `sampled every ${o.every}; the servers ran from ${o.serve === 'dist' ? 'dist/ (the built package)' : 'src/ through tsx'}.`,
    ...(o.calls < 2000 || o.edits < 20_000 ? ['', 'Reduced scale (the default is 2,000 calls and 20,000 edits).'] : []),
    '',
    '| check | value | ok |',
    '| --- | --- | --- |',
    ...report.checks.map((c) => `| ${c.name} | ${c.value} | ${c.ok ? 'yes' : '**no**'} |`),
    '',
    `Warm-up ends at the first sample at which the servers' kept lock files (a cache of at most ` +
      `${KEPT_LOCK_FILES} per process, src/fs/locks.ts) reached the most they reach, and never before a tenth ` +
      `of the run: bridge after ${warmAt(report.bridge.samples, report.warmup.bridge)} calls, workbench after ` +
      `${warmAt(report.edits.samples, report.warmup.edits)} edits. Flatness is checked on the rise of the ` +
      "least-squares line through the warm samples (a garbage collector's saw-tooth averages out, growth " +
      'that keeps on does not); the peak over the first warm sample is shown beside it.',
    '',
    "The stall is the servers' own: each server answers `peer-bridge/diagnostics` " +
      '(PEER_BRIDGE_DIAGNOSTICS=on) with the longest lateness of a 10 ms timer on its event loop since the ' +
      'previous sample, and that lateness less the time its main thread spent ready to run without a CPU in ' +
      'the same turn (Linux schedstat): "own" is what the server\'s work accounts for, the rest is the ' +
      "machine's load. The ping round trip also holds the bench's loop and the pipe.",
    '',
    'What the stalls were, what was changed and what is left: [soak-findings.md](soak-findings.md).',
    '',
    `Call outcomes: ${Object.entries(report.bridge.statuses)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
    '',
    '## Bridge server',
    '',
    ...series(report.bridge.samples, report.warmup.bridge),
    '',
    `## Workbench servers (${o.clients}, summed; stall and busy share: the worst of them)`,
    '',
    ...series(report.edits.samples, report.warmup.edits),
    '',
  ];
  return lines.join('\n');
}
