// Generated from schemas/transcript-record.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * One line of a run's transcript (.peer-bridge/transcripts/<run_id>.jsonl): what happened, and when. Only the fields every record shares are fixed here; the rest is the runner's event or the harness's record as it was written (command output digested, long strings cut). Transcripts written before records carried times have no t_ms and no started_at, and stay valid.
 */
export interface TranscriptRecord {
  /**
   * What the record is: transcript.start, bridge.call, a runner event (session, progress, message, command, file_change, usage, final, error), answer, harness.fault, transcript.cut, …
   */
  type: string;
  /**
   * Milliseconds since the call started, on a monotonic clock: never smaller than the record before it. The cut marker's is when the head closed, no later than the first record cut.
   */
  t_ms?: number;
}
/**
 * The first record of every transcript.
 *
 * This interface was referenced by `TranscriptRecord`'s JSON-Schema
 * via the `definition` "start".
 */
export interface TranscriptStart {
  type: 'transcript.start';
  t_ms: 0;
  /**
   * Wall-clock time the call started (ISO 8601, UTC): the origin of every t_ms.
   */
  started_at: string;
  run_id: string;
  /**
   * The transcript's bound in bytes.
   */
  limit_bytes: number;
}
