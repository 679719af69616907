import { CodedError } from '../errors.js';

/** Errors of the envelope module. `code` is stable; messages say what was wrong. */
export class EnvelopeError extends CodedError<'ENVELOPE_INTERNAL'> {}
