// A window read of a 1 GiB file: read_file hashes every byte (the version needs the digest),
// counts lines and validates UTF-8 in one streaming pass, keeping only the window. Reports the
// throughput against `sha256sum` on the same file and how much the peak RSS grew.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openWorkbench } from '../src/fs/index.js';
import { record } from './record.js';

const SIZE = 1 << 30;
const dir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-read-'));
const lockDir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-locks-'));
const file = path.join(dir, 'big.log');

function generate(): number {
  // 1 MiB of numbered log lines, repeated: realistic line density (~60 bytes a line).
  let block = '';
  for (let i = 0; block.length < 1 << 20; i++)
    block += `2026-01-01T00:00:00Z INFO worker=${i % 97} request ${i} done\n`;
  const bytes = Buffer.from(block.slice(0, block.lastIndexOf('\n', 1 << 20) + 1));
  const fd = openSync(file, 'w');
  let written = 0;
  while (written + bytes.length <= SIZE) written += writeSync(fd, bytes);
  closeSync(fd);
  return written;
}

const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

try {
  const size = generate();
  const mb = size / (1 << 20);
  const sha = (): number => {
    const start = process.hrtime.bigint();
    const result = spawnSync('sha256sum', [file], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`sha256sum failed: ${result.stderr}`);
    return seconds(start);
  };
  sha(); // warm the page cache for both contenders
  const wb = openWorkbench({ workspace: dir, lockDir });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let readBest = Infinity;
  let lines = 0;
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    const result = await wb.call('read_file', { path: 'big.log', offset: 8_000_000, limit: 50 });
    readBest = Math.min(readBest, seconds(start));
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    lines = result.total_lines;
  }
  const peakAfter = process.resourceUsage().maxRSS * 1024;
  const shaBest = Math.min(sha(), sha(), sha());
  const MiB = (n: number): string => `${(n / (1 << 20)).toFixed(1)} MiB`;
  console.log(`file ${MiB(size)}, ${lines} lines; window of 50 lines at line 8,000,000`);
  console.log(
    `read_file window (sha256 + lines + UTF-8)   ${(mb / readBest).toFixed(0).padStart(6)} MB/s  (${readBest.toFixed(2)} s)`,
  );
  console.log(
    `sha256sum                                   ${(mb / shaBest).toFixed(0).padStart(6)} MB/s  (${shaBest.toFixed(2)} s)`,
  );
  console.log(`ratio read_file / sha256sum time            ${(readBest / shaBest).toFixed(2)}`);
  const sha256sum = { name: 'sha256sum of the whole file', median: shaBest * 1000 };
  record({ ...sha256sum, unit: 'ms', samples: 1 });
  record({
    name: 'read_file 50-line window of a 1 GiB file',
    unit: 'ms',
    median: readBest * 1000,
    baseline: sha256sum,
    samples: 1,
  });
  console.log(
    `RSS before ${MiB(rssBefore)}; peak RSS before ${MiB(peakBefore)}, after ${MiB(peakAfter)} (growth ${MiB(Math.max(0, peakAfter - peakBefore))})`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
  rmSync(lockDir, { recursive: true, force: true });
}
