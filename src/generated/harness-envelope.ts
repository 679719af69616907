// Generated from schemas/harness-envelope.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * The core statuses plus timeout and refused, which only the harness sets.
 *
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "status".
 */
export type EnvelopeStatus = 'complete' | 'partial' | 'blocked' | 'timeout' | 'refused';
/**
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "verdict".
 */
export type Verdict = string;
/**
 * @maxItems 8
 *
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "short_list".
 */
export type ShortList = string[];
/**
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "effort".
 */
export type Effort = 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
/**
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "run_id".
 */
export type RunId = string;
/**
 * A path relative to the workspace, with forward slashes.
 *
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "relative_path".
 */
export type WorkspaceRelativePath = string;

/**
 * The public envelope the harness returns for every bridge call: the validated core without details, plus metadata that only the harness knows.
 */
export interface PublicEnvelope {
  status: EnvelopeStatus;
  verdict: Verdict;
  findings: ShortList;
  files_touched: ShortList;
  remaining: ShortList;
  blockers: ShortList;
  /**
   * The model that actually ran, as the child reported it; null when no child ran or it never said.
   */
  model: string | null;
  /**
   * The effort level that was applied; null when no child ran.
   */
  effort: Effort | null;
  effort_substituted: EffortSubstitution | null;
  /**
   * Cost in USD as the child reported it; null when unknown.
   */
  cost: number | null;
  tokens: TokenCounters;
  duration_seconds: number;
  /**
   * The bridge depth of this call (0 for a call made by a top-level agent).
   */
  depth: number;
  run_id: RunId;
  /**
   * Workspace-relative path of the incident file, or null when nothing went wrong.
   */
  incident: WorkspaceRelativePath | null;
  /**
   * The child's thread or session id, or null.
   */
  session_id: string | null;
  transcript_path: WorkspaceRelativePath;
  verb: 'implement' | 'advise' | 'review';
  /**
   * Who handed work to whom, e.g. claude-code->codex.
   */
  direction: string;
  partial_output?: PartialOutput;
  /**
   * A note for a caller that repeats an identical call.
   */
  reminder?: string;
}
/**
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "effort_substitution".
 */
export interface EffortSubstitution {
  requested: string;
  applied: Effort;
  reason: string;
}
/**
 * Token counters as the child reported them, e.g. input, cached_input, output, reasoning_output.
 *
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "tokens".
 */
export interface TokenCounters {
  [k: string]: number;
}
/**
 * An unverified fragment of the last complete agent message of a Codex child stopped by the output limit.
 *
 * This interface was referenced by `PublicEnvelope`'s JSON-Schema
 * via the `definition` "partial_output".
 */
export interface PartialOutput {
  text: string;
  unverified: true;
  /**
   * True when the message was longer than 4096 bytes of UTF-8 and was cut.
   */
  truncated: boolean;
  source: 'codex:item.completed:agent_message';
  /**
   * Length of text in UTF-8 bytes.
   */
  bytes: number;
}
