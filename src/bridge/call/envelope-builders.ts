// What builds envelopes (the compiled validators are the largest part of a call's code) is not
// needed to start the child: it loads on the child's first event, while the child works, or when
// a refusal needs it, and its validators are compiled then too (warmValidators). Once per process.
let finishing:
  | Promise<{
      harnessEnvelope: typeof import('../record-envelope.js').harnessEnvelope;
      envelopeForOutcome: typeof import('../outcome.js').envelopeForOutcome;
    }>
  | undefined;

export function envelopeBuilders() {
  finishing ??= Promise.all([
    import('../../envelope/index.js'),
    import('../record-envelope.js'),
    import('../outcome.js'),
  ]).then(([envelope, record, outcome]) => {
    envelope.warmValidators();
    return { harnessEnvelope: record.harnessEnvelope, envelopeForOutcome: outcome.envelopeForOutcome };
  });
  return finishing;
}

export const harnessEnvelope: typeof import('../record-envelope.js').harnessEnvelope = async (input) =>
  (await envelopeBuilders()).harnessEnvelope(input);
