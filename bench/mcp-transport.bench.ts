// The MCP stdio transport reading one large message (a write_file of PB_BENCH_MIB MiB, default 16)
// in 64 KiB pipe chunks: our line transport against the SDK's ReadBuffer (raised cap) as the
// baseline, and our transport skipping the same message when it is over the maximum (only the id
// is looked for). Ratios are against the SDK in the same run (its buffer grows by copying, so
// its time grows with the square of the message size).
import { PassThrough } from 'node:stream';
import { ReadBuffer } from '@modelcontextprotocol/sdk/shared/stdio.js';
import { LineTransport } from '../src/mcp/stdio/line-transport.js';
import { record } from './record.js';

const mib = Number(process.env.PB_BENCH_MIB ?? 16);
const content = 'const x = "line";\n'.repeat(Math.ceil((mib * 1024 * 1024) / 18)).slice(0, mib * 1024 * 1024);
const line = Buffer.from(
  `${JSON.stringify({ method: 'tools/call', params: { name: 'write_file', arguments: { path: 'big.js', content } }, jsonrpc: '2.0', id: 1 })}\n`,
);
const CHUNK = 64 * 1024;

function timed(run: () => void): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function best(run: () => void, rounds = 3): number {
  let ms = Infinity;
  for (let i = 0; i < rounds; i++) {
    globalThis.gc?.();
    ms = Math.min(ms, timed(run));
  }
  return ms;
}

const sdk = best(() => {
  const buffer = new ReadBuffer({ maxBufferSize: line.length + 1 });
  for (let at = 0; at < line.length; at += CHUNK) buffer.append(line.subarray(at, at + CHUNK));
  if (!buffer.readMessage()) throw new Error('the SDK read no message');
});

function ours(maxMessageBytes: number, expect: 'message' | 'answer'): number {
  return best(() => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const transport = new LineTransport({ maxMessageBytes, stdin, stdout });
    let got: string | undefined;
    transport.onmessage = () => (got = 'message');
    transport.onerror = () => undefined;
    stdout.on('data', () => (got = 'answer'));
    void transport.start();
    // 'data' listeners run synchronously on emit: the whole line is read when the loop ends.
    for (let at = 0; at < line.length; at += CHUNK) stdin.emit('data', line.subarray(at, at + CHUNK));
    if (expect === 'message' && got !== 'message') throw new Error('the transport read no message');
  });
}

const read = ours(line.length, 'message');
const skipped = ours(1024 * 1024, 'answer');
const row = (name: string, ms: number) => {
  console.log(
    `${name.padEnd(46)} ${ms.toFixed(0).padStart(7)} ms  ${(line.length / 1024 / 1024 / (ms / 1000)).toFixed(0).padStart(6)} MiB/s  ratio ${(ms / sdk).toFixed(2)}`,
  );
  record({
    name,
    unit: 'ms',
    median: ms,
    samples: 1,
    ...(ms === sdk ? {} : { baseline: { name: 'SDK ReadBuffer (baseline)', median: sdk } }),
  });
};
console.log(`one ${(line.length / 1024 / 1024).toFixed(1)} MiB message in ${CHUNK / 1024} KiB chunks`);
row('SDK ReadBuffer (baseline)', sdk);
row('line transport, read and parsed', read);
row('line transport, over the maximum (id only)', skipped);
