// edit_file round trip on a 4 KiB file (version check under locks, staged write, fsync, rename,
// directory fsync, new observation) against, in the same run and interleaved round by round:
// the floor — the same safe replace written with plain sync calls (read + sha256, temp file,
// fsync, rename, directory fsync), nothing else — and write-file-atomic with fsync.
// A fourth case, the checked floor, makes every system call edit_file makes (path resolution, two
// lock files, stats around the locks and the reads, owner kept, re-read before the rename) with as
// little JavaScript as possible: it splits edit_file's distance from the floor into what its
// checks cost in the kernel and what its JavaScript costs. Then the floor and edit_file on a
// 256 KiB file, for how the cost grows with size. Last, where /dev/shm is a tmpfs, the floor, the
// checked floor and edit_file once more there: with no device to wait for, the same code's ratio to
// the floor is several times larger, which shows how much of "ratio to the floor" is the disk.
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
import { openWorkbench, type Workbench } from '../src/fs/index.js';
import { fsyncDirectory, statFd, statPath, tryLock } from '../src/native/index.js';
import { record } from './record.js';

type WriteFileAtomic = (file: string, data: string, options: { fsync: boolean }) => Promise<void>;
const writeFileAtomic = createRequire(import.meta.url)('write-file-atomic') as WriteFileAtomic;

const ROUNDS = 15;
const OPS_PER_ROUND = 40;

const text =
  'export const value = 0; // padding to make lines of a realistic length....\n'.repeat(54).slice(0, 4096 - 1) + '\n';
type Op = () => Promise<void>;

