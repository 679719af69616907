import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backend } from '../../src/native/index.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { appendOnly, mountTmpfs } from '../helpers/privileged.js';

const tempDir = useTempDir();
const probe = path.join(import.meta.dirname, 'fixtures', 'fallback-probe.ts');
const stuckProbe = path.join(import.meta.dirname, 'fixtures', 'stuck-source-probe.ts');

function runProbe(force?: string) {
  const env = { ...process.env };
  delete env.PEER_BRIDGE_NATIVE_FORCE;
  if (force) env.PEER_BRIDGE_NATIVE_FORCE = force;
  const out = execFileSync(process.execPath, ['--import', 'tsx', probe, tempDir()], { env, encoding: 'utf8' });
  return JSON.parse(out);
}

describe('strategies and their fallbacks', () => {
  it('uses renameat2, statx and OFD locks on this kernel', () => {
    expect(backend).toMatchObject({ platform: 'linux', rename: 'renameat2', stat: 'statx', lock: 'ofd' });
  });

  it('the preferred path: no-replace rename refuses and moves', () => {
    const r = runProbe();
    expect(r.backend.rename).toBe('renameat2');
    expect(r.refused).toEqual({ code: 'EEXIST', syscall: 'renameat2' });
    expect(r.afterRefusal).toEqual({ a: 'A', b: 'B' });
    expect(r.moved).toEqual({ aExists: false, c: 'A', sameIdentity: true, nlink: 1 });
    expect(r.stat.matchesNode).toBe(true);
    // statx reports a birth time exactly when the filesystem keeps one, as Node sees it too.
    expect(r.stat.hasBirthtime).toBe(r.stat.nodeHasBirthtime);
    expect(r.secondLock).toBe('EAGAIN');
  });

  it('the link+unlink fallback keeps the same no-replace semantics', () => {
    const r = runProbe('rename:link-unlink');
    expect(r.backend.rename).toBe('link-unlink');
    expect(r.refused).toEqual({ code: 'EEXIST', syscall: 'link' });
    expect(r.afterRefusal).toEqual({ a: 'A', b: 'B' });
    expect(r.moved).toEqual({ aExists: false, c: 'A', sameIdentity: true, nlink: 1 });
  });

  it('the fstat fallback gives the same identity, without a birth time', () => {
    const r = runProbe('stat:fstat,lock:flock');
    expect(r.backend).toMatchObject({ stat: 'fstat', lock: 'flock' });
    expect(r.stat).toMatchObject({ matchesNode: true, hasBirthtime: false });
    expect(r.secondLock).toBe('EAGAIN');
  });

  it('the link+unlink fallback takes the new name back when the old one cannot be removed', (ctx) => {
    // An append-only directory (chattr +a, root on ext4/xfs/btrfs) allows the link but refuses the
    // unlink. The rename failed, so it must not have happened: before the fix `to` stayed behind
    // as a second name, and a caller that retried or reported "nothing changed" was wrong.
    // On a tmpfs the test mounts, so chattr works whatever filesystem holds the temp dir.
    const dir = path.join(tempDir(), 'fs');
    const unmount = mountTmpfs(ctx, dir);
    const stuck = path.join(dir, 'stuck');
    mkdirSync(stuck);
    const from = path.join(stuck, 'a.txt');
    const to = path.join(dir, 'b.txt');
    writeFileSync(from, 'A');
    try {
      appendOnly(ctx, stuck, true);
      const env = { ...process.env, PEER_BRIDGE_NATIVE_FORCE: 'rename:link-unlink' };
      const out = execFileSync(process.execPath, ['--import', 'tsx', stuckProbe, from, to], { env, encoding: 'utf8' });
      expect(JSON.parse(out)).toEqual({
        rename: 'link-unlink',
        error: { code: 'EPERM', syscall: 'unlink' },
        fromExists: true,
        toExists: false,
      });
    } finally {
      appendOnly(ctx, stuck, false);
      unmount();
    }
  });
});
