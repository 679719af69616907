// Harness → caller boundary: the validated core without its details, plus the harness's
// metadata, checked against the public schema before anyone sees it. Pure: the transcript records
// are returned for the bridge to write (src/bridge/record-envelope.ts), and a failure is returned
// as the harness-built envelope to record instead.
import path from 'node:path';
import type { CoreEnvelope } from '../generated/envelope.js';
import type { PublicEnvelope } from '../generated/harness-envelope.js';
import type { HarnessEnvelopeInput } from './harness-built.js';
import { envelopeMeta, type RunMeta } from './meta.js';
import { describeError } from './problems.js';
import { validateHarnessSchema } from './schemas.js';
import { validateCore } from './validate-core.js';

// Paths in envelopes are workspace-relative: an absolute path inside the workspace that a model
// reports in files_touched is rewritten; anything else is left as the model wrote it.
function relativeFiles(workspace: string, files: string[]): string[] {
  return files.map((file) => {
    if (!path.isAbsolute(file)) return file;
    const relative = path.relative(workspace, file);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return file;
    return relative.split(path.sep).join('/');
  });
}

/** A valid core answer without its details (those go to the transcript only). */
export type CoreAnswer = Omit<CoreEnvelope, 'details'>;

/**
 * Checks a child's core answer: a valid one gives the answer and the transcript records to write
 * (the answer, then each of its `details`); an invalid one the `invalid-output` envelope to record.
 */
export function answerRecords(
  core: unknown,
  meta: RunMeta,
): { answer: CoreAnswer; records: object[] } | { fault: HarnessEnvelopeInput } {
  const checked = validateCore(core);
  if (!checked.ok) {
    return {
      fault: {
        fault: 'invalid-output',
        cause: `the answer is not a valid envelope core: ${checked.reason}`,
        meta,
        problems: checked.problems,
      },
    };
  }
  const { details, ...answer } = checked.core;
  const records = [
    { type: 'answer', ...answer },
    ...(details ?? []).map((text, index) => ({ type: 'answer.details', index, text })),
  ];
  return { answer, records };
}

/**
 * The public envelope of a valid answer once its transcript is closed at `transcriptPath`: the
 * metadata added and the result validated against the harness schema. A result failing that
 * schema is a peer-bridge bug: the `invalid-envelope` envelope to record is returned instead.
 */
export function buildAnswerEnvelope(
  answer: CoreAnswer,
  meta: RunMeta,
  transcriptPath: string,
): { envelope: PublicEnvelope } | { fault: HarnessEnvelopeInput } {
  const transcript = meta.transcript;
  const envelope = {
    ...answer,
    files_touched: relativeFiles(transcript.workspace, answer.files_touched),
    ...envelopeMeta(meta),
    run_id: transcript.runId,
    incident: null,
    transcript_path: transcriptPath,
  };
  if (validateHarnessSchema(envelope)) return { envelope };
  const problems = (validateHarnessSchema.errors ?? []).map((e) => describeError(e, envelope));
  return {
    fault: {
      fault: 'invalid-envelope',
      cause: `the assembled envelope fails schemas/harness-envelope.schema.json: ${problems.slice(0, 3).join('; ')}`,
      meta,
      problems,
    },
  };
}
