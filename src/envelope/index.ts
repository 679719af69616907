/**
 * The envelope contract: the two validation boundaries of a bridge call (child answer → harness,
 * harness → caller), the strict schema handed to the child CLIs, transcripts and incidents.
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
  type JsonSchema,
  type McpToolName,
} from './schemas.js';
export { validateCore, type CoreValidation } from './validate-core.js';
export { extractCoreAnswer, findJsonObjects, maxAnswerTextLength, type ExtractedCore } from './extract.js';
export { strictCoreSchema, strictSubsetViolations } from './strict-schema.js';
