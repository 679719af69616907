// Harness → caller boundary: the validated core without its details, plus the harness's
// metadata, checked against the public schema before anyone sees it.
import path from 'node:path';
import type { PublicEnvelope } from '../generated/harness-envelope.js';
import { stateFailureCause } from '../state/health.js';
import { harnessEnvelope } from './harness-built.js';
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

/**
 * Turns a child's core answer into the public envelope: validates the core (an invalid one gives
 * a harness-built `invalid-output` envelope), writes the answer and its `details` to the
 * transcript and closes it, adds the metadata, and validates the result against the harness
 * schema. A result failing that schema is a peer-bridge bug: it is recorded as an
 * `invalid-envelope` incident and a harness-built `blocked` envelope is returned instead.
 */
export async function assembleEnvelope(core: unknown, meta: RunMeta): Promise<PublicEnvelope> {
  const checked = validateCore(core);
  if (!checked.ok) {
    return harnessEnvelope({
      fault: 'invalid-output',
      cause: `the answer is not a valid envelope core: ${checked.reason}`,
      meta,
      problems: checked.problems,
    });
  }
  const { details, ...answer } = checked.core;
  const transcript = meta.transcript;
  transcript.write({ type: 'answer', ...answer });
  (details ?? []).forEach((text, index) => transcript.write({ type: 'answer.details', index, text }));
  let transcriptPath: string;
  try {
    transcriptPath = await transcript.close();
  } catch (error) {
    // A peer that swapped the state folder mid-run is not a peer-bridge bug: say what to fix.
    const unusable = await stateFailureCause(transcript.workspace, error);
    return harnessEnvelope({
      fault: unusable ? 'state-unusable' : 'invalid-envelope',
      cause: unusable ?? `the transcript could not be written: ${(error as Error).message}`,
      meta,
    });
  }
  const envelope = {
    ...answer,
    files_touched: relativeFiles(transcript.workspace, answer.files_touched),
    ...envelopeMeta(meta),
    run_id: transcript.runId,
    incident: null,
    transcript_path: transcriptPath,
  };
  if (validateHarnessSchema(envelope)) return envelope;
  const problems = (validateHarnessSchema.errors ?? []).map((e) => describeError(e, envelope));
  return harnessEnvelope({
    fault: 'invalid-envelope',
    cause: `the assembled envelope fails schemas/harness-envelope.schema.json: ${problems.slice(0, 3).join('; ')}`,
    meta,
    problems,
  });
}
