// Records what the envelope module asks for, through state/: the transcript records, the
// transcript's close, the incident. envelope/ only builds and validates; this file does the writes,
// in the order runs have always been recorded (fault record, transcript closed, then the incident).
import {
  answerRecords,
  buildAnswerEnvelope,
  buildHarnessEnvelope,
  harnessFaultRecord,
  harnessIncidentDraft,
  type HarnessEnvelopeInput,
  type PublicEnvelope,
  type RunMeta,
} from '../envelope/index.js';
import { stateFailureCause } from '../state/health.js';
import { writeIncident } from '../state/incident.js';

/**
 * Builds, records and validates the envelope for a run without a usable model answer: the fault
 * in the transcript, the transcript closed, an incident file (none for unusable state). Never
 * rejects for a write failure: the envelope then says in `blockers` what could not be written.
 */
export async function harnessEnvelope(input: HarnessEnvelopeInput): Promise<PublicEnvelope> {
  const transcript = input.meta.transcript;
  const failures: string[] = [];
  transcript.write(harnessFaultRecord(input));
  let transcriptPath: string | null = null;
  try {
    transcriptPath = await transcript.close();
  } catch (error) {
    failures.push(`the transcript could not be written: ${(error as Error).message}`);
  }
  let incident: string | null = null;
  const draft = harnessIncidentDraft(input, transcriptPath);
  if (draft)
    try {
      incident = await writeIncident(draft);
    } catch (error) {
      failures.push(`the incident could not be written: ${(error as Error).message}`);
    }
  return buildHarnessEnvelope(input, { transcriptPath, incident, failures });
}

/**
 * Turns a child's core answer into the public envelope: an invalid core gives a harness-built
 * `invalid-output` envelope; a valid one has the answer and its `details` written to the transcript,
 * which is closed, then the metadata added and the result validated. A result failing the harness
 * schema is recorded as an `invalid-envelope` incident with a harness-built `blocked` envelope.
 */
export async function assembleEnvelope(core: unknown, meta: RunMeta): Promise<PublicEnvelope> {
  const checked = answerRecords(core, meta);
  if ('fault' in checked) return harnessEnvelope(checked.fault);
  const transcript = meta.transcript;
  for (const record of checked.records) transcript.write(record);
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
  const built = buildAnswerEnvelope(checked.answer, meta, transcriptPath);
  return 'fault' in built ? harnessEnvelope(built.fault) : built.envelope;
}
