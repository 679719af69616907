/**
 * Run state: the call ledger, transcripts, incidents and where they live in the workspace
 * (`.peer-bridge/`). Readers here (runs view, incidents list) are what `peer-bridge runs`,
 * bridge_status and doctor show.
 */
export { StateError, type StateErrorCode } from './errors.js';
export { isRunId, runIdPattern, STATE_DIR } from '../vocabulary.js';
export {
  incidentsDir,
  LEDGER_FILE,
  ledgerPath,
  partialTranscriptPath,
  transcriptPath,
  transcriptsDir,
} from './paths.js';
export { Ledger, RunIdTaken } from './ledger.js';
export {
  parseLedger,
  type LedgerContents,
  type LedgerRecord,
  type ResultRecord,
  type SettleRecord,
  type StartRecord,
} from './ledger-records.js';
export { joinRuns, type JoinedRun, type RunSummary } from './runs-view.js';
export {
  defaultTranscriptLimit,
  openTranscript,
  TranscriptWriter,
  type TranscriptOptions,
  type TranscriptStats,
} from './transcript.js';
export { digestOutput, defaultOutputFields } from './transcript-compact.js';
export { writeIncident, type IncidentInput, type IncidentRecord } from './incident.js';
export {
  latestIncident,
  listIncidents,
  readIncidentSummary,
  recentIncidents,
  type IncidentSummary,
} from './incidents.js';
export { gitWorkspaceDelta, type GitDeltaResult, type GitWorkspaceDelta } from './git-delta.js';
export { DEFAULT_LEDGER_MAX_BYTES, LEDGER_ARCHIVES_KEPT, type LedgerOptions } from './ledger.js';
export { runIdOf, type CarriedRecord } from './ledger-records.js';
export { markInterrupted, resultRun, startRun } from './runs-view.js';
