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
 * workspace is named as a workbench opened on it names it (symlinks resolved the same way);
 * `maxResultBytes` is the server's result budget (result-budget.ts).
 */
export function workbenchEarlyAnswersFor(version: string, workspace: string, maxResultBytes: number): EarlyAnswer {
  const realRoot = openWorkspace(workspace).realRoot;
  return (method, params) => {
    if (method === 'initialize') {
      const requested = requestedProtocol(params);
      return requested === undefined ? undefined : workbenchInitializeResult(version, requested, realRoot);
    }
    if (method === 'ping') return {};
    if (method === 'tools/list') return { tools: listWorkbenchTools(toolNames, fsToolsSchema.$defs, maxResultBytes) };
    return undefined;
  };
}
