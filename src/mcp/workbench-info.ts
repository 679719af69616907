// What the workbench server says about itself and its tools, in one place and without the MCP SDK:
// the SDK server (workbench-server.ts) and the early answers given while the SDK loads
// (workbench-early.ts) must say exactly the same.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { resultSizeMeta } from './result-budget.js';
import { negotiatedProtocol } from './server-info.js';

export const WORKBENCH_SERVER_NAME = 'peer-bridge-workbench';

export const WORKBENCH_CAPABILITIES = { tools: {} } as const;

/** The server's instructions to the model, for the workspace (symlinks resolved) it serves. */
export function workbenchInstructions(workspace: string): string {
  return (
    `File tools for ${workspace} that never silently lose an update. read_file observes a file; ` +
    'edits need a current observation, so after FS_STALE_VERSION or FS_NOT_OBSERVED read the file again. ' +
    'Each read and change returns a version token; ' +
    'pass it as expected_version to change the file from another session. ' +
    'Changes made by shell commands are detected, not trusted.'
  );
}

/** The initialize result, negotiated as the SDK's Server does it. */
export function workbenchInitializeResult(version: string, requestedProtocol: string, workspace: string) {
  return {
    protocolVersion: negotiatedProtocol(requestedProtocol),
    capabilities: WORKBENCH_CAPABILITIES,
    serverInfo: { name: WORKBENCH_SERVER_NAME, version },
    instructions: workbenchInstructions(workspace),
  };
}

const TITLES: Readonly<Record<string, string>> = {
  read_file: 'Read a file window',
  write_file: 'Write a file',
  edit_file: 'Edit a file',
  multi_edit: 'Edit a file in several places',
  notebook_edit: 'Edit a notebook cell',
  delete_range: 'Delete lines',
  delete_symbol: 'Delete a definition',
  move_file: 'Move a file',
  todo_write: 'Write the todo list',
};

// Tools that change no file: todo_write only replaces this session's list.
const SESSION_ONLY = new Set(['todo_write']);

/**
 * The tools/list answer: every workbench tool (`tools`, a workbench's tool names) with its input
 * shape from the fs tools' schema (`defs`, its `$defs`); read_file declares the result budget
 * (`maxResultBytes`) when it is above what clients accept by default.
 */
export function listWorkbenchTools(
  tools: readonly string[],
  defs: Readonly<Record<string, object>>,
  maxResultBytes: number,
): Tool[] {
  return tools.map((name): Tool => {
    const title = TITLES[name] ?? name;
    const def = defs[name] as ({ description?: string } & Tool['inputSchema']) | undefined;
    return {
      name,
      title,
      description: def?.description ?? name,
      inputSchema: def as Tool['inputSchema'],
      annotations: {
        title,
        readOnlyHint: name === 'read_file',
        destructiveHint: name !== 'read_file' && !SESSION_ONLY.has(name),
        idempotentHint: name === 'read_file' || SESSION_ONLY.has(name),
        openWorldHint: false,
      },
      ...(name === 'read_file' ? resultSizeMeta(maxResultBytes) : {}),
    };
  });
}
