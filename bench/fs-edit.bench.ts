// edit_file round trip on a 4 KiB file (version check under locks, staged write, fsync, rename,
// directory fsync, new observation) against, in the same run and interleaved round by round:
// the floor — the same safe replace written with plain sync calls (read + sha256, temp file,
// fsync, rename, directory fsync), nothing else — and write-file-atomic with fsync.
// A fourth case, the checked floor, makes every system call edit_file makes (path resolution, two
// lock files, stats around the locks and the reads, owner kept, re-read before the rename) with as
// little JavaScript as possible: it splits edit_file's distance from the floor into what its
// checks cost in the kernel and what its JavaScript costs. Last, the floor and edit_file on a
// 256 KiB file, for how the cost grows with size.
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  lstatSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openWorkbench } from '../src/fs/index.js';
import { fsyncDirectory, statFd, statPath, tryLock } from '../src/native/index.js';
import { record } from './record.js';

type WriteFileAtomic = (file: string, data: string, options: { fsync: boolean }) => Promise<void>;
const writeFileAtomic = createRequire(import.meta.url)('write-file-atomic') as WriteFileAtomic;

const ROUNDS = 15;
const OPS_PER_ROUND = 40;

const ws = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-edit-'));
const lockDir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-locks-'));
try {
  const text =
    'export const value = 0; // padding to make lines of a realistic length....\n'.repeat(54).slice(0, 4096 - 1) + '\n';
  for (const name of ['edit.ts', 'floor.ts', 'atomic.ts', 'checked.ts']) writeFileSync(path.join(ws, name), text);
  const wb = openWorkbench({ workspace: ws, lockDir });
  await wb.call('read_file', { path: 'edit.ts' });

  // edit_file on `name`, and the floor doing the same change: `${key} = n;` becomes n + 1 each time
  // (every occurrence when `all`, else the one unique match).
  const editOf = (name: string, key: string, all: boolean) => {
    let n = 0;
    return async (): Promise<void> => {
      const result = await wb.call('edit_file', {
        path: name,
        old_string: `${key} = ${n};`,
        new_string: `${key} = ${n + 1};`,
        replace_all: all,
      });
      if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
      n++;
    };
  };
  const floorOf = (name: string, key: string, all: boolean) => {
    let n = 0;
    return async (): Promise<void> => {
      const file = path.join(ws, name);
      const bytes = readFileSync(file);
      createHash('sha256').update(bytes).digest('hex');
      const [from, to] = [`${key} = ${n};`, `${key} = ${n + 1};`];
      const current = bytes.toString('utf8');
      const next = Buffer.from(all ? current.replaceAll(from, to) : current.replace(from, to));
      const temp = `${file}.tmp`;
      const fd = openSync(temp, 'wx');
      writeSync(fd, next);
      fsyncSync(fd);
      closeSync(fd);
      renameSync(temp, file);
      const dir = openSync(ws, 'r');
      fsyncSync(dir);
      closeSync(dir);
      n++;
    };
  };
  const edit = editOf('edit.ts', 'value', true);
  const floor = floorOf('floor.ts', 'value', true);
  const readChecked = (file: string): Buffer => {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const buffer = Buffer.allocUnsafe(statFd(fd).size + 1);
    const bytes = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
    statFd(fd);
    closeSync(fd);
    createHash('sha256').update(bytes).digest('hex');
    return bytes;
  };
  const lockFiles = [path.join(lockDir, 'checked-path.lock'), path.join(lockDir, 'checked-id.lock')];
  let c = 0;
  const checked = async (): Promise<void> => {
    const file = path.join(ws, 'checked.ts');
    realpathSync.native(file); // resolved once for the call order, once by the tool (two walks before)
    statPath(file, { follow: false });
    const held = lockFiles.map((lockFile) => tryLock(lockFile));
    statPath(file, { follow: false });
    const bytes = readChecked(file);
    const next = Buffer.from(bytes.toString('utf8').replaceAll(`value = ${c};`, `value = ${c + 1};`));
    const owner = lstatSync(file);
    const stage = path.join(ws, `.stage.${c}`);
    const fd = openSync(stage, 'wx', 0o600);
    fchownSync(fd, owner.uid, owner.gid);
    writeSync(fd, next, 0, next.length, 0);
    fchmodSync(fd, 0o644);
    fsyncSync(fd);
    readChecked(file);
    renameSync(stage, file);
    fsyncDirectory(ws);
    statFd(fd);
    closeSync(fd);
    for (const lock of held.reverse()) lock.release();
    c++;
  };
  // The same pair on a 256 KiB file (a unique marker line on top): how the cost grows with size.
  const bigText = `const marker = 0;\n${text.repeat(64).slice(0, 256 * 1024 - 18)}`;
  for (const name of ['big-edit.ts', 'big-floor.ts']) writeFileSync(path.join(ws, name), bigText);
  await wb.call('read_file', { path: 'big-edit.ts', limit: 1 });
  const bigEdit = editOf('big-edit.ts', 'marker', false);
  const bigFloor = floorOf('big-floor.ts', 'marker', false);
  let m = 0;
  const atomic = async (): Promise<void> => {
    const file = path.join(ws, 'atomic.ts');
    await writeFileAtomic(file, readFileSync(file, 'utf8').replaceAll(`value = ${m};`, `value = ${m + 1};`), {
      fsync: true,
    });
    m++;
  };

  const cases = {
    floor,
    checked,
    edit_file: edit,
    'write-file-atomic': atomic,
    'floor 256 KiB': bigFloor,
    'edit_file 256 KiB': bigEdit,
  } as const;
  const perOp: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (const fn of Object.values(cases)) for (let i = 0; i < 30; i++) await fn(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fn] of Object.entries(cases)) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < OPS_PER_ROUND; i++) await fn();
      perOp[name]!.push(Number(process.hrtime.bigint() - start) / OPS_PER_ROUND);
    }
  }
  const median = (values: number[]): number =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const base = median(perOp.floor!);
  console.log(
    `node ${process.version}, ${os.platform()} ${os.arch()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${os.tmpdir()}`,
  );
  console.log(
    `4 KiB file, median of ${ROUNDS} interleaved rounds of ${OPS_PER_ROUND}; ratio = time per op / floor (goal for edit_file: <= 1.3)`,
  );
  const labels: Record<string, string> = {
    floor: 'sync safe-replace floor (4 KiB: read+sha256, temp, fsync, rename, dir fsync)',
    checked: "checked floor: edit_file's system calls in plain sync code",
    edit_file: 'edit_file (4 KiB, locks+fsync+dir fsync)',
    'write-file-atomic': 'write-file-atomic (4 KiB, fsync)',
  };
  const bigLabels = {
    floor: 'sync safe-replace floor, 256 KiB file',
    edit: 'edit_file, 256 KiB file (one unique match)',
  };
  for (const [name, values] of Object.entries(perOp)) {
    if (name.endsWith('256 KiB')) continue;
    const ns = median(values);
    console.log(`${name.padEnd(20)} ${(ns / 1000).toFixed(1).padStart(8)} µs/op  ratio ${(ns / base).toFixed(2)}`);
    record({
      name: labels[name]!,
      unit: 'ns/op',
      median: ns,
      samples: values.length,
      ...(name === 'floor' ? {} : { baseline: { name: labels.floor!, median: base } }),
      ...(name === 'edit_file' ? { goal: 'ratio ≤ 1.3' } : {}),
    });
  }
  const bigBase = median(perOp['floor 256 KiB']!);
  const bigEditMedian = median(perOp['edit_file 256 KiB']!);
  console.log(
    `256 KiB: floor ${(bigBase / 1000).toFixed(1)} µs/op, edit_file ${(bigEditMedian / 1000).toFixed(1)} µs/op, ratio ${(bigEditMedian / bigBase).toFixed(2)}`,
  );
  record({ name: bigLabels.floor, unit: 'ns/op', median: bigBase, samples: perOp['floor 256 KiB']!.length });
  record({
    name: bigLabels.edit,
    unit: 'ns/op',
    median: bigEditMedian,
    samples: perOp['edit_file 256 KiB']!.length,
    baseline: { name: bigLabels.floor, median: bigBase },
  });
  const checkedMedian = median(perOp.checked!);
  const editMedian = median(perOp.edit_file!);
  console.log(
    `edit_file / checked floor: ${(editMedian / checkedMedian).toFixed(2)} (what edit_file's JavaScript adds)`,
  );
  record({
    name: 'edit_file against the checked floor',
    unit: 'ns/op',
    median: editMedian,
    samples: perOp.edit_file!.length,
    baseline: { name: labels.checked!, median: checkedMedian },
  });
} finally {
  rmSync(ws, { recursive: true, force: true });
  rmSync(lockDir, { recursive: true, force: true });
}
