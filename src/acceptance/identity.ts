// What a version is made of, checked on this machine's filesystem: identity (volume + file id)
// across a rename and its change on replacement, a same-size rewrite with its mtime put back,
// and a permission / ACL change seen through ctime (ChangeTime on Windows).
import { chmodSync, closeSync, openSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { statFd, statPath, type NativeStat } from '../native/index.js';
import { windowsCommand } from './host.js';
import { AcceptanceFailure, expectEqual, notVerifiable, pass, type Sequence, type SequenceContext } from './types.js';
import { codeOf, ok, open, plant } from './workbench.js';

const id = (s: NativeStat): string => `${s.identity.volume}:${s.identity.fileId}`;

// Node's own stat numbers for the same file: on POSIX and under Wine they are the same numbers
// (dev, ino); on Windows Node shows the 32-bit serial and the 64-bit index, shown as evidence.
function nodeView(file: string): string {
  const s = statSync(file, { bigint: true });
  return `${s.dev.toString(16)}:${s.ino.toString(16)}`;
}

// A change must be seen by ctime; on a coarse clock a change in the same tick as the write
// before it leaves ctime equal, so the change is repeated (bounded) until the clock has moved.
async function untilCtimeMoves(
  file: string,
  before: NativeStat,
  change: () => Promise<void>,
): Promise<{ after: NativeStat; tries: number }> {
  for (let tries = 1; tries <= 20; tries++) {
    await change();
    const after = statPath(file);
    if (after.ctimeNs !== before.ctimeNs) return { after, tries };
  }
  throw new AcceptanceFailure(`ctime stayed ${before.ctimeNs} ns through 20 changes`);
}

async function permissionChange({ dir }: SequenceContext) {
  const file = plant(dir, 'mode.txt', 'x = 1\n');
  const wb = open(dir);
  ok(await wb.call('read_file', { path: 'mode.txt' }), 'read_file');
  const before = statPath(file);
  const windows = process.platform === 'win32';
  const { after, tries } = await untilCtimeMoves(file, before, async () => {
    if (windows) await windowsCommand(dir, 'attrib +R mode.txt');
    else chmodSync(file, 0o600);
  });
  expectEqual(after.mtimeNs === before.mtimeNs, true, 'mtime unchanged by the permission change');
  const edit = await wb.call('edit_file', { path: 'mode.txt', old_string: 'x = 1', new_string: 'x = 2' });
  if (windows) await windowsCommand(dir, 'attrib -R mode.txt');
  expectEqual(codeOf(edit), 'FS_STALE_VERSION', 'edit after the permission change');
  return pass(
    `${windows ? '`attrib +R`' : 'chmod 600'}: ` +
      `mode ${(before.mode & 0o777).toString(8)} → ${(after.mode & 0o777).toString(8)}, ` +
      `ctime +${after.ctimeNs - before.ctimeNs} ns (${tries} change${tries > 1 ? 's' : ''}), ` +
      'mtime unchanged; edit → FS_STALE_VERSION',
  );
}

// An ACL change leaves mode, size and bytes alone: ChangeTime is the only trace. The workbench
// treats it as metadata noise (an edit still succeeds), which the row also records.
async function aclChange({ dir, host }: SequenceContext) {
  if (process.platform !== 'win32')
    return notVerifiable(
      `a Windows row (icacls → ChangeTime); on ${process.platform} the permission change is ` +
        'row permission-change-ctime',
    );
  if (host.wine)
    return notVerifiable(
      'Wine keeps no file ACLs (icacls changes nothing on disk), so ChangeTime cannot move; run on Windows',
    );
  const file = plant(dir, 'acl.txt', 'x = 1\n');
  const wb = open(dir);
  ok(await wb.call('read_file', { path: 'acl.txt' }), 'read_file');
  const before = statPath(file);
  let grant = true;
  const { after, tries } = await untilCtimeMoves(file, before, async () => {
    // Built-in Users (S-1-5-32-545): exists on every Windows, whatever its language.
    await windowsCommand(
      dir,
      grant ? 'icacls acl.txt /grant *S-1-5-32-545:(R) /q' : 'icacls acl.txt /remove:g *S-1-5-32-545 /q',
    );
    grant = !grant;
  });
  expectEqual(
    [after.mtimeNs === before.mtimeNs, after.size, after.mode],
    [true, before.size, before.mode],
    'mtime, size and mode after icacls',
  );
  const edit = await wb.call('edit_file', { path: 'acl.txt', old_string: 'x = 1', new_string: 'x = 2' });
  return pass(
    `icacls: ChangeTime +${after.ctimeNs - before.ctimeNs} ns (${tries} call${tries > 1 ? 's' : ''}), ` +
      `mtime/size/mode unchanged; edit afterwards → ${codeOf(edit)}`,
  );
}

export const identitySequences: Sequence[] = [
  {
    id: 'identity-rename-replace',
    sequence:
      'a file keeps its identity (volume + file id) across a rename and through an open handle; ' +
      'a replacement gets a new one',
    async run({ dir, host }) {
      const a = plant(dir, 'a.txt', 'same\n');
      const first = statPath(a);
      const b = path.join(dir, 'b.txt');
      renameSync(a, b);
      const renamed = statPath(b);
      expectEqual(id(renamed), id(first), 'identity after rename');
      const fd = openSync(b, 'r');
      let handle: NativeStat;
      try {
        handle = statFd(fd);
      } finally {
        closeSync(fd);
      }
      expectEqual(id(handle), id(first), 'identity through an open handle');
      const wb = open(dir);
      ok(await wb.call('read_file', { path: 'b.txt' }), 'read_file');
      writeFileSync(path.join(dir, 'b.tmp'), 'same\n');
      renameSync(path.join(dir, 'b.tmp'), b);
      const replaced = statPath(b);
      if (id(replaced) === id(first))
        throw new AcceptanceFailure(`identity ${id(first)} unchanged after a replacement`);
      const edit = await wb.call('edit_file', { path: 'b.txt', old_string: 'same', new_string: 'other' });
      expectEqual(codeOf(edit), 'FS_STALE_VERSION', 'edit after a replacement with the same bytes');
      const node = nodeView(b);
      if (process.platform !== 'win32' || host.wine)
        expectEqual(node, id(replaced), "Node's dev:ino for the same file");
      return pass(
        `${id(first)} kept across rename and handle; replacement → ${id(replaced)} (Node: ${node}); ` +
          'edit → FS_STALE_VERSION',
      );
    },
  },
  {
    id: 'same-size-restored-mtime',
    sequence: 'a same-size rewrite by another program with its mtime put back is caught',
    async run({ dir }) {
      const file = plant(dir, 'v.txt', 'value = 1\n');
      const wb = open(dir);
      ok(await wb.call('read_file', { path: 'v.txt' }), 'read_file');
      const before = statPath(file);
      const times = statSync(file);
      writeFileSync(file, 'value = 2\n');
      utimesSync(file, times.atime, times.mtime);
      const after = statPath(file);
      expectEqual(after.size, before.size, 'size after the rewrite');
      const edit = await wb.call('edit_file', { path: 'v.txt', old_string: 'value = 2', new_string: 'value = 3' });
      expectEqual(codeOf(edit), 'FS_STALE_VERSION', 'edit after the rewrite');
      expectEqual(readFileSync(file, 'utf8'), 'value = 2\n', "content (the other program's)");
      const mtime =
        after.mtimeNs === before.mtimeNs
          ? 'restored exactly'
          : `restored to ${after.mtimeNs - before.mtimeNs} ns of the original`;
      return pass(
        `${before.size} bytes both times, mtime ${mtime}, same identity; edit → FS_STALE_VERSION (content digest)`,
      );
    },
  },
  {
    id: 'permission-change-ctime',
    sequence: 'a permission change (chmod; attrib +R on Windows) moves ctime and makes the next edit stale',
    run: permissionChange,
  },
  {
    id: 'acl-change-ctime',
    sequence: 'an ACL change (icacls) moves ChangeTime while mtime, size and mode stay',
    run: aclChange,
  },
];
