// The platform facts a report reader needs first: which native strategies this machine uses, the
// size of its identities, where the locks live; and the Windows facts Wine cannot show.
import os from 'node:os';
import { lockDirInfo } from '../fs/lock-dir.js';
import { backend, statPath } from '../native/index.js';
import { AcceptanceFailure, notVerifiable, pass, type Sequence } from './types.js';
import { plant } from './workbench.js';

// The strategies that keep every promise on each platform; fallbacks still never replace, but
// are worth a reader's attention (e.g. a network filesystem without renameat2).
const PREFERRED: Record<string, Partial<Record<keyof typeof backend, string>>> = {
  linux: { rename: 'renameat2', lock: 'ofd' },
  darwin: { rename: 'renamex_np', lock: 'flock' },
  win32: { stat: 'FileIdInfo', rename: 'FileRenameInfoEx', lock: 'LockFileEx' },
};

export const platformSequences: Sequence[] = [
  {
    id: 'platform-facts',
    sequence: 'native strategies, identity sizes, lock and temp directories of this machine',
    async run({ dir, host }) {
      const sample = statPath(plant(dir, 'sample.txt', 'x'));
      const { platform, ...strategies } = backend;
      const facts = [
        `${platform}-${process.arch}${host.wine ? ' (Wine)' : ''}, Node ${process.versions.node}`,
        `strategies ${Object.entries(strategies)
          .map(([k, v]) => `${k}=${v}`)
          .join(' ')}`,
        `volume ${sample.identity.volume} (${sample.identity.volume.length} hex digits), ` +
          `file id ${sample.identity.fileId} (${sample.identity.fileId.length} hex digits)`,
        `locks in ${lockDirInfo().dir}`,
        `temp ${os.tmpdir()}`,
      ];
      if (sample.identity.fileId === '0') throw new AcceptanceFailure(`file id 0 for a real file: ${facts.join('; ')}`);
      const odd = Object.entries(PREFERRED[platform] ?? {}).filter(
        ([k, v]) => backend[k as keyof typeof backend] !== v,
      );
      // Under Wine the rename fallback is expected (see rename-by-handle); elsewhere a fallback is worth a look.
      if (odd.length > 0 && !host.wine)
        facts.push(`fallback in use: ${odd.map(([k, v]) => `${k} is not ${v}`).join(', ')}`);
      return pass(facts.join('; '));
    },
  },
  {
    id: 'windows-file-id',
    sequence: 'Windows: 64-bit volume serial and 128-bit file id from FILE_ID_INFO (NTFS / ReFS)',
    async run({ dir, host }) {
      if (process.platform !== 'win32')
        return notVerifiable(`a Windows row; ${process.platform} identities are dev + inode (see platform-facts)`);
      if (host.wine)
        return notVerifiable(
          "Wine's FileIdInfo returns the Linux inode and a synthetic volume serial; real NTFS ids need Windows",
        );
      if (backend.stat !== 'FileIdInfo')
        throw new AcceptanceFailure(`stat strategy is ${backend.stat}, not FileIdInfo`);
      const a = statPath(plant(dir, 'one.txt', '1'));
      const b = statPath(plant(dir, 'two.txt', '2'));
      if (a.identity.volume !== b.identity.volume || a.identity.fileId === b.identity.fileId) {
        throw new AcceptanceFailure(`two files in one folder: ${JSON.stringify([a.identity, b.identity])}`);
      }
      return pass(`FileIdInfo: volume ${a.identity.volume}, ids ${a.identity.fileId} and ${b.identity.fileId}`);
    },
  },
  {
    id: 'rename-by-handle',
    sequence: 'Windows: renames through the staged handle with FileRenameInfoEx (POSIX semantics, never replacing)',
    async run({ host }) {
      if (process.platform !== 'win32')
        return notVerifiable(`a Windows row; ${process.platform} renames with ${backend.rename}`);
      if (host.wine)
        return notVerifiable(
          `Wine does not implement FileRenameInfoEx (ERROR_INVALID_PARAMETER), so ${backend.rename} is used; ` +
            'Windows 10 1607+ on NTFS has it',
        );
      if (backend.rename !== 'FileRenameInfoEx')
        throw new AcceptanceFailure(
          `rename strategy is ${backend.rename}: this Windows or volume lacks FileRenameInfoEx`,
        );
      return pass('rename strategy FileRenameInfoEx');
    },
  },
];
