/**
 * The envelope contract: the two validation boundaries of a bridge call (child answer → harness,
 * harness → caller) and the strict schema handed to the child CLIs. Transcripts and incidents,
 * which envelopes reference, are run state (src/state/): this module says what to record and the
 * bridge writes it (src/bridge/record-envelope.ts).
 */
export type { CoreEnvelope } from '../generated/envelope.js';
export type {
  Effort,
  EffortSubstitution,
  EnvelopeStatus,
  PartialOutput,
  PublicEnvelope,
  TokenCounters,
} from '../generated/harness-envelope.js';
export type {
  BridgeAdviseInput,
  BridgeImplementInput,
  BridgeReviewInput,
  BridgeStatusInput,
} from '../generated/mcp-tools.js';
export {
  coreSchema,
  harnessSchema,
  mcpToolsSchema,
  schemaDirectory,
  toolInputSchema,
  toolInputValidator,
  warmValidators,
  type JsonSchema,
  type McpToolName,
} from './schemas.js';
export { validateCore, type CoreValidation } from './validate-core.js';
export { validateEnvelope, validateToolInput, type Checked } from './validate-public.js';
export { extractCoreAnswer, findJsonObjects, maxAnswerTextLength, type ExtractedCore } from './extract.js';
export { strictCoreSchema, strictSubsetViolations } from './strict-schema.js';
export { answerRecords, buildAnswerEnvelope, type CoreAnswer } from './assemble.js';
export {
  buildHarnessEnvelope,
  harnessFaultRecord,
  harnessIncidentDraft,
  statusForFault,
  type HarnessEnvelopeInput,
  type HarnessRecorded,
} from './harness-built.js';
export type { EnvelopeMeta, Fault, IncidentContext, RunMeta, Verb } from './meta.js';
export { partialOutput, partialOutputLimitBytes, partialOutputSource } from './partial-output.js';
export { EnvelopeError } from './errors.js';
