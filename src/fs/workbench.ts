// The workbench: one session's view of a workspace. Every tool call goes through `call`, which
// validates arguments, runs the tool and turns every tool-level failure into a result.
import type { BufferProvider } from './buffer-provider.js';
import type { ToolContext } from './context.js';
import { makeSweeper } from './context.js';
import { FsError, toFailure } from './errors.js';
import { realOps, type FsOps, type PublishHooks } from './fs-ops.js';
import { lockDirInfo } from './lock-dir.js';
import { KeyedQueue, LockSet } from './locks.js';
import type { ToolSuccess } from './mutate.js';
import { ObservationStore } from './observations.js';
import { plainArguments } from './plain-arguments.js';
import { DEFAULT_STALE_STAGE_MS } from './stage-names.js';
import { describeErrors, validatorFor } from './tool-schemas.js';
import { deleteRangeTool } from './tools/delete-range.js';
import { deleteSymbolTool } from './tools/symbol/delete-symbol.js';
import { editFileTool, multiEditTool } from './tools/edit-file.js';
import { moveFileTool } from './tools/move-file.js';
import { notebookEditTool } from './tools/notebook/notebook-edit.js';
import { readFileTool } from './tools/read/read-file.js';
import { todoWriteTool } from './tools/todo-write.js';
import { writeFileTool } from './tools/write-file.js';
import { TodoList } from './todos.js';
import { toolNames } from './tool-names.js';
import type {
  FsBufferArgs,
  FsBufferToolName,
  FsDiskArgs,
  FsToolArgs,
  FsToolBufferResult,
  FsToolDiskResult,
  FsToolName,
  FsToolResult,
} from './tool-types.js';
import { versionKey } from './version-key.js';
import { VersionTokens } from './version-token.js';
import { openWorkspace, resolveInWorkspace, type ResolvedPath, type Workspace } from './workspace-paths.js';

export interface WorkbenchOptions {
  /** The directory every tool path is confined to. */
  workspace: string;
  /**
   * Where cross-process lock files live (default: PEER_BRIDGE_LOCK_DIR, else a per-user directory
   * under the user's home, e.g. ~/.local/state/peer-bridge/locks). Processes that edit the same
   * files must agree on it: locks in different directories do not exclude each other.
   */
  lockDir?: string;
  /** How long a mutation waits for a lock held by another process (default 60 s), then FS_LOCK_TIMEOUT. */
  lockTimeoutMs?: number;
  /** Age after which a staged file of another host counts as a crash leftover (default one hour). */
  staleStageMs?: number;
  /**
   * The editor's unsaved buffers. With it, the text tools take `target: "buffer"` to read and change
   * a buffer instead of the file on disk; each route has its own observations.
   */
  buffers?: BufferProvider;
  /** Test seam: replaces publication primitives (e.g. to force EXDEV). */
  ops?: Partial<FsOps>;
  /** Test seam: observes (and may pause) each publication step. */
  hooks?: PublishHooks;
}

/** A result of any tool, for callers that choose the tool at run time; `call` with a literal name narrows it. */
export type ToolResult = FsToolResult<FsToolName>;

type Tool = (ctx: ToolContext, args: never) => Promise<ToolSuccess | { ok: true }>;

// Every name of tool-names.ts, and no other (the type says so).
const TOOLS: Record<FsToolName, Tool> = {
  read_file: readFileTool,
  write_file: writeFileTool,
  edit_file: editFileTool,
  multi_edit: multiEditTool,
  notebook_edit: notebookEditTool,
  delete_range: deleteRangeTool,
  delete_symbol: deleteSymbolTool,
  move_file: moveFileTool,
  todo_write: todoWriteTool,
};

// Tools that return a version token for the file on disk (every one but todo_write): the key must be
// usable before they start, so no read or change is ever made without a token to show for it.
const ISSUES_TOKEN = new Set<string>(toolNames.filter((name) => name !== 'todo_write'));

export { toolNames };

export class Workbench {
  /** The workspace root, symlinks resolved. */
  readonly workspace: string;
  readonly tools = toolNames;
  readonly #ctx: ToolContext;
  readonly #options: WorkbenchOptions;
  // Calls of this session on the same path run in the order they were made.
  readonly #order = new KeyedQueue();