// One place to edit in: a workspace, its lock directory and a workbench, and makers of the cases.
// Each case edits its own file: `${key} = n;` becomes n + 1 each time (every occurrence when
// `all`, else the one unique match).
function place(parent: string) {
  const ws = mkdtempSync(path.join(parent, 'pb-bench-edit-'));
  const lockDir = mkdtempSync(path.join(parent, 'pb-bench-locks-'));
  const wb: Workbench = openWorkbench({ workspace: ws, lockDir });
  const edit = async (name: string, key: string, all: boolean, content = text): Promise<Op> => {
    writeFileSync(path.join(ws, name), content);
    await wb.call('read_file', { path: name, limit: 1 });
    let n = 0;
    return async () => {
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
  const floor = (name: string, key: string, all: boolean, content = text): Op => {
    writeFileSync(path.join(ws, name), content);
    let n = 0;
    return async () => {
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
  const checked = (name: string): Op => {
    writeFileSync(path.join(ws, name), text);
    const lockFiles = [path.join(lockDir, 'checked-path.lock'), path.join(lockDir, 'checked-id.lock')];
    let n = 0;
    return async () => {
      const file = path.join(ws, name);
      realpathSync.native(file);
      statPath(file, { follow: false });
      const held = lockFiles.map((lockFile) => tryLock(lockFile));
      const seen = statPath(file, { follow: false });
      const bytes = readChecked(file, seen.size);
      const next = Buffer.from(bytes.toString('utf8').replaceAll(`value = ${n};`, `value = ${n + 1};`));
      const owner = lstatSync(file);
      const stage = path.join(ws, `.stage.${n}`);
      const fd = openSync(stage, 'wx', 0o600);
      fchownSync(fd, owner.uid, owner.gid);
      writeSync(fd, next, 0, next.length, 0);
      fchmodSync(fd, 0o644);
      fsyncSync(fd);
      readChecked(file, seen.size);
      renameSync(stage, file);
      fsyncDirectory(ws);
      statFd(fd);
      closeSync(fd);
      for (const lock of held.reverse()) lock.release();
      n++;
    };
  };
  const atomic = (name: string): Op => {
    const file = path.join(ws, name);
    writeFileSync(file, text);
    let n = 0;
    return async () => {
      await writeFileAtomic(file, readFileSync(file, 'utf8').replaceAll(`value = ${n};`, `value = ${n + 1};`), {
        fsync: true,
      });
      n++;
    };
  };
  const remove = () => {
    rmSync(ws, { recursive: true, force: true });
    rmSync(lockDir, { recursive: true, force: true });
  };
  return { edit, floor, checked, atomic, remove };
}

// The read under the lock, sized by the lock's stat: open, read, the handle's stat, close.
function readChecked(file: string, size: number): Buffer {
  const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  const buffer = Buffer.allocUnsafe(size + 1);
  const bytes = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0));
  statFd(fd);
  closeSync(fd);
  createHash('sha256').update(bytes).digest('hex');
  return bytes;
}

// /dev/shm when it is a tmpfs (Linux): no device under it.
function tmpfsDir(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const mounts = readFileSync('/proc/self/mounts', 'utf8');
    return mounts.split('\n').some((line) => /^\S+ \/dev\/shm tmpfs /.test(line)) ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const disk = place(os.tmpdir());
const shmDir = tmpfsDir();
const shm = shmDir ? place(shmDir) : undefined;
try {
  // The same pair on a 256 KiB file (a unique marker line on top): how the cost grows with size.
  const bigText = `const marker = 0;\n${text.repeat(64).slice(0, 256 * 1024 - 18)}`;
  const cases: Record<string, Op> = {
    floor: disk.floor('floor.ts', 'value', true),
    checked: disk.checked('checked.ts'),
    edit_file: await disk.edit('edit.ts', 'value', true),
    'write-file-atomic': disk.atomic('atomic.ts'),
    'floor 256 KiB': disk.floor('big-floor.ts', 'marker', false, bigText),
    'edit_file 256 KiB': await disk.edit('big-edit.ts', 'marker', false, bigText),
    ...(shm
      ? {
          'tmpfs floor': shm.floor('floor.ts', 'value', true),
          'tmpfs checked': shm.checked('checked.ts'),
          'tmpfs edit_file': await shm.edit('edit.ts', 'value', true),
        }
      : {}),
  };
  const perOp: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  for (const fn of Object.values(cases)) for (let i = 0; i < 30; i++) await fn(); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fn] of Object.entries(cases)) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < OPS_PER_ROUND; i++) await fn();
      perOp[name]!.push(Number(process.hrtime.bigint() - start) / OPS_PER_ROUND);
    }
  }
  console.log(
    `node ${process.version}, ${os.platform()} ${os.arch()}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${os.tmpdir()}`,
  );
  console.log(
    `4 KiB file, median of ${ROUNDS} interleaved rounds of ${OPS_PER_ROUND}; ratio = time per op / floor (goal for edit_file: <= 1.3)`,
  );
  const labels = {
    floor: 'sync safe-replace floor (4 KiB: read+sha256, temp, fsync, rename, dir fsync)',
    checked: "checked floor: edit_file's system calls in plain sync code",
    edit_file: 'edit_file (4 KiB, locks+fsync+dir fsync)',
    'write-file-atomic': 'write-file-atomic (4 KiB, fsync)',
    'floor 256 KiB': 'sync safe-replace floor, 256 KiB file',
    'edit_file 256 KiB': 'edit_file, 256 KiB file (one unique match)',
    'tmpfs floor': 'on tmpfs (no device): the floor (4 KiB)',
    'tmpfs checked': 'on tmpfs: the checked floor',
    'tmpfs edit_file': 'on tmpfs: edit_file (4 KiB)',
  } as const;
  // Each measure against its baseline; prints it and records it for bench/results/.
  const report = (name: keyof typeof labels, baseline?: keyof typeof labels, goal?: string, label?: string) => {
    const ns = median(perOp[name]!);
    const base = baseline ? median(perOp[baseline]!) : undefined;
    const ratio = base ? `  ratio ${(ns / base).toFixed(2)} to ${baseline}` : '';
    console.log(`${(label ?? name).padEnd(36)} ${(ns / 1000).toFixed(1).padStart(8)} µs/op${ratio}`);
    record({
      name: label ?? labels[name],
      unit: 'ns/op',
      median: ns,
      samples: perOp[name]!.length,
      ...(baseline && base ? { baseline: { name: labels[baseline], median: base } } : {}),
      ...(goal ? { goal } : {}),
    });
  };
  report('floor');
  report('checked', 'floor');
  report('edit_file', 'floor', 'ratio ≤ 1.3');
  report('write-file-atomic', 'floor');
  report('floor 256 KiB');
  report('edit_file 256 KiB', 'floor 256 KiB');
  // What edit_file's JavaScript adds to the system calls it needs: the part of the distance to the
  // floor that the implementation controls (the checks' kernel cost moves with the device).
  report('edit_file', 'checked', 'ratio ≤ 1.3 (proposed: see issue 12)', 'edit_file against the checked floor');
  if (shm) {
    report('tmpfs floor');
    report('tmpfs checked', 'tmpfs floor');
    report('tmpfs edit_file', 'tmpfs floor');
    report('tmpfs edit_file', 'tmpfs checked', undefined, 'on tmpfs: edit_file against the checked floor');
  }
} finally {
  disk.remove();
  shm?.remove();
}
