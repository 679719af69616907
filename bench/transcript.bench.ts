// Transcript writer under a flood: 512 MiB of Codex-style child events (agent messages, reasoning,
// command output) go through the bounded transcript writer. Reports throughput against a baseline
// that only generates and parses the same events, and peak memory (flat, whatever the stream size).
// PB_BENCH_MIB=64 runs a smaller stream.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openTranscript } from '../src/state/transcript.js';
import { record } from './record.js';

const totalBytes = Number(process.env.PB_BENCH_MIB ?? 512) * 1024 * 1024;
const mib = (n: number): string => (n / 1024 / 1024).toFixed(1);

const commandOutput = 'PASS test/unit/example.test.ts (12 tests) 34ms\\n'.repeat(160); // ~7.7 KB
const message = 'Working on it: the parser now handles escapes — next, the tokenizer (ü, 漢字). '.repeat(6);
const reasoning = 'Considering whether the cache should be invalidated on write or on read. '.repeat(14);

// Raw JSON lines as the child prints them; `#` is replaced by a counter so no two lines are equal.
const templates = [
  `{"type":"item.completed","item":{"id":"item_#","type":"command_execution","command":"npm test","aggregated_output":"${commandOutput}#","exit_code":0,"status":"completed"}}`,
  `{"type":"item.completed","item":{"id":"item_#","type":"agent_message","text":"${message}#"}}`,
  `{"type":"item.completed","item":{"id":"item_#","type":"reasoning","text":"${reasoning}#"}}`,
  `{"type":"item.started","item":{"id":"item_#","type":"command_execution","command":"npm test #","status":"in_progress"}}`,
].map((t) => {
  const [head, middle, tail] = t.split('#') as [string, string, string];
  return { head, middle, tail, bytes: Buffer.byteLength(head + middle + tail) };
});

/** Generates events until `totalBytes` of raw lines went by; returns how many bytes it made. */
function stream(onEvent: (event: object) => void): number {
  let bytes = 0;
  for (let i = 0; bytes < totalBytes; i++) {
    const t = templates[i % templates.length]!;
    const id = String(i);
    const line = t.head + id + t.middle + id + t.tail;
    bytes += t.bytes + 2 * id.length + 1;
    onEvent(JSON.parse(line) as object);
  }
  return bytes;
}

function timed(run: () => number): { bytes: number; seconds: number } {
  const start = process.hrtime.bigint();
  const bytes = run();
  return { bytes, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}

const rssMiB = (): number => process.resourceUsage().maxRSS / 1024; // maxRSS is in KiB

globalThis.gc?.();
const startRss = rssMiB();

// Baseline: generate and parse the events, nothing else.
let sink = 0;
const baseline = timed(() => stream((event) => (sink += Object.keys(event).length)));
const baselineRss = rssMiB();

const workspace = await mkdtemp(path.join(os.tmpdir(), 'pb-bench-'));
try {
  const transcript = openTranscript({ workspace, runId: 'bench' });
  let samples = 0;
  let lowRss = Infinity;
  let highRss = 0;
  const writer = timed(() =>
    stream((event) => {
      transcript.write(event);
      // Current RSS every 4096 events (~9 MiB), to show memory stays flat during the stream.
      if (++samples % 4096 === 0) {
        const rss = process.memoryUsage.rss() / 1024 / 1024;
        lowRss = Math.min(lowRss, rss);
        highRss = Math.max(highRss, rss);
      }
    }),
  );
  const rel = await transcript.close();
  const file = path.join(workspace, rel);
  const size = (await stat(file)).size;
  const cutMarker = (await readFile(file, 'utf8')).includes('"transcript.cut"');

  const rate = (r: { bytes: number; seconds: number }) => r.bytes / 1024 / 1024 / r.seconds;
  console.log(
    `stream                      ${mib(writer.bytes)} MiB of child events, ${transcript.stats.records} records`,
  );
  console.log(
    `baseline (generate + parse) ${rate(baseline).toFixed(0).padStart(6)} MB/s   ${baseline.seconds.toFixed(2)} s`,
  );
  console.log(
    `transcript writer           ${rate(writer).toFixed(0).padStart(6)} MB/s   ${writer.seconds.toFixed(2)} s   ratio ${(writer.seconds / baseline.seconds).toFixed(2)} × baseline time`,
  );
  const generateAndParse = { name: 'generate + parse the event stream', median: baseline.seconds * 1000 };
  record({ ...generateAndParse, unit: 'ms', samples: 1 });
  record({
    name: `transcript writer, ${mib(writer.bytes)} MiB of events`,
    unit: 'ms',
    median: writer.seconds * 1000,
    baseline: generateAndParse,
    samples: 1,
  });
  console.log(
    `transcript file             ${(size / 1024).toFixed(1)} KiB (limit ${transcript.limitBytes / 1024} KiB), cut marker: ${cutMarker}, ${transcript.stats.cutRecords} records cut`,
  );
  console.log(
    `peak RSS (maxRSS)           start ${startRss.toFixed(0)} MiB, after baseline ${baselineRss.toFixed(0)} MiB, after writer ${rssMiB().toFixed(0)} MiB`,
  );
  console.log(`RSS during writer stream    ${lowRss.toFixed(0)}–${highRss.toFixed(0)} MiB (sampled every 4096 events)`);
  if (sink < 0) console.log(sink);
} finally {
  await rm(workspace, { recursive: true, force: true });
}
