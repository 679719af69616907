// The one pattern of peer-bridge's errors: a class per family with a stable `code` a caller can
// branch on, `name` set here from the class (a subclass never sets it), and `cause` kept. The code
// families are listed in docs (errors): FS_* for the file tools, the bridge's lowercase codes,
// STATE_* for run state, ERR_* for runner plugins and the native loader.

/** An error with a stable `code`. */
export class CodedError<Code extends string = string> extends Error {
  readonly code: Code;

  constructor(code: Code, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    // The subclass's own name (bundling keeps class names), so no class spells it twice.
    this.name = new.target.name;
    this.code = code;
  }
}
