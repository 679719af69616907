// One session's todo list (todo_write). Each call sends the whole list; it replaces the stored one
// after checks a plain array cannot make: unique ids, parents that exist, no cycles, and stable
// ids — an id names one item for the whole session, so an item cannot be quietly swapped for
// another under its id, and a dropped id can only come back as the same item. Status is exactly
// what the caller sets: nothing is completed, reopened or rolled up on its behalf.
import type { TodoWriteArgs } from '../generated/fs-tools.js';
import { FsError } from './errors.js';

export type TodoItem = TodoWriteArgs['todos'][number];
export type TodoStatus = TodoItem['status'];

export interface TodoUpdate {
  todos: TodoItem[];
  counts: Record<TodoStatus, number>;
  /** Ids new in this session. */
  added: string[];
  /** Ids in the previous list and not in this one. */
  dropped: string[];
}

function invalid(message: string): FsError {
  return new FsError('FS_INVALID_ARGUMENT', `todo_write: ${message}`);
}

function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}

export class TodoList {
  #items: TodoItem[] = [];
  // Every id this session has used, with the content that is its item.
  readonly #known: Map<string, string>;

  constructor(items: TodoItem[] = [], known?: Map<string, string>) {
    this.#items = items;
    this.#known = new Map(known);
  }

  get items(): readonly TodoItem[] {
    return this.#items;
  }

  /** Checks `todos` against itself and the session's ids, then stores it (all or nothing). */
  replace(todos: readonly TodoItem[]): TodoUpdate {
    const at = new Map<string, number>();
    for (const [index, item] of todos.entries()) {
      const first = at.get(item.id);
      if (first !== undefined)
        throw invalid(`todos[${index}].id ${quote(item.id)} is also todos[${first}].id; ids must be unique`);
      at.set(item.id, index);
      const was = this.#known.get(item.id);
      if (was !== undefined && was !== item.content) {
        throw invalid(
          `todos[${index}].id ${quote(item.id)} is the item ${quote(was)} in this session; ` +
            `an id keeps its item, so give ${quote(item.content)} a new id ` +
            '(and drop the old one if it is no longer wanted)',
        );
      }
    }
    for (const [index, item] of todos.entries()) {
      if (item.parent_id === undefined) continue;
      if (!at.has(item.parent_id))
        throw invalid(`todos[${index}].parent_id ${quote(item.parent_id)} names no item of this list`);
      const cycle = cycleFrom(item.id, todos, at);
      if (cycle) throw invalid(`parent_id links form a cycle: ${cycle.map(quote).join(' -> ')}`);
    }
    const before = new Set(this.#items.map((item) => item.id));
    const added = todos.filter((item) => !this.#known.has(item.id)).map((item) => item.id);
    const dropped = [...before].filter((id) => !at.has(id));
    this.#items = todos.map((item) => ({ ...item }));
    for (const item of todos) this.#known.set(item.id, item.content);
    const counts: Record<TodoStatus, number> = { pending: 0, in_progress: 0, completed: 0 };
    for (const item of todos) counts[item.status] += 1;
    return { todos: this.#items.map((item) => ({ ...item })), counts, added, dropped };
  }

  /** An independent copy, for a forked session. */
  clone(): TodoList {
    return new TodoList(
      this.#items.map((item) => ({ ...item })),
      this.#known,
    );
  }
}

// Follows parent links from `id`; returns the loop when it comes back to an id already on the path.
function cycleFrom(id: string, todos: readonly TodoItem[], at: Map<string, number>): string[] | undefined {
  const path: string[] = [];
  const seen = new Set<string>();
  for (
    let current: string | undefined = id;
    current !== undefined;
    current = todos[at.get(current) as number]?.parent_id
  ) {
    if (seen.has(current)) return [...path.slice(path.indexOf(current)), current];
    seen.add(current);
    path.push(current);
  }
  return undefined;
}
