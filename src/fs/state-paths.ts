// The bridge keeps its run state in `.peer-bridge/` at the workspace root. The file tools never
// change it: a peer with the workbench could otherwise rewrite the ledger or plant links there.
import { STATE_DIR } from '../vocabulary.js';
import { FsError } from './errors.js';
import type { ResolvedPath } from './workspace-paths.js';

/** Refuses a mutation of a path inside the bridge's state folder (resolved, so links count). */
export function refuseStatePath(target: ResolvedPath): void {
  if (target.shown === STATE_DIR || target.shown.startsWith(`${STATE_DIR}/`)) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${target.shown}: is inside ${STATE_DIR}/, peer-bridge's own run state (ledger, transcripts, incidents); ` +
        'the file tools do not change it (read_file can read it)',
    );
  }
}
