// move_file across filesystems: staged copy in the destination directory, source verified again,
// no-overwrite link, source removed — never a plain copy over anything.
import { mkdirSync, readdirSync, writeFileSync, statSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FsOps } from '../../src/fs/index.js';
import { realOps } from '../../src/fs/fs-ops.js';
import { bench, code, ok } from './helpers.js';
import { mountTmpfs } from '../helpers/privileged.js';

// This machine's workspaces sit on one filesystem, so EXDEV is forced for the source→destination
// rename only; every other step (staging, link, unlink, fsync) runs for real.
function exdevFor(source: string): Partial<FsOps> {
  return {
    async renameNoReplace(from, to) {
      if (path.basename(from) === source)
        throw Object.assign(new Error(`EXDEV: cross-device link, rename '${from}'`), { code: 'EXDEV' });
      return realOps.renameNoReplace(from, to);
    },
  };
}

describe('move_file across filesystems', () => {
  it('publishes a verified copy with its mode, then removes the source', async () => {
    const t = bench();
    const file = t.write('src/a.txt', 'payload\n');
    chmodSync(file, 0o640);
    const wb = t.open({ ops: exdevFor('a.txt') });
    ok(await wb.call('read_file', { path: 'src/a.txt' }));
    ok(await wb.call('move_file', { path: 'src/a.txt', new_path: 'dst/b.txt' }));
    expect(t.text('dst/b.txt')).toBe('payload\n');
    expect(statSync(t.file('dst/b.txt')).mode & 0o777).toBe(0o640);
    expect(readdirSync(t.file('src'))).toEqual([]);
    expect(readdirSync(t.file('dst'))).toEqual(['b.txt']);
    ok(await wb.call('edit_file', { path: 'dst/b.txt', old_string: 'payload', new_string: 'moved' }));
  });

  it('never overwrites a destination that appears while the copy is staged', async () => {
    const t = bench();
    t.write('a.txt', 'mine\n');
    mkdirSync(t.file('dst'));
    const wb = t.open({
      ops: exdevFor('a.txt'),
      hooks: {
        onStep(step) {
          if (step === 'staged') writeFileSync(t.file('dst/b.txt'), 'theirs\n');
        },
      },
    });
    ok(await wb.call('read_file', { path: 'a.txt' }));
    expect(code(await wb.call('move_file', { path: 'a.txt', new_path: 'dst/b.txt' }))).toBe('FS_EXISTS');
    expect(t.text('dst/b.txt')).toBe('theirs\n');
    expect(t.text('a.txt')).toBe('mine\n');
    expect(readdirSync(t.file('dst'))).toEqual(['b.txt']);
  });

  it('stops when the source changes while the copy is staged', async () => {
    const t = bench();
    t.write('a.txt', 'v1\n');
    const wb = t.open({
      ops: exdevFor('a.txt'),
      hooks: {
        onStep(step) {
          if (step === 'staged') writeFileSync(t.file('a.txt'), 'v2\n');
        },
      },
    });
    ok(await wb.call('read_file', { path: 'a.txt' }));
    expect(code(await wb.call('move_file', { path: 'a.txt', new_path: 'b.txt' }))).toBe('FS_STALE_VERSION');
    expect(readdirSync(t.ws)).toEqual(['a.txt']);
    expect(t.text('a.txt')).toBe('v2\n');
  });

  // A real second filesystem: a tmpfs mounted inside the workspace (needs privileges to mount).
  it('moves onto a real tmpfs mounted inside the workspace', async (context) => {
    const t = bench();
    t.write('a.txt', 'across\n');
    const unmount = mountTmpfs(context, t.file('mnt'));
    try {
      ok(await t.wb.call('read_file', { path: 'a.txt' }));
      ok(await t.wb.call('move_file', { path: 'a.txt', new_path: 'mnt/b.txt' }));
      expect(t.text('mnt/b.txt')).toBe('across\n');
      expect(readdirSync(t.ws).sort()).toEqual(['mnt']);
      expect(readdirSync(t.file('mnt'))).toEqual(['b.txt']);
    } finally {
      unmount();
    }
  });
});

describe('move_file memory', () => {
  // Buffers live outside the JS heap and are counted in arrayBuffers; what the move holds while
  // it publishes shows there. A move must not need a copy of the file in memory (a file over
  // 4 GiB could not be moved at all: a Buffer cannot hold it).
  for (const route of ['rename', 'copy across filesystems'] as const) {
    it(`does not hold the file's bytes while it publishes (${route})`, async () => {
      const t = bench();
      const size = 48 * 1024 * 1024;
      writeFileSync(t.file('big.bin'), Buffer.alloc(size, 7));
      let held: number | undefined;
      const sample = (): void => void (held = process.memoryUsage().arrayBuffers - baseline);
      const ops: Partial<FsOps> =
        route === 'rename'
          ? { renameNoReplace: async (from, to) => (sample(), realOps.renameNoReplace(from, to)) }
          : {
              ...exdevFor('big.bin'),
              linkNoOverwrite: async (from, to) => (sample(), realOps.linkNoOverwrite(from, to)),
            };
      const wb = t.open({ ops });
      ok(await wb.call('read_file', { path: 'big.bin', limit: 1 }));
      const baseline = process.memoryUsage().arrayBuffers;
      ok(await wb.call('move_file', { path: 'big.bin', new_path: 'moved.bin' }));
      expect(held).toBeDefined();
      expect(held).toBeLessThan(size / 2);
      expect(statSync(t.file('moved.bin')).size).toBe(size);
    });
  }
});

describe('a replacement the filesystem refuses to rename', () => {
  it('is FS_CROSS_DEVICE, never a copy; the file and directory stay as they were', async () => {
    const t = bench();
    t.write('f.txt', 'before\n');
    const wb = t.open({
      ops: {
        async rename() {
          throw Object.assign(new Error('EXDEV: cross-device link'), { code: 'EXDEV' });
        },
      },
    });
    ok(await wb.call('read_file', { path: 'f.txt' }));
    expect(code(await wb.call('edit_file', { path: 'f.txt', old_string: 'before', new_string: 'after' }))).toBe(
      'FS_CROSS_DEVICE',
    );
    expect(t.text('f.txt')).toBe('before\n');
    expect(readdirSync(t.ws)).toEqual(['f.txt']);
  });
});
