// Generated from schemas/runner-manifest.schema.json by scripts/gen-types.ts (npm run gen:types). Do not edit.

/**
 * What a runner plugin is and what it asks to be allowed to do. Deny by default: the host grants only what this manifest requests and the user's config grants.
 */
export interface RunnerManifest {
  /**
   * Stable runner id, lower-case (e.g. codex, claude, my-runner).
   */
  id: string;
  /**
   * Version of the runner plugin API the runner was written against.
   */
  apiVersion: 1;
  description?: string;
  permissions: RunnerPermissions;
  /**
   * True when the runner hands RunRequest.workbench (peer-bridge's file workbench, an MCP server) to its CLI and turns the CLI's own edit tools off: implement runs then get it, and the peer is told to edit through it. Default false.
   */
  workbench?: boolean;
}
/**
 * Requested (in a manifest) or granted (in the user's config) permissions.
 *
 * This interface was referenced by `RunnerManifest`'s JSON-Schema
 * via the `definition` "permissions".
 */
export interface RunnerPermissions {
  /**
   * Executables: a bare command name (resolved at load from PEER_BRIDGE_<NAME>_BIN, else PATH) or an absolute path.
   *
   * @maxItems 16
   */
  run: string[];
  /**
   * Environment variable names passed through to the child, or a prefix pattern ending in * (e.g. CLAUDE_CODE_*).
   *
   * @maxItems 64
   */
  env: string[];
  /**
   * Paths the runner's children may read and be started in; ${workspace} is the run's workspace.
   *
   * @maxItems 16
   */
  read: string[];
  /**
   * Paths the runner's children may write; ${workspace} is the run's workspace.
   *
   * @maxItems 16
   */
  write: string[];
}
