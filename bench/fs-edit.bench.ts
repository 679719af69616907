// edit_file round trip on a small file (version check under locks, staged write, fsync, rename,
// directory fsync, new observation) against write-file-atomic with fsync, in the same run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { measureAsync, report } from './measure.js';
import { openWorkbench } from '../src/fs/index.js';

type WriteFileAtomic = (file: string, data: string, options: { fsync: boolean }) => Promise<void>;
const writeFileAtomic = createRequire(import.meta.url)('write-file-atomic') as WriteFileAtomic;

const ws = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-edit-'));
const lockDir = mkdtempSync(path.join(os.tmpdir(), 'pb-bench-locks-'));
try {
  const small = 'export const value = 0;\n'.repeat(40); // ~1 KiB
  writeFileSync(path.join(ws, 'edit.ts'), small);
  writeFileSync(path.join(ws, 'atomic.ts'), small);
  const wb = openWorkbench({ workspace: ws, lockDir });
  await wb.call('read_file', { path: 'edit.ts' });

  let n = 0;
  const edit = await measureAsync('edit_file (1 KiB, locks+fsync+dir fsync)', async () => {
    const result = await wb.call('edit_file', { path: 'edit.ts', old_string: `value = ${n};\n`, new_string: `value = ${n + 1};\n`, replace_all: true });
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    n++;
  });
  let m = 0;
  const atomic = await measureAsync('write-file-atomic (1 KiB, fsync)', async () => {
    const file = path.join(ws, 'atomic.ts');
    const text = readFileSync(file, 'utf8');
    await writeFileAtomic(file, text.replaceAll(`value = ${m};\n`, `value = ${m + 1};\n`), { fsync: true });
    m++;
  });
  console.log(`node ${process.version}, ${os.platform()} ${os.arch()}; ratio = time per op / write-file-atomic`);
  report([atomic, edit], atomic);
} finally {
  rmSync(ws, { recursive: true, force: true });
  rmSync(lockDir, { recursive: true, force: true });
}
