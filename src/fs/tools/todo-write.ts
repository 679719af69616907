// todo_write: replaces this session's todo list with the one given (see todos.ts for the rules).
import type { TodoWriteArgs } from '../../generated/fs-tools.js';
import type { ToolContext } from '../context.js';

export async function todoWriteTool(
  ctx: ToolContext,
  args: TodoWriteArgs,
): Promise<{ ok: true } & Record<string, unknown>> {
  return { ok: true, ...ctx.todos.replace(args.todos) };
}
