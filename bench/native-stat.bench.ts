// statFd against fs.fstatSync(fd, { bigint: true }) on the same descriptor, in the same run.
// The goal is a ratio ≤ 1.0: identity and ns times should cost no more than Node's own stat.
import { closeSync, fstatSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backend, statFd, statPath } from '../src/native/index.js';
import { measure, report } from './measure.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-bench-'));
const file = path.join(dir, 'a.txt');
writeFileSync(file, 'hello\n');
const fd = openSync(file, 'r');

try {
  console.log(`backend: stat=${backend.stat}`);
  const baseline = await measure('fs.fstatSync(fd, { bigint: true })', () => fstatSync(fd, { bigint: true }));
  const samples = [
    baseline,
    await measure('native statFd(fd)', () => statFd(fd)),
    await measure('fs.statSync(path, { bigint: true })', () => statSync(file, { bigint: true })),
    await measure('native statPath(path)', () => statPath(file)),
  ];
  report(samples, baseline);
} finally {
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
}
