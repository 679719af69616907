// The staleness rule itself, on constructed versions: the cases a filesystem cannot stage on demand.
import { describe, expect, it } from 'vitest';
import { compareVersions, type Version } from '../../src/fs/version.js';

const base: Version = {
  identity: { volume: '803', fileId: '1f2e' },
  size: 12,
  mtimeNs: 1_000n,
  ctimeNs: 1_000n,
  mode: 0o100644,
  nlink: 1,
  digest: 'aa',
};

describe('compareVersions', () => {
  it('catches a same-size rewrite inside one timestamp tick (all times equal, bytes differ)', () => {
    expect(compareVersions(base, { ...base, digest: 'bb' })).toEqual({
      same: false,
      reason: expect.stringMatching(/content/),
    });
  });

  it('treats moved times with identical bytes and identity as metadata noise', () => {
    expect(compareVersions(base, { ...base, mtimeNs: 5_000n, ctimeNs: 6_000n })).toEqual({
      same: true,
      metadataOnly: true,
    });
    expect(compareVersions(base, { ...base })).toEqual({ same: true, metadataOnly: false });
  });

  it('catches a chmod, a new identity and a size change even with equal digests', () => {
    expect(compareVersions(base, { ...base, mode: 0o100600 }).same).toBe(false);
    expect(compareVersions(base, { ...base, identity: { volume: '803', fileId: '1f2f' } }).same).toBe(false);
    expect(compareVersions(base, { ...base, identity: { volume: '804', fileId: '1f2e' } }).same).toBe(false);
    expect(compareVersions(base, { ...base, size: 13 }).same).toBe(false);
  });
});
