// Generated from schemas/envelope.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * The model-authored core of a peer-bridge answer: what the child agent says about its work. Telemetry, identity, paths and lifecycle fields are added by the harness and must not appear here.
 */
export interface CoreEnvelope {
  /**
   * complete: the task is done; partial: some of it is done; blocked: the child could not proceed.
   */
  status: 'complete' | 'partial' | 'blocked';
  /**
   * One-paragraph answer to the task.
   */
  verdict: string;
  /**
   * What the child found or did, one point per item.
   *
   * @maxItems 8
   */
  findings: string[];
  /**
   * Workspace-relative paths of the files the child changed.
   *
   * @maxItems 8
   */
  files_touched: string[];
  /**
   * Work that is still open.
   *
   * @maxItems 8
   */
  remaining: string[];
  /**
   * What stopped the child, concretely.
   *
   * @maxItems 8
   */
  blockers: string[];
  /**
   * Verbose notes. They go to the run's transcript and are stripped from the public envelope.
   *
   * @maxItems 32
   */
  details?: string[];
}
