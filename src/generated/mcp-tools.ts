// Generated from schemas/mcp-tools.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * Input shapes of the peer-bridge MCP tools, one per tool under $defs. Each shape is self-contained (no $ref), so it can be served as a tool inputSchema as it is.
 */
export interface McpTools {
  [k: string]: unknown;
}
/**
 * Hand a write-capable implementation task to a peer agent in this workspace.
 *
 * This interface was referenced by `McpTools`'s JSON-Schema
 * via the `definition` "bridge_implement".
 */
export interface BridgeImplementInput {
  /**
   * What the peer should do, in plain words.
   */
  task: string;
  /**
   * Model name or alias for the peer; the runner's default when absent.
   */
  model?: string;
  /**
   * Reasoning effort; none and trivial mean minimal.
   */
  effort?: 'none' | 'trivial' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /**
   * Bridge depth of this call; may raise, never lower, the inherited depth.
   */
  depth?: number;
  /**
   * An id for this run (letters, digits, dot, underscore, dash); generated when absent.
   */
  run_id?: string;
  /**
   * Time budget in seconds (default 600, at most 700).
   */
  timeout_seconds?: number;
  /**
   * Effort levels the caller knows the model supports; the highest one at or below the request is applied.
   *
   * @minItems 1
   */
  supported_efforts?: [
    'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max',
    ...('minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max')[]
  ];
}
/**
 * Ask a peer agent for read-only advice about this workspace.
 *
 * This interface was referenced by `McpTools`'s JSON-Schema
 * via the `definition` "bridge_advise".
 */
export interface BridgeAdviseInput {
  /**
   * What the peer should do, in plain words.
   */
  task: string;
  /**
   * Model name or alias for the peer; the runner's default when absent.
   */
  model?: string;
  /**
   * Reasoning effort; none and trivial mean minimal.
   */
  effort?: 'none' | 'trivial' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /**
   * Bridge depth of this call; may raise, never lower, the inherited depth.
   */
  depth?: number;
  /**
   * An id for this run (letters, digits, dot, underscore, dash); generated when absent.
   */
  run_id?: string;
  /**
   * Time budget in seconds (default 120, at most 350).
   */
  timeout_seconds?: number;
  /**
   * Effort levels the caller knows the model supports; the highest one at or below the request is applied.
   *
   * @minItems 1
   */
  supported_efforts?: [
    'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max',
    ...('minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max')[]
  ];
}
/**
 * Ask a peer agent for an adversarial, read-only review of work in this workspace.
 *
 * This interface was referenced by `McpTools`'s JSON-Schema
 * via the `definition` "bridge_review".
 */
export interface BridgeReviewInput {
  /**
   * What the peer should do, in plain words.
   */
  task: string;
  /**
   * Model name or alias for the peer; the runner's default when absent.
   */
  model?: string;
  /**
   * Reasoning effort; none and trivial mean minimal.
   */
  effort?: 'none' | 'trivial' | 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';
  /**
   * Bridge depth of this call; may raise, never lower, the inherited depth.
   */
  depth?: number;
  /**
   * An id for this run (letters, digits, dot, underscore, dash); generated when absent.
   */
  run_id?: string;
  /**
   * Time budget in seconds (default 300, at most 350).
   */
  timeout_seconds?: number;
  /**
   * Effort levels the caller knows the model supports; the highest one at or below the request is applied.
   *
   * @minItems 1
   */
  supported_efforts?: [
    'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max',
    ...('minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max')[]
  ];
}
/**
 * Report the bridge's state: runners, recent calls, open incidents.
 *
 * This interface was referenced by `McpTools`'s JSON-Schema
 * via the `definition` "bridge_status".
 */
export interface BridgeStatusInput {}
