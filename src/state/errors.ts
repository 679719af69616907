import { CodedError } from '../errors.js';

/** Codes of run-state errors (ledger, transcripts, incidents). Stable; messages say what to do. */
export type StateErrorCode =
  /** A run id that is not safe as a file name. */
  | 'STATE_INVALID_RUN_ID'
  /** A workspace that is not an absolute path. */
  | 'STATE_INVALID_WORKSPACE'
  /** A state file or folder was replaced by a symbolic link; the harness never writes through one. */
  | 'STATE_SYMLINK'
  /** A state path is not what peer-bridge keeps there (a file for a folder, a folder for a file…). */
  | 'STATE_UNUSABLE';

/** An error of the run state. `code` is stable; the message names the path and the fix. */
export class StateError extends CodedError<StateErrorCode> {}
