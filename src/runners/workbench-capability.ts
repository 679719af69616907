// Whether a runner hands peer-bridge's file workbench to its CLI. A runner says so with
// `workbench: true` in what its `create` returns; only then do its implement runs get
// `RunRequest.workbench` and its peers the prompt's rule to edit through it.

/** What a runner's implementation declares about the workbench. */
export interface WorkbenchCapability {
  /**
   * True when the runner gives `RunRequest.workbench` to its CLI as an MCP server and switches
   * the CLI's own edit tools off where it can. Default false: the runner's peers edit with their
   * own tools and are not told of the workbench.
   */
  readonly workbench?: boolean;
}

/** True when the implementation declared that it takes the workbench. */
export function acceptsWorkbench(impl: WorkbenchCapability): boolean {
  return impl.workbench === true;
}