  /** @internal use openWorkbench */
  constructor(options: WorkbenchOptions, ws: Workspace, store: ObservationStore, todos = new TodoList()) {
    this.#options = options;
    this.workspace = ws.realRoot;
    const locks = lockDirInfo(options.lockDir);
    this.#ctx = {
      ws,
      store,
      locks: new LockSet(locks, options.lockTimeoutMs),
      // A replaced operation must see every call, so the synchronous shortcut goes with it.
      ops: options.ops ? { ...realOps, sync: undefined, ...options.ops } : realOps,
      hooks: options.hooks,
      sweep: makeSweeper(options.staleStageMs ?? DEFAULT_STALE_STAGE_MS),
      buffers: options.buffers,
      // Processes that share the lock directory share the key, so their tokens are honoured by each other.
      tokens: new VersionTokens(ws, () => versionKey(locks)),
      todos,
    };
  }

  /**
   * Runs one tool with snake_case arguments. Resolves to `{ ok: true, … }` or
   * `{ ok: false, code, message }`; tool-level failures never throw. Typed per tool and per route:
   * a call to the file on disk resolves to its disk result (with `version`), one with
   * `target: "buffer"` to its buffer result.
   */
  call<N extends FsBufferToolName>(tool: N, args: FsBufferArgs<N>): Promise<FsToolBufferResult<N>>;
  call<N extends FsToolName>(tool: N, args: FsDiskArgs<N>): Promise<FsToolDiskResult<N>>;
  /** Arguments whose `target` is known only at run time: either route's result. */
  call<N extends FsToolName>(tool: N, args: FsToolArgs[N]): Promise<FsToolResult<N>>;
  /** A tool chosen at run time (a literal name of a known tool must come with its arguments' type). */
  call<T extends string>(tool: T & (T extends FsToolName ? never : T), args: unknown): Promise<ToolResult>;
  async call(tool: string, rawArgs: unknown): Promise<ToolResult> {
    if (typeof tool !== 'string')
      return {
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: `the tool name must be a string; tools: ${toolNames.join(', ')}`,
      };
    let args: unknown;
    try {
      args = plainArguments(rawArgs);
    } catch (error) {
      return { ok: false, code: 'FS_INVALID_ARGUMENT', message: `${tool}: ${(error as Error).message}` };
    }
    const run = Object.hasOwn(TOOLS, tool) ? TOOLS[tool as FsToolName] : undefined;
    const validate = validatorFor(tool);
    if (!run || !validate) {
      return {
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: `unknown tool "${tool}"; tools: ${toolNames.join(', ')}`,
      };
    }
    if (!validate(args)) {
      return { ok: false, code: 'FS_INVALID_ARGUMENT', message: `${tool}: ${describeErrors(validate.errors)}` };
    }
    const broken = unpairedSurrogateAt(args, 'arguments');
    if (broken) {
      return {
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message:
          `${tool}: ${broken} holds an unpaired UTF-16 surrogate; ` +
          'no file encoding can store it (it would become U+FFFD)',
      };
    }
    const resolved = this.#resolvePaths(args as Record<string, unknown>);
    const keys = [...resolved.values()].map((target) => target.abs);
    const now = this.#order.tryAcquire(keys);
    const release = now ?? (await this.#order.acquire(keys));
    const expected = (args as { expected_version?: string }).expected_version;
    // A resolution is handed to the tool only when no turn of the event loop passed since it was
    // made (the order was free): then it is the resolution the tool would make itself. After a
    // wait, the tool resolves again, so a symlink swapped meanwhile is seen.
    const ctx = {
      ...this.#ctx,
      ...(now ? { resolved } : {}),
      ...(expected === undefined ? {} : { expectedVersion: expected }),
    };
    try {
      if (ISSUES_TOKEN.has(tool) && (args as { target?: string }).target !== 'buffer') ctx.tokens.prepare();
      return (await run(ctx, args as never)) as ToolResult;
    } catch (error) {
      const shown = (args as { path?: unknown }).path;
      return toFailure(error, typeof shown === 'string' ? shown : tool);
    } finally {
      release();
    }
  }

  #resolvePaths(args: Record<string, unknown>): Map<string, ResolvedPath> {
    const resolved = new Map<string, ResolvedPath>();
    for (const value of [args.path, args.new_path]) {
      if (typeof value !== 'string' || resolved.has(value)) continue;
      try {
        resolved.set(value, resolveInWorkspace(this.#ctx.ws, value));
      } catch {
        // The tool resolves it again and reports the bad path itself.
      }
    }
    return resolved;
  }

  /**
   * A new session that starts with a copy of this one's observations and todo list (for a
   * hand-over); later changes of either do not reach the other. In memory only.
   */
  fork(): Workbench {
    return new Workbench(this.#options, this.#ctx.ws, this.#ctx.store.clone(), this.#ctx.todos.clone());
  }

  // Typed shorthands for `call`, one per tool, typed per route as `call` is.
  readFile(args: FsBufferArgs<'read_file'>): Promise<FsToolBufferResult<'read_file'>>;
  readFile(args: FsDiskArgs<'read_file'>): Promise<FsToolDiskResult<'read_file'>>;
  readFile(args: FsToolArgs['read_file']): Promise<FsToolResult<'read_file'>>;
  readFile(args: FsToolArgs['read_file']): Promise<FsToolResult<'read_file'>> {
    return this.call('read_file', args);
  }
  writeFile(args: FsBufferArgs<'write_file'>): Promise<FsToolBufferResult<'write_file'>>;
  writeFile(args: FsDiskArgs<'write_file'>): Promise<FsToolDiskResult<'write_file'>>;
  writeFile(args: FsToolArgs['write_file']): Promise<FsToolResult<'write_file'>>;
  writeFile(args: FsToolArgs['write_file']): Promise<FsToolResult<'write_file'>> {
    return this.call('write_file', args);
  }
  editFile(args: FsBufferArgs<'edit_file'>): Promise<FsToolBufferResult<'edit_file'>>;
  editFile(args: FsDiskArgs<'edit_file'>): Promise<FsToolDiskResult<'edit_file'>>;
  editFile(args: FsToolArgs['edit_file']): Promise<FsToolResult<'edit_file'>>;
  editFile(args: FsToolArgs['edit_file']): Promise<FsToolResult<'edit_file'>> {
    return this.call('edit_file', args);
  }
  multiEdit(args: FsBufferArgs<'multi_edit'>): Promise<FsToolBufferResult<'multi_edit'>>;
  multiEdit(args: FsDiskArgs<'multi_edit'>): Promise<FsToolDiskResult<'multi_edit'>>;
  multiEdit(args: FsToolArgs['multi_edit']): Promise<FsToolResult<'multi_edit'>>;
  multiEdit(args: FsToolArgs['multi_edit']): Promise<FsToolResult<'multi_edit'>> {
    return this.call('multi_edit', args);
  }
  notebookEdit(args: FsBufferArgs<'notebook_edit'>): Promise<FsToolBufferResult<'notebook_edit'>>;
  notebookEdit(args: FsDiskArgs<'notebook_edit'>): Promise<FsToolDiskResult<'notebook_edit'>>;
  notebookEdit(args: FsToolArgs['notebook_edit']): Promise<FsToolResult<'notebook_edit'>>;
  notebookEdit(args: FsToolArgs['notebook_edit']): Promise<FsToolResult<'notebook_edit'>> {
    return this.call('notebook_edit', args);
  }
  deleteRange(args: FsBufferArgs<'delete_range'>): Promise<FsToolBufferResult<'delete_range'>>;
  deleteRange(args: FsDiskArgs<'delete_range'>): Promise<FsToolDiskResult<'delete_range'>>;
  deleteRange(args: FsToolArgs['delete_range']): Promise<FsToolResult<'delete_range'>>;
  deleteRange(args: FsToolArgs['delete_range']): Promise<FsToolResult<'delete_range'>> {
    return this.call('delete_range', args);
  }
  deleteSymbol(args: FsBufferArgs<'delete_symbol'>): Promise<FsToolBufferResult<'delete_symbol'>>;
  deleteSymbol(args: FsDiskArgs<'delete_symbol'>): Promise<FsToolDiskResult<'delete_symbol'>>;
  deleteSymbol(args: FsToolArgs['delete_symbol']): Promise<FsToolResult<'delete_symbol'>>;
  deleteSymbol(args: FsToolArgs['delete_symbol']): Promise<FsToolResult<'delete_symbol'>> {
    return this.call('delete_symbol', args);
  }
  moveFile(args: FsToolArgs['move_file']): Promise<FsToolDiskResult<'move_file'>> {
    return this.call('move_file', args);
  }
  todoWrite(args: FsToolArgs['todo_write']): Promise<FsToolDiskResult<'todo_write'>> {
    return this.call('todo_write', args);
  }

  toJSON(): never {
    throw new TypeError('a workbench and its observations are never serialised');
  }
}

// JSON can carry a lone surrogate ("\ud800"); encoding it would silently write U+FFFD instead (in
// content, and in a path it would name another file). Returns where the first one is.
function unpairedSurrogateAt(value: unknown, where: string): string | undefined {
  if (typeof value === 'string') return /\p{Surrogate}/u.test(value) ? where : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unpairedSurrogateAt(item, `${where}[${index}]`);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = unpairedSurrogateAt(item, where === 'arguments' ? key : `${where}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Opens a workbench on a workspace: a session with an empty observation store. Throws FsError
 * when the workspace does not exist or is not a directory.
 */
export function openWorkbench(options: WorkbenchOptions): Workbench {
  if (!options || typeof options !== 'object')
    throw new FsError('FS_INVALID_ARGUMENT', 'openWorkbench({ workspace }) needs options');
  const buffers = options.buffers as Partial<Record<keyof BufferProvider, unknown>> | undefined;
  if (
    buffers !== undefined &&
    !(
      buffers &&
      typeof buffers.read === 'function' &&
      typeof buffers.version === 'function' &&
      typeof buffers.write === 'function'
    )
  ) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      'openWorkbench: `buffers` must have read(path), version(path) and write(path, text, expectedVersion) methods',
    );
  }
  return new Workbench(options, openWorkspace(options.workspace), new ObservationStore());
}
