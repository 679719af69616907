// The runner host's few error classes, each with a stable `code` (the ERR_* family).
import { CodedError } from '../errors.js';

/** A runner asked for something it was not granted (at load or at spawn). Names the permission. */
export class PermissionDenied extends CodedError<'ERR_PERMISSION_DENIED'> {
  /** e.g. `run`, `env`, `read`, `write`. */
  readonly permission: string;
  /** The value asked for, e.g. `node` or `CLAUDE_CODE_*`. */
  readonly value: string;
  constructor(runner: string, permission: string, value: string, hint: string) {
    super(
      'ERR_PERMISSION_DENIED',
      `runner "${runner}" is not granted ${permission}: ${JSON.stringify(value)} (${hint})`,
    );
    this.permission = permission;
    this.value = value;
  }
}

/** A runner could not be found, imported or validated, or its executable is missing. */
export class RunnerLoadError extends CodedError<'ERR_RUNNER_LOAD'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('ERR_RUNNER_LOAD', message, options);
  }
}

/** The user's runner config file is unreadable or malformed. */
export class RunnerConfigError extends CodedError<'ERR_RUNNER_CONFIG'> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('ERR_RUNNER_CONFIG', message, options);
  }
}

/** A runner did not settle within a bounded time after its run (or probe) was aborted. */
export class RunnerUnresponsive extends CodedError<'ERR_RUNNER_UNRESPONSIVE'> {
  constructor(message: string) {
    super('ERR_RUNNER_UNRESPONSIVE', message);
  }
}
