// The bridge's few error classes. Each carries a stable `code`; the MCP layer translates them to
// tool results at its edge, the CLI to messages and exit codes.
import { CodedError } from '../errors.js';

/** Stable codes of bridge errors. */
export type BridgeErrorCode =
  /** Arguments do not match the tool's input schema. */
  | 'invalid_arguments'
  /** A model-supplied field the host alone decides (workspace, cwd, session…). */
  | 'forbidden_argument'
  /** The workspace does not exist or is not a directory. */
  | 'invalid_workspace'
  /** A PEER_BRIDGE_* variable of the host has a bad value (not the caller's arguments). */
  | 'invalid_environment';

// Keyed by the type, so a code added above and not here fails the type check.
const CODES: Readonly<Record<BridgeErrorCode, true>> = {
  invalid_arguments: true,
  forbidden_argument: true,
  invalid_workspace: true,
  invalid_environment: true,
};

/** Whether `code` is a bridge error code: the call's input (arguments, workspace, environment) was wrong. */
export function isBridgeErrorCode(code: unknown): code is BridgeErrorCode {
  return typeof code === 'string' && Object.hasOwn(CODES, code);
}

/** A call the bridge will not start, with a message meant for the caller. */
export class BridgeError extends CodedError<BridgeErrorCode> {
  /** The offending argument, when one is to blame. */
  readonly field: string | undefined;

  constructor(code: BridgeErrorCode, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(code, message, options);
    this.field = options.field;
  }
}

/** Why `signal` was aborted, as an Error (a reason that is not one is wrapped, its text kept). */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : new Error(`cancelled: ${typeof reason === 'string' ? reason : 'aborted'}`, { cause: reason });
}
