// The requests `serve --surface workbench` answers before the MCP SDK has loaded (see
// early-stdio.ts): initialize, ping and tools/list, with the answers the SDK server gives
// (workbench-info.ts). An implement peer's CLI waits for this handshake before the model's first
// turn, so it should not wait for the SDK; tool calls go to the SDK server once it connects.
import { fsToolsSchema } from '../fs/tool-schema-data.js';
import { toolNames } from '../fs/tool-names.js';
import { openWorkspace } from '../fs/workspace-paths.js';
import type { EarlyAnswer } from './early-stdio.js';
import { requestedProtocol } from './early-answers.js';
import { listWorkbenchTools, workbenchInitializeResult } from './workbench-info.js';

/**
 * The early answers `serve --surface workbench` gives for `workspace`, from the tool names and
 * their schema alone, so they come before the fs layer (native addon, validators) has loaded. The
 * workspace is named as a workbench opened on it names it (symlinks resolved the same way).
 */
export function workbenchEarlyAnswersFor(version: string, workspace: string): EarlyAnswer {
  return workbenchEarlyAnswers(
    version,
    { workspace: openWorkspace(workspace).realRoot, tools: toolNames },
    fsToolsSchema.$defs,
  );
}

/** Early answers for a workbench on `workspace` (symlinks resolved) with these tools and schemas. */
export function workbenchEarlyAnswers(
  version: string,
  workbench: { workspace: string; tools: readonly string[] },
  defs: Readonly<Record<string, object>>,
): EarlyAnswer {
  return (method, params) => {
    if (method === 'initialize') {
      const requested = requestedProtocol(params);
      return requested === undefined ? undefined : workbenchInitializeResult(version, requested, workbench.workspace);
    }
    if (method === 'ping') return {};
    if (method === 'tools/list') return { tools: listWorkbenchTools(workbench.tools, defs) };
    return undefined;
  };
}
