// The workbench's tool names, in the order tools/list shows them: a module of its own, so a server
// can announce its tools before the fs layer (native addon, validators) has loaded.
import type { FsToolName } from './tool-types.js';

const NAMES = [
  'read_file',
  'write_file',
  'edit_file',
  'multi_edit',
  'notebook_edit',
  'delete_range',
  'delete_symbol',
  'move_file',
  'todo_write',
] as const satisfies readonly FsToolName[];

// Every tool has its name here: a tool added to FsToolArgs and not here fails the type check.
const everyTool: [Exclude<FsToolName, (typeof NAMES)[number]>] extends [never] ? true : false = true;
void everyTool;

/** Names of the tools a workbench's `call` accepts. */
export const toolNames: readonly string[] = Object.freeze([...NAMES]);
