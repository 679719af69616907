// The file tools never change the bridge's own run state in `.peer-bridge/`.
import { readFileSync, symlinkSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench, ok } from './helpers.js';

const ledger = '{"type":"start"}\n';

describe('the bridge state folder', () => {
  it('is refused to every mutating tool, and left as it was', async () => {
    const t = bench();
    t.write('.peer-bridge/ledger.jsonl', ledger);
    t.write('.peer-bridge/transcripts/r.jsonl', '{}\n');
    t.write('notes.txt', 'a\n');
    ok(await t.wb.call('read_file', { path: '.peer-bridge/ledger.jsonl' }));
    ok(await t.wb.call('read_file', { path: 'notes.txt' }));
    const attempts: [string, Record<string, unknown>][] = [
      ['write_file', { path: '.peer-bridge/ledger.jsonl', content: 'x' }],
      ['write_file', { path: '.peer-bridge/new.txt', content: 'x' }],
      ['write_file', { path: '.peer-bridge/transcripts/deep/new.jsonl', content: 'x' }],
      ['edit_file', { path: '.peer-bridge/ledger.jsonl', old_string: 'start', new_string: 'settle' }],
      ['delete_range', { path: '.peer-bridge/ledger.jsonl', start_line: 1, end_line: 1 }],
      ['move_file', { path: '.peer-bridge/ledger.jsonl', new_path: 'stolen.jsonl' }],
      ['move_file', { path: 'notes.txt', new_path: '.peer-bridge/ledger.jsonl' }],
    ];
    for (const [tool, args] of attempts) {
      const result = await t.wb.call(tool, args);
      expect(result, `${tool} ${JSON.stringify(args)}`).toMatchObject({
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: expect.stringContaining("peer-bridge's own run state"),
      });
    }
    expect(t.text('.peer-bridge/ledger.jsonl')).toBe(ledger);
    expect(t.text('notes.txt')).toBe('a\n');
    expect(() => readFileSync(t.file('.peer-bridge/new.txt'))).toThrow();
    expect(() => readFileSync(t.file('.peer-bridge/transcripts/deep/new.jsonl'))).toThrow();
  });

  it('is refused through a link that leads into it', async () => {
    const t = bench();
    t.write('.peer-bridge/ledger.jsonl', ledger);
    symlinkSync('.peer-bridge', t.file('state-link'));
    ok(await t.wb.call('read_file', { path: 'state-link/ledger.jsonl' }));
    const result = await t.wb.call('write_file', { path: 'state-link/ledger.jsonl', content: 'x' });
    expect(result).toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
    expect(t.text('.peer-bridge/ledger.jsonl')).toBe(ledger);
  });

  it('does not catch names that only start like it', async () => {
    const t = bench();
    ok(await t.wb.call('write_file', { path: '.peer-bridge-notes/a.txt', content: 'x' }));
    ok(await t.wb.call('write_file', { path: 'docs/.peer-bridge', content: 'x' }));
  });
});
