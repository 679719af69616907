/** Errors of the envelope module. `code` is stable; messages say what was wrong. */
export class EnvelopeError extends Error {
  readonly code: 'ENVELOPE_INTERNAL';

  constructor(code: EnvelopeError['code'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EnvelopeError';
    this.code = code;
  }
}
