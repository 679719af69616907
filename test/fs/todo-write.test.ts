// todo_write through the library: the list a session stores, and the lists it refuses (whole,
// leaving the stored list as it was).
import { describe, expect, it } from 'vitest';
import type { TodoItem } from '../../src/generated/fs-tools.js';
import { bench, code, ok } from './helpers.js';

const plan: TodoItem[] = [
  { id: '1', content: 'read the parser', status: 'completed' },
  { id: '2', content: 'fix the tokenizer', status: 'in_progress' },
  { id: '2.1', content: 'handle CRLF', status: 'pending', parent_id: '2' },
];

describe('todo_write', () => {
  it('stores the list per session and reports counts, new ids and dropped ids', async () => {
    const t = bench();
    const first = ok(await t.wb.todoWrite({ todos: plan }));
    expect(first).toEqual({
      ok: true,
      todos: plan,
      counts: { pending: 1, in_progress: 1, completed: 1 },
      added: ['1', '2', '2.1'],
      dropped: [],
    });

    const next = ok(
      await t.wb.todoWrite({
        todos: [
          { id: '2', content: 'fix the tokenizer', status: 'completed' },
          { id: '3', content: 'write the tests', status: 'pending' },
        ],
      }),
    );
    expect(next).toMatchObject({
      counts: { pending: 1, in_progress: 0, completed: 1 },
      added: ['3'],
      dropped: ['1', '2.1'],
    });

    // Another session has its own list: the same ids with other contents are fine there.
    const other = t.open();
    ok(await other.todoWrite({ todos: [{ id: '1', content: 'something else', status: 'pending' }] }));
    expect(ok(await t.wb.todoWrite({ todos: [] }))).toMatchObject({ todos: [], dropped: ['2', '3'] });
  });

  it('keeps each id on its item: another content under a known id is refused, a dropped id comes back only as itself', async () => {
    const t = bench();
    ok(await t.wb.todoWrite({ todos: plan }));
    const swapped = await t.wb.todoWrite({ todos: [{ id: '1', content: 'ship it', status: 'completed' }] });
    expect(swapped).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/"1" is the item "read the parser".*new id/),
    });

    ok(await t.wb.todoWrite({ todos: [plan[1] as TodoItem] }));
    // Dropped in the call before; returning under its id as another item is still refused.
    expect(code(await t.wb.todoWrite({ todos: [{ id: '1', content: 'ship it', status: 'pending' }] }))).toBe(
      'FS_INVALID_ARGUMENT',
    );
    const back = ok(await t.wb.todoWrite({ todos: [plan[0] as TodoItem, plan[1] as TodoItem] }));
    expect(back).toMatchObject({ added: [], dropped: [] });
    expect(back.todos.map((item) => item.id)).toEqual(['1', '2']);
  });

  it('sets status exactly as given: completing every child completes no parent, and a completed item may be reopened', async () => {
    const t = bench();
    const result = ok(
      await t.wb.todoWrite({
        todos: [
          { id: 'p', content: 'parent', status: 'pending' },
          { id: 'c1', content: 'child one', status: 'completed', parent_id: 'p' },
          { id: 'c2', content: 'child two', status: 'completed', parent_id: 'p' },
        ],
      }),
    );
    expect(result.todos.find((item) => item.id === 'p')?.status).toBe('pending');
    const reopened = ok(await t.wb.todoWrite({ todos: [{ id: 'c1', content: 'child one', status: 'in_progress' }] }));
    expect(reopened.todos).toEqual([{ id: 'c1', content: 'child one', status: 'in_progress' }]);
  });

  it('refuses duplicate ids, missing parents, cycles, bad statuses and extra fields, and keeps the stored list', async () => {
    const t = bench();
    ok(await t.wb.todoWrite({ todos: plan }));
    const bad: Array<[unknown, RegExp]> = [
      [
        {
          todos: [
            { id: 'a', content: 'x', status: 'pending' },
            { id: 'a', content: 'x', status: 'pending' },
          ],
        },
        /todos\[1\]\.id "a" is also todos\[0\]\.id/,
      ],
      [{ todos: [{ id: 'a', content: 'x', status: 'pending', parent_id: 'nope' }] }, /parent_id "nope" names no item/],
      [{ todos: [{ id: 'a', content: 'x', status: 'pending', parent_id: 'a' }] }, /cycle: "a" -> "a"/],
      [
        {
          todos: [
            { id: 'a', content: 'x', status: 'pending', parent_id: 'c' },
            { id: 'b', content: 'y', status: 'pending', parent_id: 'a' },
            { id: 'c', content: 'z', status: 'pending', parent_id: 'b' },
          ],
        },
        /cycle: "a" -> "c" -> "b" -> "a"/,
      ],
      [{ todos: [{ id: 'a', content: 'x', status: 'done' }] }, /status must be equal to one of the allowed values/],
      [{ todos: [{ id: 'a', content: 'x', status: 'pending', priority: 'high' }] }, /unknown field "priority"/],
      [{ todos: [], note: 'hi' }, /unknown field "note"/],
      [{ todos: [{ id: '', content: 'x', status: 'pending' }] }, /todos\.0\.id/],
      [{ todos: [{ id: 'a', status: 'pending' }] }, /content/],
    ];
    for (const [args, message] of bad) {
      expect(await t.wb.call('todo_write', args as never), JSON.stringify(args)).toMatchObject({
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: expect.stringMatching(message),
      });
    }
    // Nothing above was stored: the next list is compared with the first one.
    expect(ok(await t.wb.todoWrite({ todos: [] })).dropped).toEqual(['1', '2', '2.1']);
  });

  it('a forked session starts with the list and the ids of its parent, then goes its own way', async () => {
    const t = bench();
    ok(await t.wb.todoWrite({ todos: plan }));
    const fork = t.wb.fork();
    expect(code(await fork.todoWrite({ todos: [{ id: '1', content: 'other', status: 'pending' }] }))).toBe(
      'FS_INVALID_ARGUMENT',
    );
    expect(ok(await fork.todoWrite({ todos: [plan[0] as TodoItem] })).dropped).toEqual(['2', '2.1']);
    expect(ok(await t.wb.todoWrite({ todos: plan })).dropped).toEqual([]);
  });
});
